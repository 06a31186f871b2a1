import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string;
  /** Something placed at the end of the input, such as a show-password button. */
  trailing?: ReactNode;
}

/**
 * The mark of a required field, shown before anyone submits (issue 36), beside its label (not in
 * it, so the field's name stays its label); screen readers hear the input's own `required`.
 */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-error">
      {' '}
      *
    </span>
  );
}

/** A labelled input with its error message tied to it for screen readers. */
export function TextField({
  label,
  name,
  error,
  trailing,
  className = '',
  ...input
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <p className="mb-1.5 text-sm font-medium">
        <label htmlFor={id}>{label}</label>
        {input.required && <RequiredMark />}
      </p>
      <div className={`input w-full ${error ? 'input-error' : ''}`}>
        <input
          id={id}
          name={name}
          className="grow"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        {trailing}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}
