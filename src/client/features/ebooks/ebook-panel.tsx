import { lazy, Suspense, useEffect } from 'react';
import { Link, useFetcher } from 'react-router';
import type { Book } from '../../../common/types.ts';
import { t } from '../../lib/i18n.ts';
import { paths } from '../../lib/routes.ts';
import type { DigitalLibrary } from './ebooks-api.ts';

// The librarian's controls load only for librarians, with the words of the pages they use.
const EbookEditor = lazy(() => import('./ebook-editor.tsx'));

const panel = 'flex flex-col items-start gap-3 rounded-box bg-base-200 p-4';

/**
 * A signed-in member's e-loans and waiting lists, read through the digital library's loader;
 * undefined while they load, null for visitors.
 */
function useMyEbooks(signedIn: boolean) {
  const { state, data, load } = useFetcher<DigitalLibrary>();
  useEffect(() => {
    if (signedIn && state === 'idle' && data === undefined) void load(paths.readOnline);
  }, [signedIn, state, data, load]);
  return signedIn ? data?.mine : null;
}

interface PanelProps {
  book: Book;
  signedIn: boolean;
  librarian: boolean;
  /** An instant as the member reads it (the loans' own format). */
  formatInstant: (iso: string) => string;
}

/** What the member can do with the book's e-book, said in one line, with the way to do it. */
function EbookStatus({ book, signedIn, formatInstant }: Omit<PanelProps, 'librarian'>) {
  const mine = useMyEbooks(signedIn);
  const { ebook } = book;
  if (!ebook) return null;
  const readNow = (
    <Link to={paths.read(book._id)} className="btn btn-primary">
      {t.ebookTexts.readNow}
    </Link>
  );
  if (ebook.access === 'open') {
    return (
      <>
        <p>{t.ebookTexts.open}</p>
        {readNow}
      </>
    );
  }
  const loan = mine?.loans.find((held) => held.bookId === book._id);
  if (loan) {
    return (
      <>
        <p className="font-semibold">{t.ebookTexts.yours(formatInstant(loan.expiresAt))}</p>
        {readNow}
      </>
    );
  }
  const wait = mine?.waits.find((held) => held.bookId === book._id);
  const line =
    wait?.status === 'ready'
      ? t.ebookTexts.kept(formatInstant(wait.readyUntil ?? ''))
      : wait
        ? t.ebookTexts.waiting(wait.position ?? 0)
        : t.ebookTexts.lent(ebook.available, ebook.copies);
  return (
    <>
      <p>{line}</p>
      <Link to={paths.readOnline} className="btn btn-outline btn-primary">
        {t.ebookTexts.goToLibrary}
      </Link>
    </>
  );
}

/** The book's e-book on its details page, and the librarian's controls of it. */
export function EbookPanel({ book, signedIn, librarian, formatInstant }: PanelProps) {
  if (!book.ebook && !librarian) return null;
  return (
    <section aria-labelledby="ebook-heading" className={panel}>
      <h2 id="ebook-heading" className="text-lg font-semibold">
        {t.ebookTexts.heading}
      </h2>
      <EbookStatus book={book} signedIn={signedIn} formatInstant={formatInstant} />
      {librarian && (
        <Suspense fallback={null}>
          <EbookEditor book={book} />
        </Suspense>
      )}
    </section>
  );
}
