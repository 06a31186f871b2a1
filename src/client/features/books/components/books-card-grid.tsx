import type { Book } from '../../../../common/types.ts';
import { BookCard } from './book-card.tsx';

/** Covers of the first row load at once; further rows wait until they scroll near. */
const EAGER_COVERS = 4;

export function BooksCardGrid({ books, canUpdate }: { books: Book[]; canUpdate: boolean }) {
  return (
    <ul className="grid grid-cols-1 gap-6 min-[480px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-4">
      {books.map((book, index) => (
        <li key={book._id}>
          <BookCard book={book} eager={index < EAGER_COVERS} canUpdate={canUpdate} />
        </li>
      ))}
    </ul>
  );
}
