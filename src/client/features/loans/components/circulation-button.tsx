import { useFetcher } from 'react-router';
import type { CirculationIntent } from '../intents.ts';

interface CirculationButtonProps {
  intent: CirculationIntent;
  id: string;
  label: string;
  busyLabel: string;
  /** Read by screen readers after the label, e.g. the book's title. */
  context?: string;
  className?: string;
  disabled?: boolean;
}

/**
 * A button that posts one circulation intent to the current route's action and shows its own
 * progress; React Router reloads the page's data when the action is done.
 */
export function CirculationButton({
  intent,
  id,
  label,
  busyLabel,
  context,
  className = 'btn btn-sm',
  disabled = false,
}: CirculationButtonProps) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {context && <input type="hidden" name="title" value={context} />}
      <button type="submit" className={className} disabled={busy || disabled}>
        {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {busy ? busyLabel : label}
        {context && <span className="sr-only"> {context}</span>}
      </button>
    </fetcher.Form>
  );
}
