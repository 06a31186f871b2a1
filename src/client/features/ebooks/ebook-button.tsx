import { useFetcher } from 'react-router';
import type { EbookIntent } from './intents.ts';

interface EbookButtonProps {
  intent: EbookIntent;
  /** The book's id, or the e-loan's or wait's to end. */
  id: string;
  label: string;
  busyLabel?: string;
  /** Read by screen readers after the label: the book's title. */
  context: string;
  className?: string;
}

/**
 * A button that posts one digital-library intent to the current route's action (ebook-actions.ts)
 * and shows its own progress; React Router reloads the page's data when it is done.
 */
export function EbookButton({
  intent,
  id,
  label,
  busyLabel = label,
  context,
  className = 'btn btn-sm btn-primary',
}: EbookButtonProps) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={className} disabled={busy}>
        {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {busy ? busyLabel : label}
        <span className="sr-only"> {context}</span>
      </button>
    </fetcher.Form>
  );
}
