/** The shapes of the API's answers (DECISIONS.md §5). */
import type { BorrowRefusal } from './error-codes.ts';
import type { Category } from './constants.ts';

export interface Book {
  _id: string;
  name: string;
  author: string;
  category: Category;
  quantity: number;
  rating: number;
  shortDescription: string;
  image: string;
  content: string;
  createdAt: string;
  updatedAt: string;
}

export interface CategorySummary {
  name: Category;
  image: string;
  count: number;
}

/** GET /api/books/facets: the matches of a search in all, on the shelf, and per category. */
export interface BookFacets {
  /** Books matching the search (only those with a copy on the shelf when asked for). */
  total: number;
  /** Books matching the search with a copy on the shelf. */
  available: number;
  /** Per category with a match, by name: its share of `total`. */
  categories: { name: Category; count: number }[];
}

export interface LoanBookDetails {
  _id: string;
  name: string;
  /** The old product read `title`; it is the same as `name`. */
  title: string;
  author: string;
  category: Category;
  image: string;
}

export interface Loan {
  _id: string;
  bookId: string;
  userName: string;
  userEmail: string;
  borrowedDate: string;
  returnDate: string;
  bookDetails: LoanBookDetails;
}

export interface BorrowCheck {
  canBorrow: boolean;
  reason: BorrowRefusal | null;
}

export interface InsertResult {
  acknowledged: true;
  insertedId: string;
}

export interface UpdateResult {
  acknowledged: true;
  matchedCount: number;
  modifiedCount: number;
}

export interface DeleteResult {
  acknowledged: true;
  deletedCount: number;
}
