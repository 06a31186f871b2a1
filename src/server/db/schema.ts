/** The tables this app owns, as Kysely sees them. better-auth owns `user`, `session`, `account`, `verification` and `rateLimit`. */
import type { Insertable, Selectable } from 'kysely';

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
  /** Lower-cased name and author, what `q` searches. */
  searchText: string;
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

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface DB {
  book: BookTable;
  loan: LoanTable;
  appMeta: AppMetaTable;
}

export type BookRow = Selectable<BookTable>;
export type NewBookRow = Insertable<BookTable>;
export type LoanRow = Selectable<LoanTable>;
