/**
 * The English catalogue: every word the client shows (docs/product.md#language). The product's specified texts stay
 * word for word. bn.ts has the same shape, checked by TypeScript (`Catalogue`) and by
 * catalogue.test.ts (same keys, same placeholders). A text with a value in it is a function; its
 * parameters are its placeholders. Only the current language's catalogue is downloaded: the client
 * imports it lazily (src/client/lib/i18n.ts), and the server names it in the first HTML. The texts
 * of pages most visitors never open are in en-pages.ts, downloaded with those pages.
 */
import type { BorrowRefusal, ErrorCode } from '../error-codes.ts';
import type { Message } from './message.ts';
import { bannerTexts, homeTexts } from './en-home.ts';
import { bookRecordTexts, imageTexts, imageFailureMessages, ebookTexts } from './en-books.ts';

/** REQUIRE_EMAIL_VERIFICATION: borrowing and holds wait for a confirmed address (docs/product.md#accounts). */
const emailNotVerifiedMessage: Message = {
  title: 'Confirm Your Email',
  text: 'Please open the link in the mail we sent you when you registered, then try again.',
};

const borrowRefusalMessages: Record<BorrowRefusal | 'BOOK_NOT_FOUND' | 'OTHER', Message> = {
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
  FINES_OWED: {
    title: 'Fines Owed',
    text: 'Please pay your fines at the desk before borrowing again.',
  },
  MEMBERSHIP_EXPIRED: {
    title: 'Membership Expired',
    text: 'Your membership has expired. Please renew it at the desk.',
  },
};

const registerMessages = {
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
};

const rateLimitedMessage: Message = {
  title: 'Too Many Attempts',
  text: 'Too many attempts from this device. Please wait a minute and try again.',
};

const successMessages = {
  registration: 'Registration Successful',
  /** Under it: the address is not confirmed until the member opens the mail (issue 36). */
  confirmationSent: (email: string) =>
    `We sent a confirmation mail to ${email}: open its link to confirm your address.`,
  googleLogin: 'Google Login Successful',
  login: 'Login Successful',
  logout: 'Logout Successful',
  bookAdded: 'Your Book has been Added',
  borrowed: 'Successfully Borrowed',
  /** RETURNS=desk: the copy is kept at the desk, where the loan starts. */
  setAside: (until: string) => `Set aside for you: collect it at the desk by ${until}`,
  updated: { title: 'Updated', text: 'Book updated successfully' },
};

const failureMessages = {
  addBook: 'Failed to add book',
  loadBooks: { title: 'Error', text: 'Failed to fetch books' },
  loadBookForUpdate: { title: 'Error', text: 'Failed to load book' },
  update: 'Update failed',
  returnBook: 'Something went wrong while returning the book. Please try again.',
};

const emptyStates = {
  categories: 'No categories found',
  allBooks: 'No books available',
  bookNotFound: 'Book not found.',
  category: (name: string) => `No books found in category "${name}"`,
  borrowedBooks: 'You have no borrowed books currently.',
};

/** Labels of a book's fields, shared by the table's headers, the forms and the details page. */
const bookFieldLabels = {
  name: 'Name',
  author: 'Author',
  category: 'Category',
  quantity: 'Quantity',
  rating: 'Rating',
  shortDescription: 'Short Description',
  image: 'Image URL',
  content: 'Content',
  update: 'Update',
};

/** Words of the catalogue screens: All Books, book details, category books, add and update. */
const catalogueTexts = {
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
  expectedBack: 'Expected back',
};

/** Words of the circulation screens: borrowing and the member's borrowed books. */
const circulationTexts = {
  borrowHeading: 'Borrow Book',
  availableQuantity: 'Available quantity',
  memberName: 'Your Name',
  memberEmail: 'Your Email',
  borrowedDate: 'Borrowed Date',
  returnDate: 'Return Date',
  chooseDay: 'Choose a day',
  borrow: 'Borrow',
  borrowing: 'Borrowing...',
  cancel: 'Cancel',
  borrowedHeading: 'Borrowed Books',
  borrowedCount: (count: number, limit: number) => `You hold ${count} of ${limit} books`,
  borrowedOn: 'Borrowed Date',
  returnBy: 'Return By',
  notAvailable: 'N/A',
  /** RETURNS=desk: shown instead of the Return Book button (docs/product/desk.md). */
  returnAtDesk: 'Return this book at the desk',
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
  fineSoFar: (amount: string) => `Fine so far: ${amount}`,
  overdueNotice:
    'You have overdue books. Please return them: until then you cannot borrow or place holds.',
  renew: 'Renew',
  renewing: 'Renewing...',
  renewalsUsed: (used: number, max: number) => `Renewed ${used} of ${max} times`,
  lostOn: 'Lost',
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
};

/** What renewing, placing and cancelling holds answer, as dialogs and toasts. */
const circulationMessages = {
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
    NOT_IN_COLLECTION: {
      title: 'Not in the Collection',
      text: 'No copy of this book is in the collection, so a hold could never be served.',
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
    // Said when renewing or placing a hold: not "before borrowing another" (issue 36).
    OVERDUE_LOANS: {
      title: 'Overdue Books',
      text: 'Please return your overdue books first: no loan is renewed and no hold placed while a book is overdue.',
    },
    BOOK_NOT_FOUND: borrowRefusalMessages.BOOK_NOT_FOUND,
    EMAIL_NOT_VERIFIED: emailNotVerifiedMessage,
    FINES_OWED: borrowRefusalMessages.FINES_OWED,
    MEMBERSHIP_EXPIRED: borrowRefusalMessages.MEMBERSHIP_EXPIRED,
  } satisfies Partial<Record<ErrorCode, Message>>,
  failed: { title: 'Oops...', text: 'Something went wrong. Please try again.' },
};

/** Texts of the auth screens the product's specification leaves to us (it only logs a failed sign-in). */
const authMessages = {
  invalidCredentials: 'Invalid email or password.',
  googlePopupBlocked:
    'The Google sign-in window was blocked. Allow pop-ups for this site and try again.',
  googlePopupClosed: 'The Google sign-in window was closed before signing in finished.',
  unreachable: 'The library could not be reached. Check your connection, then reload the page.',
};

/** Words of finding books: the navbar's search field and the search page (docs/product.md#search). */
const searchTexts = {
  fieldLabel: 'Search the catalogue',
  placeholder: 'Search titles and authors',
  submit: 'Search',
  shortcutHint: 'Press / to search',
  heading: 'Search',
  everyBook: 'Every book in the library',
  resultsFor: (q: string) => `Results for “${q}”`,
  /** A search that found nothing as typed, looked for with one typo forgiven per word. */
  showingResultsFor: 'Showing results for',
  noResultsAsTyped: (q: string) => `No book matched “${q}” as typed.`,
  found: (total: number) =>
    total === 0
      ? 'No books found'
      : `${total.toLocaleString('en')} ${total === 1 ? 'book' : 'books'} found`,
  shownRange: (first: number, last: number, total: number) =>
    `Showing ${first.toLocaleString('en')}–${last.toLocaleString('en')} of ${total.toLocaleString('en')}`,
  /** A search of more than COUNTED_MATCHES books: its total is an estimate (docs/product.md#search). */
  foundAbout: (total: number) => `About ${total.toLocaleString('en')} books found`,
  shownRangeOfAbout: (first: number, last: number, total: number) =>
    `Showing ${first.toLocaleString('en')}–${last.toLocaleString('en')} of about ${total.toLocaleString('en')}`,
  /** A facet's estimated count, as its badge shows it. */
  approximately: (count: string) => `≈${count}`,
  refine: 'Refine the results',
  categories: 'Category',
  allCategories: 'All categories',
  availability: 'Availability',
  availableOnly: 'On the shelf now',
  sortLabel: 'Sort by',
  sorts: {
    relevance: 'Best match',
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
};

/** Words of the frame around every page. */
const shellTexts = {
  loadingPage: 'Loading the page',
  /** The navbar's link to /desk, shown to librarians only. */
  deskLink: 'Desk',
  ok: 'OK',
};

/** The pages of a forgotten password (docs/product.md#accounts): /forgotPassword and /resetPassword. */
const passwordResetTexts = {
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
};

/** The `{page}` of each page's document title `{page} - Pathagar`, by the page's name in common/page-paths.ts. */
const pageTitles = {
  home: 'Home',
  allBooks: 'All Books',
  book: 'Book Details',
  category: 'Category Books',
  search: 'Search',
  borrow: 'Borrow Book',
  borrowedBooks: 'Borrowed Books',
  addBook: 'Add Book',
  updateBook: 'Update Book',
  register: 'Register',
  signIn: 'Sign In',
  forgotPassword: 'Forgot Password',
  resetPassword: 'Reset Password',
  explore: 'Search',
  readOnline: 'Read Online',
  events: 'Events',
  studyRooms: 'Study Rooms',
  membership: 'Membership',
  profile: 'Profile',
  desk: 'Circulation Desk',
  card: 'Library Card',
  read: 'Read',
  labels: 'Labels',
  receipt: 'Receipt',
  emailConfirmed: 'E-mail Confirmed',
};

/** The first HTML the server sends, before any script has run. */
const documentTexts = {
  description:
    'Pathagar, the city library: browse the catalogue by category, borrow and return books, and find events, study rooms and membership.',
  loading: 'Loading…',
  noScript:
    'Pathagar needs JavaScript to show the library catalogue. Please enable it and reload the page.',
};

/** The navbar, the footer and the frame around every page. */
const layoutTexts = {
  /** Shown with no connection (docs/product.md#on-a-phone): what the page shows was kept earlier. */
  offline: 'You are offline: changes need a connection.',
  offlineAsOf: (time: string) => `You are offline. Shown as of ${time}; changes need a connection.`,
  /** The navbar's photo, which opens the Profile page. */
  /** The navbar's link to the member's library card (docs/product/desk.md). */
  navCard: 'Library Card',
  avatarLink: (name: string) => `Profile (signed in as ${name})`,
  navHome: 'Home',
  navAllBooks: 'All Books',
  navAddBook: 'Add Book',
  navBorrowedBooks: 'Borrowed Books',
  mainNav: 'Main',
  /** The menu of the library's services, beside the main links and in the footer. */
  navServices: 'Services',
  navDigitalLibrary: 'Digital Library',
  openMenu: 'Open menu',
  skipToContent: 'Skip to content',
  loading: 'Loading',
  login: 'Login',
  signUp: 'Sign Up',
  signOut: 'Sign Out',
  signedInAs: (name: string) => `Signed in as ${name}`,
  switchToLight: 'Switch to light theme',
  switchToDark: 'Switch to dark theme',
  languageLabel: 'Language',
  footerAbout:
    'Your city library: books, journals and archives, a 24/7 digital library, weekly academic events and quiet rooms to study in.',
  footerNav: 'Footer',
  footerLibrary: 'Library',
  footerTerms: 'Terms And Condition',
  footerPrivacy: 'Privacy',
  footerContact: 'Contact us',
  followUs: 'Follow us',
  opensInNewTab: (label: string) => `${label} (opens in a new tab)`,
  copyright: (year: number, appName: string) => `© ${year} ${appName}. All rights reserved.`,
  homeHeading: (appName: string) => `${appName}: your city library`,
};

/** The 404 page (docs/product.md#pages) and the page shown when a page cannot be opened. */
const errorPageTexts = {
  notFoundTitle: 'Page Not Found',
  notFoundText:
    'The page you are looking for is not on our shelves. It may have moved, or the address may be mistyped.',
  goHome: 'Go to Homepage',
  tryAgain: 'Try Again',
  statusTitles: {
    400: 'Bad Request',
    401: 'Please Sign In',
    403: 'Not Allowed',
    429: 'Too Many Requests',
    503: 'Service Unavailable',
  } as Record<number, string>,
  somethingWentWrong: 'Something Went Wrong',
  couldNotOpen: 'The library could not open this page. Please try again in a moment.',
  couldNotShow:
    'This page could not be shown. Reloading usually helps; if not, please try again later.',
};

/** The sign-in and register screens. */
const authTexts = {
  registerTitle: 'Register now!',
  registerIntro: (limit: number) =>
    `Become a member to borrow up to ${limit} books at a time, add titles to the catalogue and keep track of your loans.`,
  signInTitle: 'Sign In now!',
  signInIntro:
    'Welcome back. Sign in to borrow books, see what you have on loan and add new titles to the library.',
  name: 'Name',
  email: 'Email',
  photoUrl: 'PhotoURL',
  photoPlaceholder: 'https://example.com/me.jpg',
  password: 'Password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  register: 'Register',
  registerForm: 'Register',
  requiredNote: 'Fields marked * are required.',
  signIn: 'Sign In',
  signInForm: 'Sign in',
  or: 'or',
  signUpWithGoogle: 'Sign Up with Google',
  loginWithGoogle: 'Login with Google',
  haveAccount: 'Already have an account?',
  newHere: 'New to the library?',
  forgotForm: 'Forgot password',
  resetForm: 'Reset password',
  failed: 'Something went wrong. Please try again.',
};

export const en = {
  borrowRefusalMessages,
  emailNotVerifiedMessage,
  registerMessages,
  rateLimitedMessage,
  successMessages,
  failureMessages,
  emptyStates,
  bookFieldLabels,
  catalogueTexts,
  circulationTexts,
  circulationMessages,
  authMessages,
  searchTexts,
  shellTexts,
  bannerTexts,
  passwordResetTexts,
  pageTitles,
  documentTexts,
  layoutTexts,
  errorPageTexts,
  authTexts,
  homeTexts,
  bookRecordTexts,
  imageTexts,
  imageFailureMessages,
  ebookTexts,
};
