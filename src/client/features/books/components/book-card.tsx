import { Link } from 'react-router';
import type { Book } from '../../../../common/types.ts';
import { categoryName, t } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/routes.ts';
import { BookCover } from '../../../components/covers/book-cover.tsx';
import { BookRating } from './book-rating.tsx';
import { QuantityBadge } from './quantity-badge.tsx';

interface BookCardProps {
  book: Book;
  eager?: boolean;
  /** Whether this member may correct books (CATALOGUE_EDITORS). */
  canUpdate: boolean;
}

/** A book in the All Books card view: details behind the title, corrections behind Update. */
export function BookCard({ book, eager, canUpdate }: BookCardProps) {
  return (
    <article className="card card-sm h-full flex-row bg-base-100 shadow-sm ring-1 ring-base-300 min-[480px]:flex-col sm:card-md">
      <figure className="w-28 shrink-0 self-start py-4 pl-4 min-[480px]:w-auto min-[480px]:self-auto min-[480px]:pr-4 min-[480px]:pb-0">
        <BookCover
          name={book.name}
          category={book.category}
          image={book.image}
          eager={eager}
          className="rounded-box"
        />
      </figure>
      <div className="card-body">
        <div className="flex flex-wrap items-center gap-2">
          <span className="badge badge-soft badge-primary">{categoryName(book.category)}</span>
          <QuantityBadge quantity={book.quantity} />
        </div>
        <h2 className="card-title text-lg leading-snug">
          <Link to={paths.book(book._id)} className="link link-hover">
            {book.name}
          </Link>
        </h2>
        <p className="flex-none text-sm text-base-content/80">
          {t.catalogueTexts.byAuthor(book.author)}
        </p>
        <BookRating rating={book.rating} size="xs" />
        <p className="line-clamp-3 flex-none text-sm">{book.shortDescription}</p>
        {canUpdate && (
          <div className="card-actions mt-auto justify-end pt-2">
            <Link to={paths.updateBook(book._id)} className="btn btn-sm btn-primary">
              {t.bookFieldLabels.update}
              <span className="sr-only"> {book.name}</span>
            </Link>
          </div>
        )}
      </div>
    </article>
  );
}
