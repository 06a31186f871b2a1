interface SpinnerProps {
  /** Read by screen readers while the spinner shows. */
  label?: string;
  className?: string;
}

/** A centred busy indicator for content that is still loading. */
export function Spinner({ label = 'Loading', className = '' }: SpinnerProps) {
  return (
    <div role="status" className={`flex justify-center py-12 ${className}`}>
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
