/** The tables this app owns, as Kysely sees them. better-auth owns `user`, `session`, `account`, `verification` and `rateLimit`. */
import type { Generated, Insertable, Selectable } from 'kysely';
import type {
  FineKind,
  NoticeChannel,
  NoticeKind,
  OutboxKind,
  SmsNoticeKind,
} from '../../common/constants.ts';
import type { CopyStatus } from '../../common/copies.ts';

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
  /**
   * The folded words of the name and author (books/search-words.ts), joined by spaces: the word
   * index's first column and the trigram index's text.
   */
  searchText: string;
  /** The romanised keys of the name's and author's words (migration 0140). */
  searchKey: string;
  /** The short description's folded words and their keys (migration 0140). */
  searchDescription: string;
  /** Name and author folded like `searchText`, each alone: the keys of sorting by title and by author (migration 0020). */
  sortName: Generated<string>;
  sortAuthor: Generated<string>;
  createdAt: string;
  updatedAt: string;
  /** Holds waiting for a copy of this book; kept in the transactions that place and serve them. */
  holds: Generated<number>;
  /** The ISBN-13 (common/isbn.ts); unique where present (migration 0040). */
  isbn: string | null;
  publisher: string | null;
  publishedYear: number | null;
  /** What losing one of its copies charges, in whole taka; null: LOST_COPY_CHARGE (0191). */
  replacementCost: number | null;
  /** An ISO 639-1 code (common/languages.ts). */
  language: string | null;
  /** The e-book's access, or null when the book has none (migration 0120, ebooks/). */
  ebookAccess: Generated<'open' | 'lend' | null>;
  /** Digital copies; of a lent title, those neither lent nor kept for a waiting member are `ebookAvailable`. */
  ebookCopies: Generated<number>;
  ebookAvailable: Generated<number>;
  /** Members on the e-book's waiting list without a kept copy. */
  ebookWaiting: Generated<number>;
  /** The MARC record's control number, `(003)001` or the 001 alone; unique where present (migration 0160). */
  controlNumber: Generated<string | null>;
  /** The romanised title and author of a book kept in its original script (a MARC 880), searched too. */
  romanisedName: Generated<string | null>;
  romanisedAuthor: Generated<string | null>;
}

export interface LoanTable {
  id: string;
  bookId: string;
  userId: string;
  userName: string;
  userEmail: string;
  /**
   * Which of the member's BORROW_LIMIT places this loan takes (1..BORROW_LIMIT, chosen by the
   * service). Unique among a member's current loans, so two loans racing for the last place cannot
   * both be stored, whatever the concurrency, the number of server processes or a crash.
   */
  slot: number;
  borrowedDate: string;
  returnDate: string;
  createdAt: string;
  renewals: Generated<number>;
  /** When the copy came back; null while the loan is current. A returned loan is history. */
  returnedAt: string | null;
  /** When the loan was closed because its copy was lost (migration 0100); null otherwise. */
  lostAt: Generated<string | null>;
  /** The copy lent and its barcode (migration 0090); null only for loans returned before copies existed. */
  copyId: string | null;
  barcode: string | null;
}

/**
 * A member's place in a book's queue. `waiting` holds are served oldest first; a `ready` hold has
 * a copy kept for its member until `readyUntil`. Unique per member and book, and per member and
 * `slot` (1..HOLDS_MAX, chosen by the service), like loans.
 */
export interface HoldTable {
  id: string;
  bookId: string;
  userId: string;
  userName: string;
  userEmail: string;
  slot: number;
  status: 'waiting' | 'ready';
  placedAt: string;
  readyUntil: string | null;
  /** The copy kept for a ready hold (status `held`); null while waiting (migration 0090). */
  copyId: string | null;
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
  /** The word index: title and author weighted A, keys B, description C (migration 0140). */
  words: string;
  /** The title's and author's words, and those with their keys: the first two tiers (migration 0198). */
  bestWords: string;
  nearWords: string;
}

/** Every word of a title or author, once (migration 0140): what a search forgives typos against. */
export interface SearchWordTable {
  word: string;
}

/** The library's categories (migration 0141): the English name books carry, and the Bangla one. */
export interface CategoryTable {
  name: string;
  /** The name in lower case: unique, so names differing only in case are one category. */
  nameKey: string;
  nameBn: string;
  createdAt: string;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

/** A sign-in in progress or failed, by client address and account (auth/sign-in-limits.ts). */
export interface SignInAttemptTable {
  id: string;
  address: string;
  /** The e-mail address tried, lower-cased. */
  account: string;
  at: string;
}

/**
 * What a withdrawn book's returned loans still show of it (migration 0030): the book's row is
 * deleted when a librarian withdraws it, so lists and searches forget it, and its history stays.
 */
export interface WithdrawnBookTable {
  id: string;
  name: string;
  author: string;
  category: string;
  image: string;
  withdrawnAt: string;
}

/** A stored image (migration 0060): WebP bytes, named by their own hash (images/images.repository.ts). */
export interface ImageTable {
  id: string;
  bytes: Buffer;
  width: number;
  height: number;
  uploadedBy: string | null;
  createdAt: string;
}

/**
 * better-auth's `user` table, as far as this app reads it. `role` and `blocked` are better-auth
 * additional fields (auth.ts): created by its migrations, never accepted from a client.
 */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  /** A boolean; SQLite stores it as 0 or 1. */
  emailVerified: boolean | number;
  image: string | null;
  role: string;
  /** A boolean; SQLite stores it as 0 or 1. */
  blocked: boolean | number;
  /** The language of the member's mails (docs/product.md#language), another additional field; null when unset. */
  lang: string | null;
  createdAt: string | Date;
}

/**
 * The notices' outbox (migration 0050): one row per event, unique by (`kind`, `subjectId`,
 * `until`), claimed for delivery with a lease (notices/notices.repository.ts).
 */
export interface NoticeTable {
  id: string;
  kind: OutboxKind;
  /**
   * What the mail is about: the loan (dueSoon, overdue), hold (holdReady, holdExpired, holdCancelled),
   * booking, registration, the ledger entry (receipt), or the member (membershipExpiring, account mails).
   */
  subjectId: string;
  /**
   * The due date (YYYY-MM-DD) of a loan notice, the pickup deadline (ISO time) of a hold notice;
   * for the other mails the moment that sets one event apart from the next of its subject.
   */
  until: string;
  userId: string;
  /** The book a notice is about; empty for mails about no book. */
  bookId: string;
  bookName: string;
  /** JSON of what a mail needs beyond the book (an appointment, an account link); migration 0130. */
  payload: string | null;
  createdAt: string;
  /** `pending` until sent; `optedOut`, `obsolete` (no longer true) and `failed` are never sent. */
  status: Generated<'pending' | 'sent' | 'optedOut' | 'obsolete' | 'failed'>;
  attempts: Generated<number>;
  nextAttemptAt: string;
  leaseToken: string | null;
  leaseUntil: string | null;
  sentAt: string | null;
  lastError: string | null;
  /** How the row's message goes (migration 0180): a member wanting an event by SMS has a row of each. */
  channel: Generated<NoticeChannel>;
}

/** A member's mobile number (migration 0180); `verifiedAt` null until its code came back. */
export interface MemberPhoneTable {
  userId: string;
  /** `+8801` and nine digits. */
  phone: string;
  verifiedAt: string | null;
}

/** A code sent by SMS to confirm a number: its HMAC only (phones/phone-codes.ts). */
export interface PhoneCodeTable {
  id: string;
  userId: string;
  phone: string;
  codeHash: string;
  createdAt: string;
  expiresAt: string;
  tries: Generated<number>;
  status: Generated<'pending' | 'used' | 'void'>;
}

/** A kind of notice the member wants by SMS; no row means no. */
export interface SmsChoiceTable {
  userId: string;
  kind: SmsNoticeKind;
}

/** A kind of notice the member does not want by e-mail. */
export interface NoticeOptOutTable {
  userId: string;
  kind: NoticeKind;
}

/** better-auth's sessions, sign-in methods and one-time tokens, as far as deleting an account reaches them. */
export interface SessionTable {
  id: string;
  userId: string;
}
export interface AccountTable {
  id: string;
  userId: string;
  /** `credential` for an e-mail and password account, `google` for Google's. */
  providerId: string;
  /** The password's scrypt hash, on the `credential` account only. */
  password: string | null;
}
export interface VerificationTable {
  id: string;
  identifier: string;
  /** A reset token's row holds the user's id here. */
  value: string;
}

/**
 * The fines ledger (migration 0100): one row per charge, payment or waiver, in whole taka. At
 * most one row of each kind per loan (`fineEntry_once_per_loan`).
 */
export interface FineEntryTable {
  id: string;
  userId: string;
  kind: FineKind;
  /** Whole taka, above 0; `kind` says whether it is owed (overdue, lost) or taken off (payment, waiver). */
  amount: number;
  loanId: string | null;
  bookName: string;
  note: string;
  createdAt: string;
  /** Who took a payment or waiver at the desk, by name as it was then (migration 0197); else ''. */
  takenBy: Generated<string>;
}

/**
 * Which charges a payment or waiver settled, and how much of each (migration 0197), written in the
 * transaction that took it: what its receipt names.
 */
export interface FineSettlementTable {
  creditId: string;
  chargeId: string;
  amount: number;
}

/** An account's membership (migration 0100): calendar days, `expiresOn` the last day it is valid. */
export interface MembershipTable {
  userId: string;
  memberSince: string;
  expiresOn: string;
}

/** Every barcode ever given, to a copy or a card; never deleted, so never given twice (migration 0090). */
export interface BarcodeTable {
  code: string;
  kind: 'copy' | 'card';
}

/** One copy a library owns (migration 0090); a book's `quantity` counts those `available`. */
export interface CopyTable {
  id: string;
  bookId: string;
  barcode: string;
  status: CopyStatus;
  shelfMark: string | null;
  note: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Each account's library card (migration 0090), beside better-auth's `user`. */
export interface LibraryCardTable {
  cardNumber: string;
  userId: string;
  issuedAt: string;
}

/** A study room members book (migration 0110). */
export interface RoomTable {
  id: string;
  name: string;
  capacity: number;
  description: string;
  createdAt: string;
  /** How many members may book a slot at once, a seat each (migration 0192). */
  seats: number;
}

/**
 * A member's booking of a room: `start` to `end` (`HH:MM`) on the library's `date`, and the
 * instants they mean. Its member's name and e-mail and its room's name are kept, like a loan's.
 */
export interface RoomBookingTable {
  id: string;
  roomId: string;
  roomName: string;
  userId: string;
  userName: string;
  userEmail: string;
  date: string;
  start: string;
  end: string;
  startsAt: string;
  endsAt: string;
  status: 'booked' | 'checkedIn' | 'cancelled' | 'noShow';
  createdAt: string;
  checkedInAt: string | null;
}

/**
 * A seat of a slot a live booking holds; unique per room, slot start and seat (migration 0192),
 * so a slot never holds more bookings than its room has seats.
 */
export interface RoomSlotTable {
  roomId: string;
  startsAt: string;
  seat: number;
  bookingId: string;
}

/**
 * The time an event held in a room takes from the room's slots (migration 0192): bookings
 * cannot overlap it. The rooms module's side of `libraryEvent.roomId`.
 */
export interface RoomEventHoldTable {
  eventId: string;
  roomId: string;
  startsAt: string;
  endsAt: string;
}

/** An event members register for (migration 0110). */
export interface LibraryEventTable {
  id: string;
  title: string;
  description: string;
  place: string;
  startsAt: string;
  endsAt: string;
  capacity: number;
  status: 'scheduled' | 'cancelled';
  createdAt: string;
  /** The room it is held in, whose slots it takes for its time (migration 0192). */
  roomId: string | null;
}

/**
 * A member registered for an event or waiting for a seat. `queueNumber` orders an event's
 * registrations as they joined; the waiting list is served in that order.
 */
export interface EventRegistrationTable {
  id: string;
  eventId: string;
  userId: string;
  userName: string;
  userEmail: string;
  status: 'registered' | 'waiting';
  queueNumber: number;
  joinedAt: string;
  /** A boolean (SQLite stores 0 or 1); null until the desk marks it. */
  attended: boolean | number | null;
}

/** An e-book's EPUB (migration 0120), stored like images so every instance serves it. */
export interface EbookFileTable {
  bookId: string;
  bytes: Buffer;
  size: number;
  sha256: string;
  uploadedBy: string | null;
  uploadedAt: string;
}

/** A member's e-loan: current while `endedAt` is null and `expiresAt` is ahead. */
export interface EbookLoanTable {
  id: string;
  bookId: string;
  userId: string;
  startedAt: string;
  expiresAt: string;
  endedAt: string | null;
}

/** A place on an e-book's waiting list; `ready` keeps a copy for the member until `readyUntil`. */
export interface EbookWaitTable {
  id: string;
  bookId: string;
  userId: string;
  status: 'waiting' | 'ready';
  placedAt: string;
  readyUntil: string | null;
}

/** Where a member is in an e-book (the reader's locator) and how far, from 0 to 1. */
export interface EbookPositionTable {
  userId: string;
  bookId: string;
  locator: string;
  progress: number;
  updatedAt: string;
}

/** A booking or registration made or cancelled by its member (migration 0131), counted per hour. */
export interface AppointmentChangeTable {
  id: string;
  userId: string;
  at: string;
}

export interface DB {
  book: BookTable;
  withdrawnBook: WithdrawnBookTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  loan: LoanTable;
  hold: HoldTable;
  categoryStat: CategoryStatTable;
  bookSearchEntry: BookSearchEntryTable;
  bookSearchText: BookSearchTextTable;
  category: CategoryTable;
  searchWord: SearchWordTable;
  appMeta: AppMetaTable;
  signInAttempt: SignInAttemptTable;
  image: ImageTable;
  notice: NoticeTable;
  noticeOptOut: NoticeOptOutTable;
  memberPhone: MemberPhoneTable;
  phoneCode: PhoneCodeTable;
  smsChoice: SmsChoiceTable;
  fineEntry: FineEntryTable;
  fineSettlement: FineSettlementTable;
  membership: MembershipTable;
  barcode: BarcodeTable;
  copy: CopyTable;
  libraryCard: LibraryCardTable;
  room: RoomTable;
  roomBooking: RoomBookingTable;
  roomSlot: RoomSlotTable;
  roomEventHold: RoomEventHoldTable;
  libraryEvent: LibraryEventTable;
  eventRegistration: EventRegistrationTable;
  ebookFile: EbookFileTable;
  ebookLoan: EbookLoanTable;
  ebookWait: EbookWaitTable;
  ebookPosition: EbookPositionTable;
  appointmentChange: AppointmentChangeTable;
}

export type BookRow = Selectable<BookTable>;
export type NewBookRow = Insertable<BookTable>;
export type NewLoanRow = Insertable<LoanTable>;
