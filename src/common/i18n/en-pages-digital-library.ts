/**
 * The English texts of the digital library, the reader and the e-book editor: a part of en-pages.ts, the pages most visitors never
 * open, which load them through src/client/lib/page-texts.ts.
 */
import type { ErrorCode } from '../error-codes.ts';
import { LOCALES } from './languages.ts';
import { numberIn } from './numbers.ts';

/** Numbers as English writes them (1,234), for counts that may run into thousands. */
const n = numberIn(LOCALES.en);

/** The digital library: /read-online, the reader, and the librarian's e-book edition (docs/product/digital-library.md). */
export const digitalLibraryTexts = {
  searchLabel: 'Search e-books',
  searchPlaceholder: 'Title or author',
  search: 'Search',
  filters: { all: 'All e-books', open: 'Open to all', lend: 'Lent' },
  filterLabel: 'Show',
  noEbooks: 'No e-book matches. Try another word or show all e-books.',
  myShelf: 'My e-books',
  myShelfEmpty: 'You have no e-loans and wait for no e-book. Borrow one below.',
  signInForShelf: 'Sign in to borrow e-books and keep your place in them.',
  signIn: 'Sign In',
  open: 'Open to all',
  lent: 'Lent',
  copiesFree: (available: number, copies: number) =>
    `${n(available)} of ${n(copies)} ${copies === 1 ? 'copy' : 'copies'} free`,
  waiting: (count: number) =>
    count === 0 ? '' : `${n(count)} ${count === 1 ? 'member' : 'members'} waiting`,
  readNow: 'Read now',
  borrow: 'Borrow',
  borrowing: 'Borrowing...',
  joinWaitlist: 'Join the waiting list',
  joining: 'Joining...',
  leaveWaitlist: 'Leave the list',
  returnEarly: 'Return now',
  timeLeft: (left: string, until: string) => `${left} left, until ${until}`,
  daysLeft: (days: number) => `${n(days)} ${days === 1 ? 'day' : 'days'}`,
  hoursLeft: (hours: number) => `${n(hours)} ${hours === 1 ? 'hour' : 'hours'}`,
  position: (place: number) => `Number ${n(place)} on the waiting list`,
  keptUntil: (until: string) => `A copy is kept for you until ${until}`,
  details: 'Details',
  borrowed: {
    title: 'E-book Borrowed',
    text: (until: string) => `It is yours to read until ${until}. It returns by itself then.`,
  },
  returned: 'E-book returned',
  joined: {
    title: 'On the Waiting List',
    text: (place: number) =>
      `You are number ${n(place)}. When a copy is free, the library keeps it for you and sends you a mail.`,
  },
  left: 'You left the waiting list',
  confirmReturn: {
    title: 'Return this e-book now?',
    text: 'You can borrow it again later if a copy is free.',
    confirm: 'Yes, return it',
    cancel: 'Keep reading',
  },
  refusals: {
    EBOOK_NOT_AVAILABLE: {
      title: 'All Copies Out',
      text: 'Every digital copy is out. Join the waiting list to be next.',
    },
    EBOOK_LOAN_LIMIT: {
      title: 'E-loan Limit Reached',
      text: 'You have as many e-books as you may borrow at once. Return one to borrow another.',
    },
    ALREADY_BORROWED: { title: 'Already Yours', text: 'You already borrowed this e-book.' },
    ALREADY_WAITING: {
      title: 'Already Waiting',
      text: 'You are already on the waiting list for this e-book.',
    },
    EBOOK_AVAILABLE: {
      title: 'A Copy Is Free',
      text: 'A digital copy is free: borrow it instead of joining the waiting list.',
    },
    MEMBER_BLOCKED: {
      title: 'Borrowing Blocked',
      text: 'Your borrowing is blocked. Please speak to a librarian at the desk.',
    },
    OTHER: { title: 'Something Went Wrong', text: 'Please try again.' },
  } satisfies Partial<Record<ErrorCode | 'OTHER', { title: string; text: string }>>,
  reader: {
    loading: 'Opening the book...',
    contents: 'Contents',
    closeContents: 'Close contents',
    previous: 'Previous page',
    next: 'Next page',
    smaller: 'Smaller text',
    larger: 'Larger text',
    smallerMark: 'A−',
    largerMark: 'A+',
    fontSize: (percent: number) => `Text size ${n(percent)}%`,
    dark: 'Dark',
    light: 'Light',
    theme: 'Colours',
    back: 'Back to the digital library',
    progress: (percent: number) => `${n(percent)}% read`,
    failed: 'This book could not be opened. Please try again.',
    loanRequired: 'Borrow this e-book to read it.',
    signInRequired: 'Sign in and borrow this e-book to read it.',
    notFound: 'This book has no e-book.',
    goBorrow: 'Go to the digital library',
  },
  editor: {
    heading: 'E-book edition',
    none: 'This book has no e-book yet.',
    file: 'EPUB file',
    upload: 'Upload EPUB',
    replace: 'Replace EPUB',
    uploading: 'Uploading...',
    access: 'Access',
    copies: 'Digital copies',
    save: 'Save',
    remove: 'Remove e-book',
    uploaded: 'E-book stored',
    saved: 'E-book saved',
    removed: 'E-book removed',
    confirmRemove: {
      title: 'Remove this e-book?',
      text: 'Members will no longer see or read it.',
      confirm: 'Yes, remove it',
      cancel: 'Keep it',
    },
    failures: {
      INVALID_EBOOK: 'This file is not an EPUB the library can lend.',
      PAYLOAD_TOO_LARGE: 'This file is larger than the library accepts.',
      EBOOK_IN_USE: 'Members are reading this e-book now: wait until their loans end.',
      OTHER: 'The e-book could not be saved. Please try again.',
    } satisfies Partial<Record<ErrorCode | 'OTHER', string>>,
  },
};
