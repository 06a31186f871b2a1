import { Link } from 'react-router';
import type { Book } from '../../../../common/types.ts';
import { categoryName, formatNumber, t } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/routes.ts';

const COLUMNS = [
  'name',
  'author',
  'category',
  'quantity',
  'rating',
  'shortDescription',
  'update',
] as const;

/**
 * The All Books table view; it scrolls sideways on narrow screens instead of squeezing. The
 * Update column is left out for members who may not correct books (CATALOGUE_EDITORS).
 */
export function BooksTable({ books, canUpdate }: { books: Book[]; canUpdate: boolean }) {
  const shown = canUpdate ? COLUMNS : COLUMNS.filter((column) => column !== 'update');
  return (
    <div className="overflow-x-auto rounded-box bg-base-100 shadow-sm ring-1 ring-base-300">
      <table className="table table-zebra table-sm sm:table-md">
        <thead className="text-base-content/80">
          <tr>
            {shown.map((column) => (
              <th key={column} scope="col">
                {t.bookFieldLabels[column]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {books.map((book) => (
            <tr key={book._id}>
              <th scope="row" className="min-w-40 font-semibold">
                <Link to={paths.book(book._id)} className="link link-hover">
                  {book.name}
                </Link>
              </th>
              <td className="min-w-32">{book.author}</td>
              <td>{categoryName(book.category)}</td>
              <td className="text-right tabular-nums">{formatNumber(book.quantity)}</td>
              <td className="text-right tabular-nums">{formatNumber(book.rating)}</td>
              <td className="min-w-64">
                <span className="line-clamp-2">{book.shortDescription}</span>
              </td>
              {canUpdate && (
                <td>
                  <Link to={paths.updateBook(book._id)} className="btn btn-xs btn-primary">
                    {t.bookFieldLabels.update}
                    <span className="sr-only"> {book.name}</span>
                  </Link>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
