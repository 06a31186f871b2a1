import type { z } from 'zod';

/** The form's text inputs by name. */
export function formValues<Name extends string>(form: HTMLFormElement, names: readonly Name[]) {
  const data = new FormData(form);
  return Object.fromEntries(names.map((name) => [name, String(data.get(name) ?? '')])) as Record<
    Name,
    string
  >;
}

/** The first problem zod found with each field, by field name. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Moves focus to the first field with a problem, so keyboard and screen reader users land on it. */
export function focusFirstInvalid(
  form: HTMLFormElement | null,
  fields: readonly string[],
  errors: Record<string, string>,
) {
  const first = fields.find((field) => errors[field]);
  if (first) form?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
}
