/**
 * The desk's copy finder (Catalogue tab; docs/product/desk.md#copies): a copy's barcode, scanned
 * or typed, shows the copy, its book and its current loan, with the copies section's actions and,
 * for a copy on loan, Mark Lost. Not the Scan tab's field: a scan there lends or checks in, while
 * here it only looks. Like the copies section, it calls the API from its handlers.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { CopyLookup } from '../../../../common/copies.ts';
import { tCopies } from '../../../lib/copies-texts.ts';
import { formatDate } from '../../../lib/dates.ts';
import { confirmDialog, showToast } from '../../../lib/dialogs.ts';
import { formatTaka } from '../../../lib/i18n.ts';
import { labelsOfCopies, paths } from '../../../lib/routes.ts';
import { findCopy, markLoanLost } from '../api.ts';
import { CompactField } from '../../../components/ui/compact-field.tsx';
import { useCopyRequest } from '../use-copy-request.ts';
import { CopyActions } from './copy-actions.tsx';
import { CopyStatusBadge } from './copy-status-badge.tsx';

function MarkLostButton({ found, onDone }: { found: CopyLookup; onDone: () => void }) {
  const { busy, run } = useCopyRequest();
  const { loan, book } = found;
  if (!loan) return null;
  async function markLost() {
    if (!loan) return;
    const ask = tCopies.confirmLost(book.name, loan.userName);
    if (!(await confirmDialog(ask.title, ask.text, ask.confirm, ask.cancel))) return;
    await run(async () => {
      const { lost, fine } = await markLoanLost(loan._id);
      const charged = (lost?.amount ?? 0) + (fine?.amount ?? 0);
      void showToast(
        'success',
        tCopies.markedLost(book.name),
        charged > 0 ? tCopies.charged(formatTaka(charged)) : undefined,
      );
      onDone();
    });
  }
  return (
    <button
      type="button"
      className="btn btn-outline btn-sm btn-error self-start"
      disabled={busy}
      onClick={() => void markLost()}
    >
      {tCopies.markLost}
    </button>
  );
}

function FoundCopy({ found, onChanged }: { found: CopyLookup; onChanged: () => void }) {
  const { copy, book, loan } = found;
  return (
    <article
      className="flex flex-col gap-3 rounded-box bg-base-100 p-4 ring-1 ring-base-300"
      data-testid="found-copy"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <span className="font-mono text-lg font-semibold tracking-wider">{copy.barcode}</span>
        <CopyStatusBadge status={copy.status} />
        <span className="text-sm text-base-content/80">
          {copy.shelfMark ? `${tCopies.shelfMark}: ${copy.shelfMark}` : tCopies.noShelfMark}
        </span>
      </div>
      <p className="text-sm">
        <span className="font-semibold">{tCopies.ofBook}:</span>{' '}
        <Link to={paths.book(book._id)} className="link link-hover">
          {book.name}
        </Link>{' '}
        · {book.author}
      </p>
      {loan && (
        <p className="text-sm">
          <span className="font-semibold">{tCopies.lentTo}:</span> {loan.userName} ·{' '}
          {tCopies.due(formatDate(loan.returnDate))}
        </p>
      )}
      <CopyActions key={`${copy._id}-${copy.status}`} copy={copy} onChanged={onChanged} />
      <div className="flex flex-wrap gap-2">
        <MarkLostButton found={found} onDone={onChanged} />
        <Link to={labelsOfCopies([copy._id])} className="btn btn-ghost btn-sm">
          {tCopies.printLabels}
        </Link>
      </div>
    </article>
  );
}

export function CopyFinder() {
  const id = useId();
  const [found, setFound] = useState<CopyLookup | null>(null);
  const { busy, run } = useCopyRequest();

  async function look(barcode: string) {
    await run(
      async () => setFound(await findCopy(barcode)),
      () => setFound(null),
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const barcode = String(new FormData(event.currentTarget).get('barcode') ?? '').trim();
    if (barcode) void look(barcode);
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4 rounded-box bg-base-200 p-4 sm:p-6"
      data-testid="copy-finder"
    >
      <div>
        <h2 id={`${id}-heading`} className="text-xl font-semibold">
          {tCopies.findHeading}
        </h2>
        <p className="text-sm text-base-content/80">{tCopies.findIntro}</p>
      </div>
      <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
        <CompactField label={tCopies.findLabel}>
          <input
            id={`${id}-barcode`}
            name="barcode"
            className="input w-56 font-mono uppercase"
            maxLength={40}
            autoComplete="off"
            required
          />
        </CompactField>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? tCopies.finding : tCopies.find}
        </button>
      </form>
      {found && <FoundCopy found={found} onChanged={() => void look(found.copy.barcode)} />}
    </section>
  );
}
