/**
 * Every "no" of the library's rules, in one place: the refusal's HTTP status and the API's English
 * words (docs/product.md#errors). The server answers from it (server/core/refusals.ts); the
 * client's dialogs give the same refusals in the page's language (common/i18n/), typed from
 * these codes. Words that name a setting take the rules' figures in force.
 */
import { PHONE_CODE } from './constants.ts';
import type { ErrorCode } from './error-codes.ts';

/** The figures of the rules some refusals name. */
export interface RuleFigures {
  borrowLimit: number;
  renewalsMax: number;
  holdsMax: number;
  ebookLoansMax: number;
  roomHoursPerDay: number;
  appointmentChangesPerHour: number;
}

type Words = string | ((figures: RuleFigures) => string);

const refusal = (status: number, words: Words) => ({ status, words });

export const REFUSALS = {
  // Who may be served (core/eligibility.ts).
  UNAUTHORIZED: refusal(401, 'Please sign in to continue'),
  MEMBER_NOT_FOUND: refusal(404, 'No member has this card number.'),
  EMAIL_NOT_VERIFIED: refusal(
    409,
    'Please confirm your e-mail address first: open the link in the mail the library sent you.',
  ),
  MEMBER_BLOCKED: refusal(
    409,
    'Your borrowing is blocked. Please speak to a librarian at the desk.',
  ),
  MEMBERSHIP_EXPIRED: refusal(409, 'Your membership has expired. Please renew it at the desk.'),
  FINES_OWED: refusal(409, 'Please pay your fines at the desk before borrowing again.'),
  // Borrowing, renewing and holds all refuse it: words true of each (issue 36).
  OVERDUE_LOANS: refusal(
    409,
    'Please return your overdue books first: nothing is borrowed, renewed or held while a book is overdue.',
  ),

  // Books and copies on paper: lending, renewals and holds.
  BOOK_NOT_FOUND: refusal(404, 'The selected book does not exist.'),
  NOT_AVAILABLE: refusal(409, 'This book is currently unavailable for borrowing.'),
  ALREADY_BORROWED: refusal(409, 'You already borrowed this book. Please return it first.'),
  LIMIT_REACHED: refusal(
    409,
    (figures) => `You can borrow a maximum of ${figures.borrowLimit} books at a time.`,
  ),
  LOAN_NOT_FOUND: refusal(404, 'You have no current loan with this id'),
  RENEWAL_LIMIT: refusal(
    409,
    (figures) => `This loan has been renewed ${figures.renewalsMax} times, the most allowed.`,
  ),
  HOLD_QUEUE: refusal(
    409,
    'Another member is waiting for this book, so the loan cannot be renewed.',
  ),
  COPIES_AVAILABLE: refusal(409, 'A copy is on the shelf: borrow it instead of placing a hold.'),
  NOT_IN_COLLECTION: refusal(
    409,
    'No copy of this book is in the collection, so a hold could never be served.',
  ),
  ALREADY_ON_HOLD: refusal(409, 'You already have a hold on this book.'),
  HOLD_LIMIT_REACHED: refusal(
    409,
    (figures) => `You can hold at most ${figures.holdsMax} books at a time.`,
  ),
  HOLD_NOT_FOUND: refusal(404, 'You have no hold with this id'),
  BOOK_IN_CIRCULATION: refusal(
    409,
    'This book has copies on loan or members waiting for it, so it cannot be withdrawn.',
  ),
  RETURN_AT_DESK: refusal(403, 'Please return this book at the desk.'),
  COPY_NOT_FOUND: refusal(404, 'No copy has this barcode.'),
  COPY_NOT_AVAILABLE: refusal(
    409,
    'This copy cannot be lent: it is on loan, lost, damaged or withdrawn.',
  ),
  COPY_HELD: refusal(409, "This copy is kept for another member's hold."),
  COPY_NOT_ON_LOAN: refusal(409, 'This copy is not on loan.'),
  COPY_IN_CIRCULATION: refusal(
    409,
    'This copy is on loan or kept for a hold, so its status cannot be changed.',
  ),
  DUPLICATE_BARCODE: refusal(409, 'Another copy or a library card already has this barcode.'),

  // The member's account.
  OPEN_LOANS: refusal(409, 'Please return your borrowed books before deleting your account.'),
  LAST_LIBRARIAN: refusal(
    409,
    'This is the library’s only librarian: make another member a librarian first.',
  ),

  // Study rooms and events.
  ROOM_NOT_FOUND: refusal(404, 'The selected room does not exist.'),
  BOOKING_NOT_FOUND: refusal(404, 'You have no booking with this id'),
  SLOT_TAKEN: refusal(
    409,
    'This room is already booked for that time. Please choose another slot.',
  ),
  ROOM_HOURS_LIMIT: refusal(
    409,
    (figures) => `You can book rooms for at most ${figures.roomHoursPerDay} hours a day.`,
  ),
  BOOKING_STARTED: refusal(409, 'This booking has started and can no longer be cancelled.'),
  ROOM_HAS_BOOKINGS: refusal(409, 'This room has bookings still to come, so it cannot be deleted.'),
  EVENT_NOT_FOUND: refusal(404, 'The selected event does not exist.'),
  EVENT_CANCELLED: refusal(409, 'This event has been cancelled.'),
  EVENT_STARTED: refusal(409, 'This event has already started.'),
  ALREADY_REGISTERED: refusal(409, 'You are already registered or waiting for this event.'),
  REGISTRATION_NOT_FOUND: refusal(404, 'You are not registered for this event.'),
  RATE_LIMITED: refusal(
    429,
    (figures) =>
      `You can book, cancel, register or leave at most ${figures.appointmentChangesPerHour} times an hour. Please try again later.`,
  ),

  // The digital library.
  EBOOK_NOT_FOUND: refusal(404, 'This book has no e-book.'),
  EBOOK_OPEN: refusal(409, 'This e-book is open to everyone: read it without borrowing.'),
  EBOOK_NOT_AVAILABLE: refusal(409, 'Every digital copy is out. Join the waiting list to be next.'),
  EBOOK_LOAN_LIMIT: refusal(
    409,
    (figures) => `You can borrow at most ${figures.ebookLoansMax} e-books at a time.`,
  ),
  EBOOK_AVAILABLE: refusal(
    409,
    'A digital copy is free: borrow it instead of joining the waiting list.',
  ),
  ALREADY_WAITING: refusal(409, 'You are already on the waiting list for this e-book.'),
  WAIT_NOT_FOUND: refusal(404, 'You are not on this waiting list.'),
  EBOOK_IN_USE: refusal(409, 'Members are reading this e-book now: wait until their loans end.'),
  EBOOK_LOAN_REQUIRED: refusal(403, 'Borrow this e-book to read it.'),

  // A member's phone and SMS (docs/product.md#sms).
  INVALID_PHONE: refusal(
    400,
    'Please give a Bangladeshi mobile number: +8801 and nine digits, such as +8801712345678.',
  ),
  INVALID_CODE: refusal(400, 'This is not the code we sent. Please check the SMS and try again.'),
  CODE_EXPIRED: refusal(
    409,
    `This code no longer works (it lasts ${PHONE_CODE.minutes} minutes and ${PHONE_CODE.tries} tries). Please ask for a new one.`,
  ),
  PHONE_NOT_VERIFIED: refusal(
    409,
    'Please add your mobile number and confirm it with the code we send before choosing SMS.',
  ),
} as const satisfies Partial<Record<ErrorCode, { status: number; words: Words }>>;

export type RefusalCode = keyof typeof REFUSALS;

/** A refusal's words, with the figures in force where they name one. */
export function refusalWords(code: RefusalCode, figures: RuleFigures): string {
  const { words } = REFUSALS[code];
  return typeof words === 'string' ? words : words(figures);
}

/**
 * The words of the hourly limit of codes sent to confirm a number: a 429 `RATE_LIMITED`, the code
 * every limit answers with.
 */
export const PHONE_CODES_LIMITED = `You can ask for at most ${PHONE_CODE.perHour} codes an hour. Please try again later.`;
