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
  /** Members waiting in the holds queue for a copy. */
  holds: number;
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
  /** The return date has passed (it is before the library's today). */
  overdue: boolean;
  /** Days until the return date; negative once overdue. */
  daysLeft: number;
  /** How many times the loan was renewed. */
  renewals: number;
  /** Whether a renewal would be accepted now. */
  renewable: boolean;
  /** When the book came back (an ISO instant); null while it is out. */
  returnedAt: string | null;
}

export type HoldStatus = 'waiting' | 'ready';

export interface Hold {
  _id: string;
  bookId: string;
  status: HoldStatus;
  /** Place in the book's queue, 1 for the next copy; null once a copy is kept for the member. */
  position: number | null;
  /** Until when a ready hold's copy is kept (an ISO instant); null while waiting. */
  readyUntil: string | null;
  bookDetails: LoanBookDetails;
}

export interface HoldPlaced extends InsertResult {
  position: number;
}

/** The circulation rules in force, and the library's today (DECISIONS.md §9). */
export interface CirculationRules {
  today: string;
  timeZone: string;
  loanDays: number;
  renewalsMax: number;
  holdsMax: number;
  holdPickupDays: number;
  borrowLimit: number;
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
