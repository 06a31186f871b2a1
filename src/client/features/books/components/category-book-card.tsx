import { Link } from 'react-router';
import type { Book } from '../../../../common/types.ts';
import { categoryName, formatNumber, t } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/routes.ts';
import { BookCover } from '../../../components/covers/book-cover.tsx';

interface CategoryBookCardProps {
  book: Book;
  eager?: boolean;
}

/**
 * A book of a category page. The whole card opens the book; only the title is the link, so that
 * screen readers hear the book's name and not the whole card.
 */
export function CategoryBookCard({ book, eager }: CategoryBookCardProps) {
  return (
    <article className="card card-side relative h-full bg-base-100 shadow-sm ring-1 ring-base-300 transition hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-primary">
      <figure className="w-28 shrink-0 sm:w-36">
        <BookCover
          name={book.name}
          category={book.category}
          image={book.image}
          eager={eager}
          className="h-full"
        />
      </figure>
      <div className="card-body gap-1 p-4">
        <h2 className="card-title text-base leading-snug sm:text-lg">
          <Link
            to={paths.book(book._id)}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {book.name}
          </Link>
        </h2>
        <p className="flex-none text-sm text-base-content/80">
          {t.catalogueTexts.byAuthor(book.author)}
        </p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          <dt className="font-semibold">{t.bookFieldLabels.category}</dt>
          <dd>{categoryName(book.category)}</dd>
          <dt className="font-semibold">{t.bookFieldLabels.quantity}</dt>
          <dd className="tabular-nums">{formatNumber(book.quantity)}</dd>
        </dl>
        <p className="mt-1 line-clamp-3 flex-none text-sm">{book.shortDescription}</p>
      </div>
    </article>
  );
}
