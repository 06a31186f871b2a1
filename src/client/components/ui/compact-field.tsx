import type { InputHTMLAttributes, ReactNode } from 'react';

/**
 * A small label above its control, the label wrapping it so that the control is named by it: the
 * desk's compact forms (rooms, events), where a fieldset's legend would take too much room.
 */
export function CompactField({
  label,
  className = '',
  children,
}: {
  label: string;
  /** Where the field sits in its form's grid, such as `sm:col-span-3`. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={`flex flex-col gap-1 text-sm ${className}`}>
      {label}
      {children}
    </label>
  );
}

/** A text or number input in a CompactField, as wide as its place. */
export function CompactInput({
  label,
  name,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; name: string }) {
  return (
    <CompactField label={label}>
      <input name={name} className="input w-full" {...input} />
    </CompactField>
  );
}
