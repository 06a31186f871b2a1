/** The shapes of the API's answers (DECISIONS.md §5). */
import type { BorrowRefusal } from './error-codes.ts';
import type { Category, NoticeKind, Role } from './constants.ts';

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
  /** The optional record fields (DECISIONS.md §10); null when not given. ISBN-13, digits only. */
  isbn: string | null;
  publisher: string | null;
  publishedYear: number | null;
  /** An ISO 639-1 code such as `bn` or `en`. */
  language: string | null;
}

/** POST /api/images: where the stored image is served, and its size after re-encoding. */
export interface StoredImage {
  url: string;
  width: number;
  height: number;
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

/** A hold as the desk sees it: whose it is, too. */
export interface DeskHold extends Hold {
  userName: string;
  userEmail: string;
}

/** GET /api/desk/members: an account, its role, and its loans now. */
export interface DeskMember {
  _id: string;
  name: string;
  email: string;
  role: Role;
  /** Current loans. */
  loans: number;
  /** Current loans past their return date. */
  overdue: number;
  /** A blocked member cannot borrow or place holds. */
  blocked: boolean;
}

/** GET /api/desk/stats: the library at a glance. */
export interface DeskStats {
  /** Titles in the catalogue. */
  books: number;
  /** Copies the library owns: on the shelf, on loan and kept for ready holds. */
  copies: number;
  onLoan: number;
  overdue: number;
  holdsWaiting: number;
  /** Loans borrowed this calendar month, on the library's calendar (returned or not). */
  loansThisMonth: number;
  /** The most borrowed books, ever, most first (at most 5). */
  topBooks: { _id: string; name: string; author: string; loans: number }[];
}

/** A notice as the member sees it in the app (GET /api/profile/notices). */
export interface Notice {
  _id: string;
  kind: NoticeKind;
  bookId: string;
  bookName: string;
  /** The due date (YYYY-MM-DD) of a loan notice; the pickup deadline (ISO time) of a hold notice. */
  until: string;
  createdAt: string;
  /** Whether it went by e-mail: not yet, yes, or not (the member said no to this kind). */
  email: 'pending' | 'sent' | 'optedOut' | 'failed';
}

/** Which notices the member wants by e-mail (GET and PATCH /api/profile/notice-choices). */
export type NoticeChoices = Record<NoticeKind, boolean>;

/** GET /api/profile/data: everything the library keeps about the member, as a download. */
export interface MemberDataExport {
  exportedAt: string;
  profile: {
    _id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    image: string | null;
    role: string;
    createdAt: string;
  };
  noticeChoices: NoticeChoices;
  loans: Loan[];
  holds: Hold[];
  notices: Notice[];
}
