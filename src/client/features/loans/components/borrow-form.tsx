import { useState, type FormEvent } from 'react';
import { addDays, daysBetween } from '../../../../common/calendar.ts';
import type { CirculationRules } from '../../../../common/types.ts';
import { loanCreateSchema, type LoanCreate } from '../../../lib/browser-schemas.ts';
import { formatDate } from '../../../lib/dates.ts';
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

/** The days from `first` to `last`, each as YYYY-MM-DD. */
const daysFrom = (first: string, last: string) =>
  Array.from({ length: Math.max(daysBetween(first, last) + 1, 0) }, (_, index) =>
    addDays(first, index),
  );

/**
 * A choice of days, each written as the page writes dates (a native date field shows the
 * browser's own language and digits, issue 36). The empty first choice lets a member unset it, as
 * a date field can be cleared, and is refused when sent.
 */
function DayChoice(props: {
  control: object;
  days: string[];
  value: string;
  onChange: (day: string) => void;
}) {
  return (
    <select
      {...props.control}
      required
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      className="select w-full aria-invalid:border-error"
    >
      <option value="">{t.circulationTexts.chooseDay}</option>
      {props.days.map((day) => (
        <option key={day} value={day}>
          {formatDate(day)}
        </option>
      ))}
    </select>
  );
}

/**
 * The member (read-only, from the session) and the two dates of a loan, checked before sending.
 * The dates start on the library's today and each offers only the days the rules allow.
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
  /** The day the return date counts from: the borrowed date, or today while none is chosen. */
  const loanStart = validStart ? borrowedDate : rules.today;
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
          <DayChoice
            control={control}
            days={daysFrom(addDays(rules.today, -1), addDays(rules.today, 1))}
            value={borrowedDate}
            onChange={moveBorrowedDate}
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
          <DayChoice
            control={control}
            days={daysFrom(addDays(loanStart, 1), addDays(loanStart, rules.loanDays))}
            value={returnDate}
            onChange={setReturnDate}
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
