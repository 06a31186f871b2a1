import type { ReactNode } from 'react';

/** What a control needs to be tied to its label, hint and error message. */
export interface FieldControlProps {
  id: string;
  name: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  /** Keeps ids unique when two forms could share a page. */
  idPrefix: string;
  name: string;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A visible label above its control, then a hint and the field's error, both read with it. */
export function FormField({
  idPrefix,
  name,
  label,
  hint,
  error,
  className = '',
  children,
}: FormFieldProps) {
  const id = `${idPrefix}-${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`fieldset ${className}`}>
      <label htmlFor={id} className="fieldset-legend">
        {label}
      </label>
      {children({ id, name, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-base-content/80">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
