/**
 * The copies section of a book's page, for librarians (docs/product/desk.md#copies): each copy's
 * barcode, shelf mark, status and who has it; add a copy; change a shelf mark or a status; print
 * labels. Like the desk's Scan tab, these are a librarian's changes, not the page's data: the
 * section reads its copies when it opens and again after each change, and the book's public
 * answer (cached, the same for everyone) stays as it is.
 */
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { BookCopy } from '../../../../common/copies.ts';
import { tCopies } from '../../../lib/copies-texts.ts';
import { showToast } from '../../../lib/dialogs.ts';
import { labelsOfBook } from '../../../lib/routes.ts';
import { addCopy, getBookCopies } from '../api.ts';
import { CompactField } from '../../../components/ui/compact-field.tsx';
import { useCopyRequest } from '../use-copy-request.ts';
import { CopyActions } from './copy-actions.tsx';
import { CopyStatusBadge } from './copy-status-badge.tsx';

type Loaded = { items: BookCopy[]; total: number } | 'loading' | 'failed';

function useBookCopies(bookId: string) {
  const [copies, setCopies] = useState<Loaded>('loading');
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const aborter = new AbortController();
    getBookCopies(bookId, aborter.signal).then(setCopies, () => {
      if (!aborter.signal.aborted) setCopies('failed');
    });
    return () => aborter.abort();
  }, [bookId, version]);
  const reload = useCallback(() => setVersion((current) => current + 1), []);
  return { copies, reload };
}

function AddCopyForm({ bookId, onAdded }: { bookId: string; onAdded: () => void }) {
  const id = useId();
  const { busy, run } = useCopyRequest();
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const barcode = String(fields.get('barcode') ?? '').trim();
    const shelfMark = String(fields.get('shelfMark') ?? '').trim();
    await run(async () => {
      const copy = await addCopy(bookId, {
        ...(barcode ? { barcode } : {}),
        ...(shelfMark ? { shelfMark } : {}),
      });
      form.reset();
      void showToast('success', tCopies.added(copy.barcode));
      onAdded();
    });
  }
  return (
    <form
      className="flex flex-col gap-3 rounded-box bg-base-100 p-4 ring-1 ring-base-300 sm:flex-row sm:flex-wrap sm:items-end"
      onSubmit={(event) => void submit(event)}
      aria-labelledby={`${id}-heading`}
    >
      <h3 id={`${id}-heading`} className="w-full font-semibold">
        {tCopies.addHeading}
      </h3>
      <CompactField label={tCopies.addBarcode}>
        <input
          id={`${id}-barcode`}
          name="barcode"
          className="input w-full font-mono uppercase sm:w-56"
          maxLength={20}
          autoComplete="off"
        />
      </CompactField>
      <CompactField label={tCopies.addShelfMark}>
        <input
          id={`${id}-shelf`}
          name="shelfMark"
          className="input w-full sm:w-48"
          maxLength={60}
        />
      </CompactField>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? tCopies.adding : tCopies.add}
      </button>
    </form>
  );
}

function CopyRow({ copy, onChanged }: { copy: BookCopy; onChanged: () => void }) {
  return (
    <li
      className="flex flex-col gap-3 rounded-box bg-base-100 p-4 ring-1 ring-base-300"
      data-testid="copy-row"
      data-barcode={copy.barcode}
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <span className="font-mono text-lg font-semibold tracking-wider">{copy.barcode}</span>
        <CopyStatusBadge status={copy.status} />
        <span className="text-sm text-base-content/80">
          {copy.shelfMark ? `${tCopies.shelfMark}: ${copy.shelfMark}` : tCopies.noShelfMark}
        </span>
      </div>
      {copy.borrower && (
        <p className="text-sm">
          <span className="font-semibold">{tCopies.lentTo}:</span>{' '}
          {tCopies.borrower(copy.borrower.name, copy.borrower.cardNumber)}
        </p>
      )}
      <CopyActions key={`${copy._id}-${copy.status}`} copy={copy} onChanged={onChanged} />
    </li>
  );
}

export default function CopiesSection({ bookId }: { bookId: string }) {
  const id = useId();
  const { copies, reload } = useBookCopies(bookId);
  return (
    <section
      aria-labelledby={`${id}-copies`}
      className="mt-10 flex flex-col gap-4 rounded-box bg-base-200 p-4 sm:p-6"
      data-testid="copies-section"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${id}-copies`} className="text-2xl font-bold">
            {tCopies.heading}
          </h2>
          <p className="text-base-content/80">{tCopies.intro}</p>
        </div>
        <Link to={labelsOfBook(bookId)} className="btn btn-outline">
          {tCopies.printLabels}
        </Link>
      </div>
      {copies === 'loading' && (
        <p className="text-base-content/80" aria-live="polite">
          {tCopies.loading}
        </p>
      )}
      {copies === 'failed' && <p role="alert">{tCopies.loadFailed}</p>}
      {typeof copies === 'object' && (
        <>
          <p className="text-sm text-base-content/80" aria-live="polite">
            {tCopies.total(copies.total)}
            {copies.total > copies.items.length &&
              ` ${tCopies.showingFirst(copies.items.length, copies.total)}`}
          </p>
          {copies.items.length === 0 ? (
            <p>{tCopies.none}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {copies.items.map((copy) => (
                <CopyRow key={copy._id} copy={copy} onChanged={reload} />
              ))}
            </ul>
          )}
        </>
      )}
      <AddCopyForm bookId={bookId} onAdded={reload} />
    </section>
  );
}
