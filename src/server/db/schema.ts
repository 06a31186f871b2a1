/** The tables this app owns, as Kysely sees them. better-auth owns `user`, `session`, `account`, `verification` and `rateLimit`. */
import type { Generated, Insertable, Selectable } from 'kysely';

export interface BookTable {
  id: string;
  name: string;
  author: string;
  category: string;
  /** Copies on the shelf now; never below 0 (a CHECK constraint holds it). */
  quantity: number;
  rating: number;
  shortDescription: string;
  image: string;
  content: string;
  /** Name and author folded for search (book-search.ts), what `q` matches; indexed by trigrams. */
  searchText: string;
  /** Name and author folded like `searchText`, each alone: the keys of sorting by title and by author (migration 0020). */
  sortName: Generated<string>;
  sortAuthor: Generated<string>;
  createdAt: string;
  updatedAt: string;
}

export interface LoanTable {
  id: string;
  bookId: string;
  userId: string;
  userName: string;
  userEmail: string;
  /**
   * Which of the member's BORROW_LIMIT places this loan takes (1..BORROW_LIMIT). Unique per member
   * and bounded by a CHECK, so the database itself refuses a member's fourth loan, whatever the
   * concurrency, the number of server processes or a crash in between.
   */
  slot: number;
  borrowedDate: string;
  returnDate: string;
  createdAt: string;
}

/**
 * Per category: its books and those with a copy on the shelf. Kept by triggers on `book` in the
 * same transaction as every change (migration 0002), so totals never need a count of the catalogue.
 */
export interface CategoryStatTable {
  name: string;
  count: number;
  available: number;
}

/**
 * SQLite only: each book's integer key in the FTS5 index `bookSearch`, and its `createdAt`, so a
 * search can order its matches without reading whole books (migration 0002).
 */
export interface BookSearchEntryTable {
  key: number;
  bookId: string;
  createdAt: string;
}

/**
 * PostgreSQL only: each book's `searchText` and `createdAt` in a narrow table with the trigram
 * index, so a search counts and orders its matches without reading whole books (migration 0004).
 */
export interface BookSearchTextTable {
  bookId: string;
  createdAt: string;
  searchText: string;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface DB {
  book: BookTable;
  loan: LoanTable;
  categoryStat: CategoryStatTable;
  bookSearchEntry: BookSearchEntryTable;
  bookSearchText: BookSearchTextTable;
  appMeta: AppMetaTable;
}

export type BookRow = Selectable<BookTable>;
export type NewBookRow = Insertable<BookTable>;
export type LoanRow = Selectable<LoanTable>;
