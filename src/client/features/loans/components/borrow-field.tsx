import type { ReactNode } from 'react';

interface BorrowControlProps {
  id: string;
  name: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface BorrowFieldProps {
  name: string;
  label: string;
  error?: string;
  children: (control: BorrowControlProps) => ReactNode;
}

/** A visible label above its control and, below, the field's error read along with it. */
export function BorrowField({ name, label, error, children }: BorrowFieldProps) {
  const id = `borrow-${name}`;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="fieldset">
      <label htmlFor={id} className="fieldset-legend">
        {label}
      </label>
      {children({ id, name, 'aria-invalid': Boolean(error), 'aria-describedby': errorId })}
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
