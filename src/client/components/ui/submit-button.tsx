interface SubmitButtonProps {
  busy: boolean;
  children: string;
}

/** The form's main button: shows a spinner and refuses clicks while the form is being sent. */
export function SubmitButton({ busy, children }: SubmitButtonProps) {
  return (
    <button type="submit" className="btn btn-primary w-full" disabled={busy} aria-busy={busy}>
      {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
      {children}
    </button>
  );
}
