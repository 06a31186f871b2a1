import { Link, useFetcher } from 'react-router';
import type { DeskHold } from '../../../../common/types.ts';
import { paths } from '../../../lib/routes.ts';
import { formatInstant } from '../../../lib/dates.ts';
import { tPages } from '../../../lib/page-texts.ts';

interface Queue {
  bookId: string;
  name: string;
  holds: DeskHold[];
}

/** Holds by book, each queue in its order: copies kept for pickup first, then the waiting by place. */
function queuesOf(holds: DeskHold[]): Queue[] {
  const queues = new Map<string, Queue>();
  for (const hold of holds) {
    const queue = queues.get(hold.bookId) ?? {
      bookId: hold.bookId,
      name: hold.bookDetails.name,
      holds: [],
    };
    queue.holds.push(hold);
    queues.set(hold.bookId, queue);
  }
  const place = (hold: DeskHold) => (hold.status === 'ready' ? 0 : (hold.position ?? 0));
  return [...queues.values()]
    .map((queue) => ({ ...queue, holds: queue.holds.sort((a, b) => place(a) - place(b)) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Cancels the hold at the desk, asked first; its member is mailed (features/desk/desk-actions.ts). */
function CancelHold({ hold }: { hold: DeskHold }) {
  const fetcher = useFetcher();
  return (
    <fetcher.Form method="post" className="ms-auto">
      <input type="hidden" name="intent" value="cancelHold" />
      <input type="hidden" name="id" value={hold._id} />
      <input type="hidden" name="title" value={hold.bookDetails.name} />
      <input type="hidden" name="member" value={hold.userName} />
      <button type="submit" className="btn btn-xs btn-outline" disabled={fetcher.state !== 'idle'}>
        {tPages.lendingTexts.cancelHold}
      </button>
    </fetcher.Form>
  );
}

/** Every book's queue of holds: who waits in which place, and whose copy is kept until when. */
export function HoldsPanel({ holds }: { holds: DeskHold[] }) {
  const queues = queuesOf(holds);
  if (queues.length === 0)
    return (
      <p className="rounded-box bg-base-200 px-6 py-12 text-center">{tPages.deskTexts.noHolds}</p>
    );
  return (
    <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {queues.map((queue) => {
        const ready = queue.holds.filter((hold) => hold.status === 'ready').length;
        return (
          <li key={queue.bookId} className="rounded-box bg-base-100 p-4 ring-1 ring-base-300">
            <h3 className="font-semibold">
              <Link to={paths.book(queue.bookId)} className="link link-hover">
                {queue.name}
              </Link>
            </h3>
            <p className="mb-3 text-sm text-base-content/80">
              {tPages.deskTexts.queueOf(queue.holds.length - ready, ready)}
            </p>
            <ol className="flex flex-col gap-2">
              {queue.holds.map((hold) => (
                <li key={hold._id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                  {hold.status === 'ready' ? (
                    <span className="badge badge-success">
                      {tPages.deskTexts.readyUntil(formatInstant(hold.readyUntil ?? ''))}
                    </span>
                  ) : (
                    <span className="badge tabular-nums">
                      {tPages.deskTexts.position(hold.position ?? 0)}
                    </span>
                  )}
                  <span className="font-medium">{hold.userName}</span>
                  <span className="break-all text-base-content/70">{hold.userEmail}</span>
                  <CancelHold hold={hold} />
                </li>
              ))}
            </ol>
          </li>
        );
      })}
    </ul>
  );
}
