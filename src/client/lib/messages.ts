/**
 * The one table from the server's error codes (and the client's own events) to the texts of
 * SPEC.md §8. Every dialog, toast and inline message reads its words from here.
 */
import type { BorrowRefusal, ErrorCode } from '../../common/error-codes.ts';

export interface Message {
  title: string;
  text?: string;
}

/** REQUIRE_EMAIL_VERIFICATION: borrowing and holds wait for a confirmed address (DECISIONS §11). */
export const emailNotVerifiedMessage: Message = {
  title: 'Confirm Your Email',
  text: 'Please open the link in the mail we sent you when you registered, then try again.',
};

export const borrowRefusalMessages: Record<BorrowRefusal | 'BOOK_NOT_FOUND' | 'OTHER', Message> = {
  NOT_FOUND: { title: 'Book Not Found', text: 'The selected book does not exist.' },
  BOOK_NOT_FOUND: { title: 'Book Not Found', text: 'The selected book does not exist.' },
  NOT_AVAILABLE: {
    title: 'Not Available',
    text: 'This book is currently unavailable for borrowing.',
  },
  ALREADY_BORROWED: {
    title: 'Already Borrowed',
    text: 'You already borrowed this book. Please return it first.',
  },
  LIMIT_REACHED: {
    title: 'Borrow Limit Reached',
    text: 'You can borrow a maximum of 3 books at a time.',
  },
  OVERDUE_LOANS: {
    title: 'Overdue Books',
    text: 'Please return your overdue books before borrowing another.',
  },
  MEMBER_BLOCKED: {
    title: 'Borrowing Blocked',
    text: 'Your borrowing is blocked. Please speak to a librarian at the desk.',
  },
  EMAIL_NOT_VERIFIED: emailNotVerifiedMessage,
  OTHER: { title: 'Oops...', text: 'Failed to borrow the book. Please try again.' },
};

/** Maps a borrow failure code from the API to its dialog. */
export function borrowFailureMessage(code: ErrorCode | undefined): Message {
  switch (code) {
    case 'BOOK_NOT_FOUND':
    case 'NOT_AVAILABLE':
    case 'ALREADY_BORROWED':
    case 'LIMIT_REACHED':
    case 'OVERDUE_LOANS':
    case 'MEMBER_BLOCKED':
    case 'EMAIL_NOT_VERIFIED':
      return borrowRefusalMessages[code];
    default:
      return borrowRefusalMessages.OTHER;
  }
}

export const registerMessages = {
  missingFields: {
    title: 'Missing Fields',
    text: 'Please fill in all required fields (name, email, password).',
  },
  weakPasswordForm: {
    title: 'Weak Password',
    text: 'Password must be at least 6 characters and contain both uppercase and lowercase letters.',
  },
  emailInUse: {
    title: 'Email Already In Use',
    text: 'Please try logging in or use a different email.',
  },
  weakPasswordServer: { title: 'Weak Password', text: 'Password should be at least 6 characters.' },
  failedTitle: 'Registration Failed',
  googleFailedTitle: 'Google Sign In Failed',
} as const;

/** What the sign-up form shows for a failure the server reports. */
export function registrationFailureMessage(
  code: ErrorCode | undefined,
  serverText: string,
): Message {
  if (code === 'EMAIL_EXISTS') return registerMessages.emailInUse;
  if (code === 'WEAK_PASSWORD') return registerMessages.weakPasswordServer;
  if (code === 'RATE_LIMITED') return rateLimitedMessage;
  return { title: registerMessages.failedTitle, text: serverText };
}

/** Why an image was not taken (DECISIONS.md §12): shown under the image field. */
export const imageFailureMessages = {
  INVALID_IMAGE: 'This file is not an image we can use. Choose a JPEG, PNG, WebP or GIF.',
  PAYLOAD_TOO_LARGE: 'This image is larger than 5 MB. Choose a smaller file.',
  IMAGE_UNREACHABLE:
    'The image at this address could not be fetched. Check the address or upload the file instead.',
  UNAUTHORIZED: 'Please sign in to upload an image.',
  OTHER: 'The image could not be uploaded. Please try again.',
} as const satisfies Partial<Record<ErrorCode | 'OTHER', string>>;

export function imageFailureMessage(code: ErrorCode | undefined): string {
  return code && code in imageFailureMessages
    ? imageFailureMessages[code as keyof typeof imageFailureMessages]
    : imageFailureMessages.OTHER;
}

export const rateLimitedMessage: Message = {
  title: 'Too Many Attempts',
  text: 'Too many attempts from this device. Please wait a minute and try again.',
};

export const successMessages = {
  registration: 'Registration Successful',
  googleLogin: 'Google Login Successful',
  login: 'Login Successful',
  logout: 'Logout Successful',
  bookAdded: 'Your Book has been Added',
  borrowed: 'Successfully Borrowed',
  updated: { title: 'Updated', text: 'Book updated successfully' },
} as const;

export const failureMessages = {
  addBook: 'Failed to add book',
  loadBooks: { title: 'Error', text: 'Failed to fetch books' },
  loadBookForUpdate: { title: 'Error', text: 'Failed to load book' },
  update: 'Update failed',
  returnBook: 'Something went wrong while returning the book. Please try again.',
} as const;

export const emptyStates = {
  categories: 'No categories found',
  allBooks: 'No books available',
  bookNotFound: 'Book not found.',
  category: (name: string) => `No books found in category "${name}"`,
  borrowedBooks: 'You have no borrowed books currently.',
} as const;

/** Timings of SPEC.md §9, in milliseconds. */
export const timings = {
  toast: 1500,
  logoutToast: 1500,
  redirectAfterRegister: 1500,
  redirectAfterBorrow: 1500,
  redirectAfterAdd: 1600,
  bannerAutoplay: 4000,
  counterDuration: 3000,
  categoryStagger: 100,
} as const;

/** Labels of a book's fields, shared by the table's headers, the forms and the details page. */
export const bookFieldLabels = {
  name: 'Name',
  author: 'Author',
  category: 'Category',
  quantity: 'Quantity',
  rating: 'Rating',
  shortDescription: 'Short Description',
  image: 'Image URL',
  content: 'Content',
  update: 'Update',
} as const;

/** Words of the catalogue screens: All Books, book details, category books, add and update. */
export const catalogueTexts = {
  allBooksHeading: 'All Books',
  showAvailable: 'Show Available Books',
  showAll: 'Show All Books',
  viewLabel: 'View',
  cardView: 'Card View',
  tableView: 'Table View',
  loadMore: 'Load more',
  loadingMore: 'Loading more books...',
  shownOfTotal: (shown: number, total: number) =>
    `Showing ${shown} of ${total} ${total === 1 ? 'book' : 'books'}`,
  byAuthor: (author: string) => `by ${author}`,
  copies: (quantity: number) => `${quantity} ${quantity === 1 ? 'copy' : 'copies'} available`,
  ratingOutOf: (rating: number, max: number) => `${rating} out of ${max}`,
  borrowThisBook: 'Borrow This Book',
  aboutThisBook: 'About this book',
  categoryHeading: (name: string) => `${name} Books`,
  categoryCount: (count: number) => `${count} ${count === 1 ? 'title' : 'titles'} in this category`,
  coverAlt: (name: string) => `Cover of ${name}`,
  addHeading: 'Add a New Book',
  addIntro: 'Share a book with the library. Fields marked optional may be left empty.',
  addSubmit: 'Add Book',
  adding: 'Adding...',
  updateHeading: 'Update Book Information',
  updateSubmit: 'Update Book',
  saving: 'Saving...',
  cancel: 'Cancel',
  loadingBook: 'Loading book details...',
  chooseCategory: 'Choose a category',
  contentHint: "Optional. Shown on the book's page; leave a blank line between paragraphs.",
  imageHint:
    'A web address (https://…), fetched once and kept here, or a path on this site such as /covers/…',
  ratingHint: (min: number, max: number, step: number) =>
    `From ${min} to ${max}, in steps of ${step}`,
  duplicateIsbn: {
    title: 'ISBN Already Listed',
    text: 'Another book in the catalogue has this ISBN. Check the number, or update that book instead.',
  },
  tryAgain: 'Try again',
  backHome: 'Go to Homepage',
} as const;

/** Words of the circulation screens: borrowing and the member's borrowed books. */
export const circulationTexts = {
  borrowHeading: 'Borrow Book',
  availableQuantity: 'Available quantity',
  memberName: 'Your Name',
  memberEmail: 'Your Email',
  borrowedDate: 'Borrowed Date',
  returnDate: 'Return Date',
  borrow: 'Borrow',
  borrowing: 'Borrowing...',
  cancel: 'Cancel',
  borrowedHeading: 'Borrowed Books',
  borrowedCount: (count: number, limit: number) => `You hold ${count} of ${limit} books`,
  borrowedOn: 'Borrowed Date',
  returnBy: 'Return By',
  notAvailable: 'N/A',
  returnBook: 'Return Book',
  returning: 'Returning...',
  loadingLoans: 'Loading your borrowed books',
  loadLoansFailed: 'Your borrowed books could not be loaded. Please try again.',
  emptyHint: (limit: number) => `Browse the collection and borrow up to ${limit} books at a time.`,
  browseCollection: 'Browse the collection',
  returnDateHint: (days: number) => `A loan lasts up to ${days} days; you can renew it online.`,
  tabsLabel: 'Your borrowing',
  loansTab: 'On Loan',
  holdsTab: 'Holds',
  historyTab: 'History',
  dueIn: (days: number) =>
    days === 0 ? 'Due today' : `Due in ${days} ${days === 1 ? 'day' : 'days'}`,
  overdue: 'Overdue',
  overdueBy: (days: number) => `${days} ${days === 1 ? 'day' : 'days'} late`,
  overdueNotice:
    'You have overdue books. Please return them: until then you cannot borrow or place holds.',
  renew: 'Renew',
  renewing: 'Renewing...',
  renewalsUsed: (used: number, max: number) => `Renewed ${used} of ${max} times`,
  returnedOn: 'Returned',
  noHistory: 'No returned books yet.',
  historyCount: (total: number) => `${total} ${total === 1 ? 'book' : 'books'} returned`,
  noHolds: 'You have no holds. When every copy of a book is out, place a hold to join its queue.',
  queuePosition: (position: number) => `Number ${position} in the queue`,
  readyUntil: (date: string) => `Ready for you until ${date}`,
  readyHint: 'A copy is kept for you: borrow it before then.',
  borrowReady: 'Borrow Now',
  cancelHold: 'Cancel Hold',
  cancellingHold: 'Cancelling...',
  placeHold: 'Place a Hold',
  placingHold: 'Placing hold...',
  queueLength: (waiting: number) =>
    waiting === 0
      ? 'No one is waiting yet.'
      : `${waiting} ${waiting === 1 ? 'member is' : 'members are'} waiting.`,
  allCopiesOut: 'All copies are on loan.',
  youHaveIt: (date: string) => `You have this book. Please return it by ${date}.`,
  youHaveItOverdue: (date: string) => `You have this book, and it was due on ${date}.`,
  yourBorrowedBooks: 'See your borrowed books',
  invalidDatesTitle: 'Invalid Dates',
} as const;

/** What renewing, placing and cancelling holds answer, as dialogs and toasts. */
export const circulationMessages = {
  renewed: (date: string) => ({ title: 'Renewed', text: `Please return it by ${date}.` }),
  holdPlaced: (position: number) => ({
    title: 'Hold Placed',
    text: `You are number ${position} in the queue. We keep a copy for you when it comes back.`,
  }),
  holdCancelled: 'Hold Cancelled',
  confirmReturn: (title: string) => ({
    title: 'Return this book?',
    text: `"${title}" goes back to the library: to the next member waiting for it, or to the shelf.`,
    confirm: 'Yes, Return It',
    cancel: 'Keep It',
  }),
  returned: 'Book Returned',
  refusals: {
    RENEWAL_LIMIT: {
      title: 'Renewal Limit Reached',
      text: 'This book has been renewed as many times as allowed. Please return it by its due date.',
    },
    HOLD_QUEUE: {
      title: 'Cannot Renew',
      text: 'Another member is waiting for this book. Please return it by its due date.',
    },
    LOAN_NOT_FOUND: { title: 'Loan Not Found', text: 'This loan is no longer current.' },
    HOLD_NOT_FOUND: { title: 'Hold Not Found', text: 'This hold no longer exists.' },
    COPIES_AVAILABLE: {
      title: 'Copies Available',
      text: 'A copy is on the shelf now, so you can borrow it instead.',
    },
    ALREADY_BORROWED: borrowRefusalMessages.ALREADY_BORROWED,
    ALREADY_ON_HOLD: {
      title: 'Already On Hold',
      text: 'You are already in the queue for this book.',
    },
    HOLD_LIMIT_REACHED: {
      title: 'Hold Limit Reached',
      text: 'You have as many holds as allowed. Cancel one to place another.',
    },
    OVERDUE_LOANS: borrowRefusalMessages.OVERDUE_LOANS,
    BOOK_NOT_FOUND: borrowRefusalMessages.BOOK_NOT_FOUND,
    EMAIL_NOT_VERIFIED: emailNotVerifiedMessage,
  } satisfies Partial<Record<ErrorCode, Message>>,
  failed: { title: 'Oops...', text: 'Something went wrong. Please try again.' },
} as const;

/** The dialog for a refused renewal or hold. */
export function circulationFailureMessage(code: ErrorCode | undefined): Message {
  const refusals: Partial<Record<ErrorCode, Message>> = circulationMessages.refusals;
  return (code && refusals[code]) || circulationMessages.failed;
}

/** Texts of the auth screens that SPEC.md leaves to us (it only logs a failed sign-in). */
export const authMessages = {
  invalidCredentials: 'Invalid email or password.',
  googlePopupBlocked:
    'The Google sign-in window was blocked. Allow pop-ups for this site and try again.',
  googlePopupClosed: 'The Google sign-in window was closed before signing in finished.',
} as const;

/** Words of finding books: the navbar's search field and the search page (DECISIONS §13). */
export const searchTexts = {
  fieldLabel: 'Search the catalogue',
  placeholder: 'Search titles and authors',
  submit: 'Search',
  shortcutHint: 'Press / to search',
  heading: 'Search',
  everyBook: 'Every book in the library',
  resultsFor: (q: string) => `Results for “${q}”`,
  found: (total: number) =>
    total === 0
      ? 'No books found'
      : `${total.toLocaleString('en')} ${total === 1 ? 'book' : 'books'} found`,
  shownRange: (first: number, last: number, total: number) =>
    `Showing ${first.toLocaleString('en')}–${last.toLocaleString('en')} of ${total.toLocaleString('en')}`,
  refine: 'Refine the results',
  categories: 'Category',
  allCategories: 'All categories',
  availability: 'Availability',
  availableOnly: 'On the shelf now',
  sortLabel: 'Sort by',
  sorts: {
    newest: 'Newest',
    title: 'Title (A–Z)',
    author: 'Author (A–Z)',
    rating: 'Highest rated',
  },
  pages: 'Pages',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  noMatches: 'No books match your search.',
  noMatchesHint: 'Check the spelling, try fewer words, or look in every category.',
  pastTheEnd: 'There are no more results on this page.',
  firstPage: 'Go to the first page',
  browseAll: 'Browse every book',
} as const;

/** Words of the frame around every page. */
export const shellTexts = {
  loadingPage: 'Loading the page',
  /** The navbar's link to /desk, shown to librarians only. */
  deskLink: 'Desk',
} as const;

/** Words of the home page's banner, a carousel (WAI-ARIA's carousel pattern). */
export const bannerTexts = {
  label: 'Library highlights',
  pause: 'Pause slideshow',
  play: 'Play slideshow',
  goTo: (slide: number) => `Go to slide ${slide}`,
  position: (slide: number, count: number) => `${slide} of ${count}`,
} as const;

/** The pages of a forgotten password (DECISIONS §11): /forgotPassword and /resetPassword. */
export const passwordResetTexts = {
  forgotLink: 'Forgot password?',
  forgotTitle: 'Forgot your password?',
  forgotIntro:
    'Enter the e-mail address of your library account. We will send you a link to choose a new password.',
  sendLink: 'Send Reset Link',
  // The same words whether or not the address has an account: the page must not tell.
  sent: {
    title: 'Check Your Email',
    text: 'If an account uses this address, a link to choose a new password is on its way. The link works once, for one hour.',
  },
  resetTitle: 'Choose a new password',
  resetIntro:
    'Your new password needs at least 6 characters, with both uppercase and lowercase letters.',
  newPassword: 'New Password',
  savePassword: 'Save New Password',
  saved: 'Password Changed',
  savedText: 'Sign in with your new password.',
  invalidLink: {
    title: 'This Link Has Expired',
    text: 'A reset link works once, for one hour. Ask for a new one.',
  },
  missingToken: {
    title: 'No Reset Link',
    text: 'Open the link from the mail we sent you, or ask for a new one.',
  },
  askAgain: 'Ask for a new link',
  backToSignIn: 'Back to Sign In',
  failed: 'Something went wrong. Please try again.',
} as const;
