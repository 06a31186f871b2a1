import { Form, Link, useLoaderData, useLocation } from 'react-router';
import { EBOOK_ACCESS } from '../../common/constants.ts';
import type { Book, EbookLoanListing, EbookWait } from '../../common/types.ts';
import { BookCover } from '../components/covers/book-cover.tsx';
import { PageContainer } from '../components/ui/page-container.tsx';
import { PageHeading } from '../components/ui/page-heading.tsx';
import { EbookButton } from '../features/ebooks/ebook-button.tsx';
import { formatInstant } from '../lib/dates.ts';
import { tPages } from '../lib/page-texts.ts';
import { paths } from '../lib/routes.ts';
import type { loadDigitalLibrary } from '../features/ebooks/ebook-loaders.ts';

type Mine = NonNullable<Awaited<ReturnType<typeof loadDigitalLibrary>>['mine']>;

const texts = () => tPages.digitalLibraryTexts;

const HOUR_MS = 60 * 60 * 1000;

/** How long an e-loan has left, in days (or hours on its last day), and when it ends. */
function timeLeft(expiresAt: string, now = Date.now()): string {
  const hours = Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / HOUR_MS));
  const left = hours >= 24 ? texts().daysLeft(Math.floor(hours / 24)) : texts().hoursLeft(hours);
  return texts().timeLeft(left, formatInstant(expiresAt));
}

function ReadNow({ bookId, name }: { bookId: string; name: string }) {
  return (
    <Link to={paths.read(bookId)} className="btn btn-sm btn-primary">
      {texts().readNow}
      <span className="sr-only"> {name}</span>
    </Link>
  );
}

/** What the reader can do with an e-book: read, borrow, wait, or sign in first. */
function EbookActions({ book, mine }: { book: Book; mine: Mine | null }) {
  const location = useLocation();
  const { ebook } = book;
  if (!ebook) return null;
  if (ebook.access === 'open') return <ReadNow bookId={book._id} name={book.name} />;
  if (!mine) {
    return (
      <Link to={paths.signIn} state={{ from: location }} className="btn btn-sm btn-primary">
        {texts().borrow}
        <span className="sr-only"> {book.name}</span>
      </Link>
    );
  }
  if (mine.loans.some((loan) => loan.bookId === book._id))
    return <ReadNow bookId={book._id} name={book.name} />;
  const wait = mine.waits.find((entry) => entry.bookId === book._id);
  if (wait?.status === 'waiting')
    return <p className="text-sm font-semibold">{texts().position(wait.position ?? 0)}</p>;
  if (wait?.status === 'ready' || ebook.available > 0) {
    return (
      <EbookButton
        intent="borrowEbook"
        id={book._id}
        label={texts().borrow}
        busyLabel={texts().borrowing}
        context={book.name}
      />
    );
  }
  return (
    <EbookButton
      intent="joinWaitlist"
      id={book._id}
      label={texts().joinWaitlist}
      busyLabel={texts().joining}
      context={book.name}
      className="btn btn-sm btn-outline btn-primary"
    />
  );
}

function EbookCard({ book, mine }: { book: Book; mine: Mine | null }) {
  const { ebook } = book;
  if (!ebook) return null;
  const waiting = texts().waiting(ebook.waiting);
  return (
    <li className="card card-sm flex-row bg-base-100 shadow-sm ring-1 ring-base-300">
      <figure className="w-24 shrink-0 self-start py-4 pl-4">
        <BookCover
          name={book.name}
          category={book.category}
          image={book.image}
          className="rounded-box"
        />
      </figure>
      <div className="card-body min-w-0">
        <span
          className={`badge badge-soft ${ebook.access === 'open' ? 'badge-success' : 'badge-primary'}`}
        >
          {ebook.access === 'open' ? texts().open : texts().lent}
        </span>
        <h3
          className="card-title text-base leading-snug break-words"
          lang={book.language ?? undefined}
        >
          <Link to={paths.book(book._id)} className="link link-hover">
            {book.name}
          </Link>
        </h3>
        <p className="text-sm text-base-content/80" lang={book.language ?? undefined}>
          {book.author}
        </p>
        {ebook.access === 'lend' && (
          <p className="text-sm">
            {texts().copiesFree(ebook.available, ebook.copies)}
            {waiting && ` · ${waiting}`}
          </p>
        )}
        <div className="card-actions mt-auto pt-2">
          <EbookActions book={book} mine={mine} />
        </div>
      </div>
    </li>
  );
}

function LoanRow({ loan }: { loan: EbookLoanListing }) {
  const { name } = loan.bookDetails;
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-box bg-base-200 p-3">
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words" lang={loan.bookDetails.language ?? undefined}>
          {name}
        </p>
        <p className="text-sm">{timeLeft(loan.expiresAt)}</p>
      </div>
      <ReadNow bookId={loan.bookId} name={name} />
      <EbookButton
        intent="returnEbook"
        id={loan._id}
        label={texts().returnEarly}
        context={name}
        className="btn btn-sm btn-ghost"
      />
    </li>
  );
}

function WaitRow({ wait }: { wait: EbookWait }) {
  const { name } = wait.bookDetails;
  const ready = wait.status === 'ready';
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-box bg-base-200 p-3">
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words" lang={wait.bookDetails.language ?? undefined}>
          {name}
        </p>
        <p className="text-sm">
          {ready
            ? texts().keptUntil(formatInstant(wait.readyUntil ?? ''))
            : texts().position(wait.position ?? 0)}
        </p>
      </div>
      {ready && (
        <EbookButton
          intent="borrowEbook"
          id={wait.bookId}
          label={texts().borrow}
          busyLabel={texts().borrowing}
          context={name}
        />
      )}
      <EbookButton
        intent="leaveWaitlist"
        id={wait._id}
        label={texts().leaveWaitlist}
        context={name}
        className="btn btn-sm btn-ghost"
      />
    </li>
  );
}

function MyShelf({ mine }: { mine: Mine | null }) {
  const location = useLocation();
  return (
    <section aria-labelledby="my-ebooks" className="mb-10">
      <h2 id="my-ebooks" className="mb-3 text-xl font-semibold">
        {texts().myShelf}
      </h2>
      {!mine ? (
        <p className="flex flex-wrap items-center gap-3">
          {texts().signInForShelf}
          <Link to={paths.signIn} state={{ from: location }} className="btn btn-sm btn-primary">
            {texts().signIn}
          </Link>
        </p>
      ) : mine.loans.length + mine.waits.length === 0 ? (
        <p>{texts().myShelfEmpty}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {mine.loans.map((loan) => (
            <LoanRow key={loan._id} loan={loan} />
          ))}
          {mine.waits.map((wait) => (
            <WaitRow key={wait._id} wait={wait} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Search and the access filter, kept in the address so Back and a reload keep them. */
function Browse({ access, q }: { access?: string; q?: string }) {
  const { filters } = texts();
  return (
    <Form method="get" className="mb-6 flex flex-wrap items-end gap-3" role="search">
      <label className="flex flex-col gap-1">
        <span className="text-sm font-semibold">{texts().searchLabel}</span>
        <input
          type="search"
          name="q"
          defaultValue={q}
          placeholder={texts().searchPlaceholder}
          className="input w-64 max-w-full"
        />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-sm font-semibold">{texts().filterLabel}</span>
        <select name="access" defaultValue={access ?? ''} className="select w-48">
          <option value="">{filters.all}</option>
          {EBOOK_ACCESS.map((kind) => (
            <option key={kind} value={kind}>
              {filters[kind]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-primary">
        {texts().search}
      </button>
    </Form>
  );
}

/** The banner's Read Online: the digital library, open 24/7 (docs/product/digital-library.md). */
export function Component() {
  const { books, mine, access, q } = useLoaderData<typeof loadDigitalLibrary>();
  const heading = tPages.pageTexts.readOnline;
  return (
    <PageContainer wide>
      <PageHeading eyebrow={heading.eyebrow} title={heading.title} intro={heading.intro} />
      <MyShelf mine={mine} />
      <section aria-labelledby="all-ebooks">
        <h2 id="all-ebooks" className="sr-only">
          {texts().filters.all}
        </h2>
        <Browse access={access} q={q} />
        {books.length === 0 ? (
          <p>{texts().noEbooks}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {books.map((book) => (
              <EbookCard key={book._id} book={book} mine={mine} />
            ))}
          </ul>
        )}
      </section>
    </PageContainer>
  );
}
