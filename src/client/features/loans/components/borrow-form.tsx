import { useState, type FormEvent } from 'react';
import { loanCreateSchema, type LoanCreate } from '../../../lib/schemas.ts';
import { circulationTexts } from '../../../lib/messages.ts';
import { todayLocal } from '../lib/local-date.ts';
import { FormField } from '../../../components/ui/form-field.tsx';

interface BorrowFormProps {
  bookId: string;
  quantity: number;
  memberName: string;
  memberEmail: string;
  busy: boolean;
  onBorrow: (loan: LoanCreate) => void;
  onCancel: () => void;
}

type DateErrors = Partial<Record<'borrowedDate' | 'returnDate', string>>;

/** The member (read-only, from the session) and the two dates of a loan, checked before sending. */
export function BorrowForm({
  bookId,
  quantity,
  memberName,
  memberEmail,
  busy,
  onBorrow,
  onCancel,
}: BorrowFormProps) {
  const [borrowedDate, setBorrowedDate] = useState(todayLocal);
  const [returnDate, setReturnDate] = useState('');
  const [errors, setErrors] = useState<DateErrors>({});

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || quantity <= 0) return;
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
      <FormField idPrefix="borrow" name="userName" label={circulationTexts.memberName}>
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
      <FormField idPrefix="borrow" name="userEmail" label={circulationTexts.memberEmail}>
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
        label={circulationTexts.borrowedDate}
        error={errors.borrowedDate}
      >
        {(control) => (
          <input
            {...control}
            type="date"
            required
            value={borrowedDate}
            onChange={(event) => setBorrowedDate(event.target.value)}
            className="input w-full aria-invalid:border-error"
          />
        )}
      </FormField>
      <FormField
        idPrefix="borrow"
        name="returnDate"
        label={circulationTexts.returnDate}
        error={errors.returnDate}
      >
        {(control) => (
          <input
            {...control}
            type="date"
            required
            min={borrowedDate || undefined}
            value={returnDate}
            onChange={(event) => setReturnDate(event.target.value)}
            className="input w-full aria-invalid:border-error"
          />
        )}
      </FormField>
      {quantity <= 0 && (
        <p role="status" className="alert alert-warning mt-2 sm:col-span-2">
          {circulationTexts.unavailableNote}
        </p>
      )}
      <div className="mt-4 flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-end">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {circulationTexts.cancel}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy || quantity <= 0}>
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {busy ? circulationTexts.borrowing : circulationTexts.borrow}
        </button>
      </div>
    </form>
  );
}
