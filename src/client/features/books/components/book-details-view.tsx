import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Book } from '../../../../common/types.ts';
import { paths } from '../../../lib/routes.ts';
import { BookCover } from '../../../components/covers/book-cover.tsx';
import { BookRating } from './book-rating.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { categoryName, formatNumber, t } from '../../../lib/i18n.ts';

/** Paragraphs of the content are separated by blank lines. */
const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/** A language's name in English (the catalogue will give the reader's language), or its code. */
function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The optional record fields (docs/product.md#librarians) the book has: the others are not shown at all. */
function recordFieldsOf(book: Book): { label: string; value: string }[] {
  const fields: { label: string; value: string | null }[] = [
    { label: t.bookRecordTexts.labels.isbn, value: book.isbn },
    { label: t.bookRecordTexts.labels.publisher, value: book.publisher },
    {
      label: t.bookRecordTexts.labels.publishedYear,
      value: book.publishedYear?.toString() ?? null,
    },
    {
      label: t.bookRecordTexts.labels.language,
      value: book.language && languageName(book.language),
    },
  ];
  return fields.filter((field): field is { label: string; value: string } => !!field.value);
}

/**
 * Everything the library knows about one book, and (`actions`, given by the page, which knows the
 * member) what they can do with it: borrow it, join its queue, or when their own copy is due.
 */
export function BookDetails({ book, actions }: { book: Book; actions: ReactNode }) {
  const paragraphs = paragraphsOf(book.content);
  return (
    <article className="grid gap-8 md:grid-cols-[minmax(0,18rem)_1fr] md:gap-12">
      <div className="mx-auto w-full max-w-52 md:max-w-none">
        <BookCover
          name={book.name}
          category={book.category}
          image={book.image}
          eager
          className="rounded-box shadow-lg"
        />
      </div>
      <div className="flex flex-col gap-5">
        <header className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold sm:text-4xl">{book.name}</h1>
          <p className="text-lg text-base-content/80">{t.catalogueTexts.byAuthor(book.author)}</p>
        </header>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          <dt className="font-semibold">{t.bookFieldLabels.author}</dt>
          <dd>{book.author}</dd>
          <dt className="font-semibold">{t.bookFieldLabels.category}</dt>
          <dd>
            <Link to={paths.category(book.category)} className="link link-primary">
              {categoryName(book.category)}
            </Link>
          </dd>
          <dt className="font-semibold">{t.bookFieldLabels.quantity}</dt>
          <dd className="tabular-nums">{formatNumber(book.quantity)}</dd>
          {book.expectedBack && (
            <>
              <dt className="font-semibold">{t.catalogueTexts.expectedBack}</dt>
              <dd>
                <time dateTime={book.expectedBack}>{formatDate(book.expectedBack)}</time>
              </dd>
            </>
          )}
          <dt className="font-semibold">{t.bookFieldLabels.rating}</dt>
          <dd>
            <BookRating rating={book.rating} />
          </dd>
          {recordFieldsOf(book).map(({ label, value }) => (
            <Fragment key={label}>
              <dt className="font-semibold">{label}</dt>
              <dd className="min-w-0">{value}</dd>
            </Fragment>
          ))}
        </dl>
        <p className="text-lg">{book.shortDescription}</p>
        {actions}
        {paragraphs.length > 0 && (
          <section className="mt-4 flex flex-col gap-3 border-t border-base-300 pt-6">
            <h2 className="text-xl font-semibold">{t.catalogueTexts.aboutThisBook}</h2>
            {paragraphs.map((paragraph, index) => (
              <p key={index} className="leading-relaxed">
                {paragraph}
              </p>
            ))}
          </section>
        )}
      </div>
    </article>
  );
}
