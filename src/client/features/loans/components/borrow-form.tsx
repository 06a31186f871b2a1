import { useState, type FormEvent } from 'react';
import { addDays, daysBetween } from '../../../../common/calendar.ts';
import type { CirculationRules } from '../../../../common/types.ts';
import { loanCreateSchema, type LoanCreate } from '../../../lib/browser-schemas.ts';
import { t } from '../../../lib/i18n.ts';
import { FormField } from '../../../components/ui/form-field.tsx';

interface BorrowFormProps {
  bookId: string;
  /** Whether a copy can be had: one on the shelf, or one kept for this member's hold. */
  canHaveCopy: boolean;
  rules: Pick<CirculationRules, 'today' | 'loanDays'>;
  memberName: string;
  memberEmail: string;
  busy: boolean;
  onBorrow: (loan: LoanCreate) => void;
  onCancel: () => void;
}

type DateErrors = Partial<Record<'borrowedDate' | 'returnDate', string>>;

/**
 * The member (read-only, from the session) and the two dates of a loan, checked before sending.
 * The dates start on the library's today and the pickers offer only what the rules allow.
 */
export function BorrowForm({
  bookId,
  canHaveCopy,
  rules,
  memberName,
  memberEmail,
  busy,
  onBorrow,
  onCancel,
}: BorrowFormProps) {
  const [borrowedDate, setBorrowedDate] = useState(rules.today);
  const [returnDate, setReturnDate] = useState(addDays(rules.today, rules.loanDays));
  const validStart = /^\d{4}-\d{2}-\d{2}$/.test(borrowedDate);
  const [errors, setErrors] = useState<DateErrors>({});

  /**
   * A changed borrowed date takes the return date with it, the loan as long as before and within
   * the rules (issue 36: it stayed behind, and the form then refused the pair).
   */
  const moveBorrowedDate = (next: string) => {
    const valid = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day);
    if (valid(next) && validStart && valid(returnDate)) {
      const length = Math.min(Math.max(daysBetween(borrowedDate, returnDate), 1), rules.loanDays);
      setReturnDate(addDays(next, length));
    }
    setBorrowedDate(next);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !canHaveCopy) return;
    const result = loanCreateSchema.safeParse({ bookId, borrowedDate, returnDate });
    if (result.success) {
      setErrors({});
      onBorrow(result.data);
      return;
    }
    const found: DateErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (field === 'borrowedDate' || field === 'returnDate') found[field] ??= issue.message;
    }
    setErrors(found);
    const firstWrong = found.borrowedDate ? 'borrowedDate' : 'returnDate';
    event.currentTarget.querySelector<HTMLElement>(`[name="${firstWrong}"]`)?.focus();
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
      <FormField idPrefix="borrow" name="userName" label={t.circulationTexts.memberName}>
        {(control) => (
          <input
            {...control}
            type="text"
            readOnly
            value={memberName}
            className="input w-full bg-base-200"
          />
        )}
      </FormField>
      <FormField idPrefix="borrow" name="userEmail" label={t.circulationTexts.memberEmail}>
        {(control) => (
          <input
            {...control}
            type="email"
            readOnly
            value={memberEmail}
            className="input w-full bg-base-200"
          />
        )}
      </FormField>
      <FormField
        idPrefix="borrow"
        name="borrowedDate"
        label={t.circulationTexts.borrowedDate}
        error={errors.borrowedDate}
      >
        {(control) => (
          <input
            {...control}
            type="date"
            required
            min={addDays(rules.today, -1)}
            max={addDays(rules.today, 1)}
            value={borrowedDate}
            onChange={(event) => moveBorrowedDate(event.target.value)}
            className="input w-full aria-invalid:border-error"
          />
        )}
      </FormField>
      <FormField
        idPrefix="borrow"
        name="returnDate"
        label={t.circulationTexts.returnDate}
        error={errors.returnDate}
        hint={t.circulationTexts.returnDateHint(rules.loanDays)}
      >
        {(control) => (
          <input
            {...control}
            type="date"
            required
            min={validStart ? addDays(borrowedDate, 1) : undefined}
            max={validStart ? addDays(borrowedDate, rules.loanDays) : undefined}
            value={returnDate}
            onChange={(event) => setReturnDate(event.target.value)}
            className="input w-full aria-invalid:border-error"
          />
        )}
      </FormField>

      <div className="mt-4 flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t.circulationTexts.cancel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy || !canHaveCopy}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {busy ? t.circulationTexts.borrowing : t.circulationTexts.borrow}
        </button>
      </div>
    </form>
  );
}
