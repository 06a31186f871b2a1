/**
 * One ISBN, one book (docs/product.md#librarians). The routes look first, to answer plainly; the unique
 * index `book_isbn` (migration 0040) decides when two requests race, and its violation is
 * answered the same way.
 */
import { ApiError } from '../http-errors.ts';

export const duplicateIsbn = () =>
  new ApiError(409, 'DUPLICATE_ISBN', 'A book with this ISBN is already in the catalogue');

/** Whether a database error is the ISBN index refusing a second book with one ISBN. */
export function isDuplicateIsbnError(error: unknown): boolean {
  const { code, constraint, message } = (error ?? {}) as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
  };
  if (code === '23505') return constraint === 'book_isbn';
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' &&
    typeof message === 'string' &&
    message.includes('book.isbn')
  );
}

/** Runs a write of books, answering 409 DUPLICATE_ISBN when the ISBN index refuses it. */
export async function guardingIsbn<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isDuplicateIsbnError(error)) throw duplicateIsbn();
    throw error;
  }
}
