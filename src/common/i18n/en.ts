/**
 * The English catalogue: every word the client shows (DECISIONS §14). The texts of SPEC.md stay
 * word for word. bn.ts has the same shape, checked by TypeScript (`Catalogue`) and by
 * catalogue.test.ts (same keys, same placeholders). A text with a value in it is a function; its
 * parameters are its placeholders. Only the current language's catalogue is downloaded: the client
 * imports it lazily (src/client/lib/i18n.ts), and the server names it in the first HTML.
 */
import type { BorrowRefusal, ErrorCode } from '../error-codes.ts';
import { BORROW_LIMIT, LIBRARY_PHONE, type NoticeKind } from '../constants.ts';
import type { Notice } from '../types.ts';
import { LOCALES } from './languages.ts';
import type { Message } from './message.ts';
import { numberIn } from './plural.ts';

/** Numbers as English writes them (1,234), for counts that may run into thousands. */
const n = numberIn(LOCALES.en);

/** REQUIRE_EMAIL_VERIFICATION: borrowing and holds wait for a confirmed address (DECISIONS §11). */
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
  googleLogin: 'Google Login Successful',
  login: 'Login Successful',
  logout: 'Logout Successful',
  bookAdded: 'Your Book has been Added',
  borrowed: 'Successfully Borrowed',
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
};

/** Words of the circulation screens: borrowing and the member's borrowed books. */
const circulationTexts = {
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
};

/** Texts of the auth screens that SPEC.md leaves to us (it only logs a failed sign-in). */
const authMessages = {
  invalidCredentials: 'Invalid email or password.',
  googlePopupBlocked:
    'The Google sign-in window was blocked. Allow pop-ups for this site and try again.',
  googlePopupClosed: 'The Google sign-in window was closed before signing in finished.',
};

/** Words of finding books: the navbar's search field and the search page (DECISIONS §13). */
const searchTexts = {
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
};

/** Words of the frame around every page. */
const shellTexts = {
  loadingPage: 'Loading the page',
  /** The navbar's link to /desk, shown to librarians only. */
  deskLink: 'Desk',
  ok: 'OK',
};

/** Words of the home page's banner, a carousel (WAI-ARIA's carousel pattern). */
const bannerTexts = {
  carousel: 'carousel',
  slide: 'slide',
  label: 'Library highlights',
  pause: 'Pause slideshow',
  play: 'Play slideshow',
  goTo: (slide: number) => `Go to slide ${slide}`,
  position: (slide: number, count: number) => `${slide} of ${count}`,
};

/** The pages of a forgotten password (DECISIONS §11): /forgotPassword and /resetPassword. */
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
  navHome: 'Home',
  navAllBooks: 'All Books',
  navAddBook: 'Add Book',
  navBorrowedBooks: 'Borrowed Books',
  mainNav: 'Main',
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

/** The 404 page (SPEC §2) and the page shown when a page cannot be opened. */
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

/** The home page: banner slides, categories, statistics and partners (SPEC §2 Home). */
const homeTexts = {
  slides: {
    welcome: {
      title: 'Welcome to the Library',
      desc: 'Books, journals and archives for every reader in the city. Browse the collection, find your next book and borrow it in a few clicks.',
      btn: 'Explore Now',
    },
    readOnline: {
      title: 'Your Knowledge Partner',
      desc: 'Digital library access 24/7: search the catalogue, see which copies are on the shelf and borrow from home, day or night.',
      btn: 'Read Online',
    },
    events: {
      title: 'Academic Events Every Week',
      desc: 'Author talks, reading circles, writing workshops and research clinics, open to all members.',
      btn: 'See Events',
    },
    studyRooms: {
      title: 'Reserve Study Rooms',
      desc: 'Quiet carrels and group rooms for focused study. Book a slot at the front desk or by phone.',
      btn: 'Book Now',
    },
    membership: {
      title: 'Library Membership Open',
      desc: `Join the library to borrow up to ${BORROW_LIMIT} books at a time, take part in our events and reserve study rooms.`,
      btn: 'Join Us',
    },
  },
  categoriesHeading: 'Browse by Category',
  categoriesIntro: 'Novels, thrillers, history, drama and science fiction.',
  loadingCategories: 'Loading categories',
  bookCount: (count: number) => `${count} ${count === 1 ? 'book' : 'books'}`,
  categoriesFailed: 'The categories could not be loaded. Please reload the page to try again.',
  /** Category names as the catalogue stores them (common/constants.ts), as shown to readers. */
  categoryNames: {
    Novel: 'Novel',
    Thriller: 'Thriller',
    History: 'History',
    Drama: 'Drama',
    'Sci-Fi': 'Sci-Fi',
  } as Record<string, string>,
  statisticsHeading: 'Discover Top Book Events in Bangladesh',
  statistics: {
    events: 'literary events organized',
    readers: 'readers engaged',
    authors: 'authors featured',
    borrowed: 'books borrowed and read',
    feedback: 'positive feedback',
  },
  partnersHeading: "Events & Organizations We've Collaborated With",
  partners: {
    nationalLibrary: {
      name: 'National Library of Bangladesh',
      desc: "The country's legal deposit library in Agargaon, Dhaka, preserving the nation's printed heritage.",
    },
    bishwoShahittoKendro: {
      name: 'Bishwo Shahitto Kendro',
      desc: 'A cultural centre and library in Dhaka that has championed reading and discussion since 1978.',
    },
    dhakaUniversity: {
      name: 'Dhaka University Central Library',
      desc: 'The central library of the University of Dhaka, a partner for research clinics and academic talks.',
    },
    shishuAcademy: {
      name: 'Bangladesh Shishu Academy Library',
      desc: "The children's library of Bangladesh Shishu Academy, co-host of our story hours and young readers' clubs.",
    },
    banglaAcademy: {
      name: 'Bangla Academy',
      desc: 'The national academy of the Bangla language and organiser of the Amar Ekushey Book Fair.',
    },
    boiBondhu: {
      name: 'Boi Bondhu Foundation',
      desc: 'A non-profit that runs reading circles and book drives in schools and neighbourhoods.',
    },
    shilpakalaAcademy: {
      name: 'Bangladesh Shilpakala Academy',
      desc: 'The national academy of fine and performing arts, our partner for drama readings and exhibitions.',
    },
    rokomari: {
      name: 'Rokomari',
      desc: 'An online bookstore that supports our book fairs and reading challenges.',
    },
    openSourceNetwork: {
      name: 'Bangladesh Open Source Network',
      desc: 'A community of developers and volunteers who lead our coding and digital skills workshops.',
    },
  },
};

/** The terms page (SPEC §2 Terms): seven collapsible items, in order. */
const termsTexts = {
  eyebrow: 'Library policies',
  title: 'Library Terms & Conditions',
  intro:
    'The rules that keep the library fair and pleasant for every reader. Open a topic to read it.',
  items: [
    {
      heading: 'Membership Eligibility',
      text: 'Anyone may become a member by registering with their own name and a valid email address and accepting these terms. Children under 12 should be registered by a parent or guardian, who takes responsibility for their loans. Each account belongs to one person and may not be shared or transferred.',
    },
    {
      heading: 'Borrowing Rules',
      text: `Members may hold at most ${BORROW_LIMIT} books at a time and only one copy of any title. A book can be borrowed only while a copy is available. When you borrow, you choose a borrowed date and a return date; please return the book by that date so other readers can enjoy it. A borrowed book is your responsibility until it has been returned.`,
    },
    {
      heading: 'Fines and Fees',
      text: 'Books that are returned late, damaged or lost may incur a fine or a replacement charge. Fines and fees are set by the library and posted at the front desk, and staff will explain any charge before it is applied. Members with unpaid charges may be asked to settle them before borrowing again.',
    },
    {
      heading: 'Use of Library Facilities',
      text: 'Reading rooms, study rooms, computers and Wi-Fi are provided for reading, study and research. Please keep noise low, handle books and equipment with care, and keep food out of the reading rooms. Study rooms must be booked in advance and left as you found them. Staff may ask anyone who disturbs other readers to leave.',
    },
    {
      heading: 'Intellectual Property',
      text: 'Books and other materials in the collection remain protected by copyright: do not copy, scan or share them beyond what the law allows. The descriptions and cover designs on this site are provided for personal use. When you add or update a book, make sure that what you write is your own or that you have the right to share it.',
    },
    {
      heading: 'Privacy Policy',
      text: 'We collect only the information needed to run your account and your loans, and we never sell it or use it for advertising. Our Privacy Policy explains what we collect, why, how we protect it and what your rights are.',
    },
    {
      heading: 'Changes to Terms',
      text: 'The library may update these terms from time to time. Changes are published on this page and at the front desk and apply from the day they are published. By continuing to use the library and this site after a change, you accept the updated terms.',
    },
  ],
};

/** The privacy page (SPEC §2 Privacy), true to what the app stores and sends. */
const privacyTexts = {
  eyebrow: 'Library policies',
  title: 'Our Privacy Policy',
  intro: 'What we keep about you, why we keep it, how we protect it and what you can ask of us.',
  sections: [
    {
      heading: 'Data We Collect',
      text: "When you register, we store your name, your email address, the photo URL you give us and your password, which is kept only as a hash. If you sign in with Google instead, Google shares your name, email address and profile picture with us, and we keep the tokens that link your account to Google. For every loan we record the book, your name and email, the borrowed date and the return date. Each sign-in creates a session record that includes your IP address and your browser's description.",
    },
    {
      heading: 'Why We Collect Your Data',
      text: `We use your data to create and protect your account, to show your name and photo while you are signed in, and to run the lending service: recording loans, applying the limit of ${BORROW_LIMIT} books at a time and letting library staff reach you about a loan. We do not sell your data, show advertising or build profiles of your reading.`,
    },
    {
      heading: 'Data Security',
      text: 'Passwords are stored only as salted hashes, never as you typed them. Your session lives in an httpOnly cookie that scripts on the page cannot read, and every change you make is checked against cross-site request forgery. Sign-in and registration attempts are rate limited. The only things this site keeps in your browser are your choice of light or dark theme, in its local storage, and your choice of language, in a cookie.',
    },
    {
      heading: 'Third-Party Services',
      text: "This site loads no external scripts, fonts, analytics or trackers: its pages, book covers and logos are all served by the library. Google is involved only if you choose to sign in with Google, and then Google's own privacy policy applies to that sign-in. If your photo URL points to another website, your browser fetches the picture from that site. Our social media links open those sites in a new tab, under their own policies.",
    },
    {
      heading: 'Your Rights',
      text: 'You may ask to see the data we hold about you, to correct it, or to have your account and its loan records deleted. Returning a book removes its loan record. To make a request, speak to the staff at the front desk or write to us using the details on our contact page.',
    },
  ],
};

/** The pages behind the banner buttons and the footer's contact link (DECISIONS §7). */
const pageTexts = {
  contact: {
    eyebrow: 'We are here to help',
    title: 'Contact Us',
    intro:
      'Questions about your membership, a loan or an event? Visit us, call or write, and the front desk will be glad to help.',
    visitUs: 'Visit us',
    openingHours: 'Opening hours',
    callUs: 'Call the front desk',
    writeUs: 'Write to us',
    address: ['House 12, Road 7, Dhanmondi', 'Dhaka 1205', 'Bangladesh'],
    hours: [
      { days: 'Saturday to Thursday', hours: '9:00 am to 8:00 pm' },
      { days: 'Friday', hours: '3:00 pm to 8:00 pm' },
      { days: 'Public holidays', hours: 'Closed' },
    ],
  },
  readOnline: {
    eyebrow: 'Digital library',
    title: 'Digital Library, Open 24/7',
    intro:
      'The library never closes online. Wherever you are, day or night, you can explore the collection, check what is on the shelf and manage your loans.',
    items: [
      {
        heading: 'Browse the catalogue any time',
        text: 'Every book in the collection has its own page with its author, category, rating, a short description and a longer introduction to help you choose.',
      },
      {
        heading: 'See what is available',
        text: 'Each book shows how many copies are available right now, and you can list only the books that are on the shelf.',
      },
      {
        heading: 'Borrow from home',
        text: `Members can borrow up to ${BORROW_LIMIT} books at a time online, choosing the borrowed date and the return date themselves.`,
      },
      {
        heading: 'Keep track of your loans',
        text: 'Your Borrowed Books page lists every book you hold with its return date, and returning a book takes a single click.',
      },
    ],
    action: 'Explore the collection',
  },
  events: {
    eyebrow: 'Events',
    title: 'Weekly Academic Events',
    intro:
      'Every week the library hosts talks, workshops and clubs for readers of all ages. Events are free for members; seats are limited, so please arrive a few minutes early.',
    where: 'Where:',
    when: (day: string, time: string) => `${day}, ${time}`,
    events: [
      {
        name: 'Saturday Reading Circle',
        day: 'Saturday',
        time: '4:00 pm to 5:30 pm',
        place: 'Reading Room 1, ground floor',
        description:
          'Members read one novel a month together and meet each week to discuss a few chapters over tea.',
      },
      {
        name: 'Research Skills Clinic',
        day: 'Sunday',
        time: '3:00 pm to 4:30 pm',
        place: 'Seminar Room, first floor',
        description:
          'Librarians help students find reliable sources, search journal databases and cite their references correctly.',
      },
      {
        name: 'Meet the Author',
        day: 'Tuesday',
        time: '5:00 pm to 6:30 pm',
        place: 'Auditorium',
        description:
          'A writer, translator or researcher talks about their work and answers questions from the audience.',
      },
      {
        name: 'Young Scientists Club',
        day: 'Wednesday',
        time: '3:30 pm to 5:00 pm',
        place: "Children's Corner",
        description: 'Simple experiments and science fiction stories for readers aged 10 to 15.',
      },
      {
        name: 'Writing Workshop',
        day: 'Thursday',
        time: '4:00 pm to 6:00 pm',
        place: 'Seminar Room, first floor',
        description:
          'Short exercises and friendly feedback on poems, stories and essays, in Bangla or English.',
      },
    ],
  },
  studyRooms: {
    eyebrow: 'Study spaces',
    title: 'Study Rooms',
    intro:
      'Quiet, well-lit spaces for individual and group study, available to members during opening hours.',
    seats: (capacity: number) => (capacity === 1 ? '1 person' : `Up to ${capacity} people`),
    rooms: [
      {
        name: 'Study Carrels',
        description:
          'Twelve single desks by the windows on the first floor, each with a lamp and a power socket.',
      },
      {
        name: 'Group Room A',
        description:
          'A small room with a whiteboard, suited to project work and revision in pairs or small groups.',
      },
      {
        name: 'Group Room B',
        description:
          'A whiteboard and a screen you can connect a laptop to, ideal for practising presentations.',
      },
      {
        name: 'Seminar Room',
        description:
          'For tutorials, study groups and society meetings. Please book at least three days ahead.',
      },
    ],
    howToBook: 'How to book',
    booking: [
      {
        heading: 'At the front desk',
        text: 'Ask at the front desk on the ground floor. Rooms are booked in two-hour slots, up to a week in advance.',
      },
      {
        heading: 'By phone',
        text: `Call the front desk on ${LIBRARY_PHONE} during opening hours and give your name and the email address of your account.`,
      },
      {
        heading: 'When you arrive',
        text: 'A booking is held for fifteen minutes after its start time. Please keep voices low and leave the room as you found it.',
      },
    ],
  },
  membership: {
    eyebrow: 'Membership',
    title: 'Library Membership',
    intro:
      'Membership is open. Join the library to borrow books, take part in our events and use our study spaces.',
    whoCanJoin: 'Who can join',
    whatMembersGet: 'What members get',
    howToJoin: 'How to join',
    eligibility: [
      'Anyone who lives, works or studies in Bangladesh can join.',
      'Readers under 12 join with a parent or guardian, who registers for them.',
      'Each member needs their own email address and account.',
    ],
    benefits: [
      `Borrow up to ${BORROW_LIMIT} books at a time from the whole collection.`,
      'Join our weekly talks, reading circles and workshops.',
      'Reserve study carrels and group rooms.',
      'Use the reading rooms, computers and Wi-Fi during opening hours.',
    ],
    steps: [
      'Register online with your name, email address, a photo URL and a password.',
      'Sign in to browse the full catalogue and see which books are available.',
      'Borrow a book, choosing the borrowed date and the return date.',
      'Bring a photo ID on your first visit so the front desk can confirm your membership.',
    ],
    action: 'Register now',
  },
};

/** The circulation desk (/desk, DECISIONS.md §10), librarians only. */
const deskTexts = {
  heading: 'Circulation Desk',
  intro: 'Loans, holds and members of the whole library, and its catalogue.',
  tabsLabel: 'Desk sections',
  tabs: {
    loans: 'Loans',
    holds: 'Holds',
    members: 'Members',
    catalogue: 'Catalogue',
    stats: 'Statistics',
  },
  forbidden: {
    title: 'Librarians only',
    text: 'The Circulation Desk is for the library’s staff. Ask a librarian if you need something done.',
    home: 'Go to Homepage',
  },
  search: 'Search',
  searchLoans: 'Member name, e-mail or book title',
  searchMembers: 'Name or e-mail',
  clearSearch: 'Clear',
  loanStatusLabel: 'Which loans',
  loanStatuses: { current: 'On loan', overdue: 'Overdue', returned: 'Returned' },
  noLoans: 'No loans match.',
  member: 'Member',
  book: 'Book',
  due: 'Due',
  borrowed: 'Borrowed',
  returned: 'Returned',
  actions: 'Actions',
  overdueBy: (days: number) => `${days} ${days === 1 ? 'day' : 'days'} late`,
  dueIn: (days: number) => (days === 0 ? 'Due today' : `In ${days} ${days === 1 ? 'day' : 'days'}`),
  renewals: (used: number) => `Renewed ${used}×`,
  checkIn: 'Check In',
  renew: 'Renew',
  confirmCheckIn: (title: string, member: string) => ({
    title: 'Check this book in?',
    text: `"${title}" from ${member} goes to the next member waiting for it, or to the shelf.`,
    confirm: 'Yes, Check In',
    cancel: 'Not Now',
  }),
  checkedIn: 'Checked In',
  renewed: (date: string) => ({ title: 'Renewed', text: `Now due on ${date}.` }),
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  previous: 'Previous',
  next: 'Next',
  loansTotal: (total: number) => `${n(total)} ${total === 1 ? 'loan' : 'loans'}`,
  membersTotal: (total: number) => `${n(total)} ${total === 1 ? 'member' : 'members'}`,
  noHolds: 'Nobody is waiting for a book.',
  queueOf: (waiting: number, ready: number) =>
    [waiting > 0 ? `${waiting} waiting` : '', ready > 0 ? `${ready} ready for pickup` : '']
      .filter(Boolean)
      .join(' · '),
  position: (position: number) => `No. ${position}`,
  readyUntil: (when: string) => `Ready until ${when}`,
  noMembers: 'No members match.',
  email: 'E-mail',
  role: 'Role',
  roles: { member: 'Member', librarian: 'Librarian' },
  loansNow: 'Loans',
  overdueNow: (count: number) => `${count} overdue`,
  blocked: 'Blocked',
  block: 'Block',
  unblock: 'Unblock',
  grant: 'Make Librarian',
  revoke: 'Make Member',
  memberChanged: {
    blocked: (name: string) => `${name} is blocked`,
    unblocked: (name: string) => `${name} can borrow again`,
    granted: (name: string) => `${name} is a librarian now`,
    revoked: (name: string) => `${name} is a member now`,
  },
  memberChangeFailed: 'The member could not be changed. Please try again.',
  exportHeading: 'Export',
  exportText:
    'The whole catalogue as a CSV file (UTF-8, one book a row). Quantity counts the copies the library owns: on the shelf, on loan and kept for holds.',
  exportLink: 'Download catalogue.csv',
  importHeading: 'Import',
  importText:
    'A CSV file with the same header as the export, up to 10 MB. Every row is checked; if any row is wrong, nothing is imported and the rows to fix are listed below.',
  importFile: 'CSV file',
  importSubmit: 'Import Books',
  importing: 'Importing...',
  importChooseFile: 'Choose a CSV file first.',
  imported: (count: number) => `${n(count)} ${count === 1 ? 'book' : 'books'} imported`,
  importRefused: 'Nothing was imported',
  importIssue: (row: number, field: string) => (field ? `Row ${row}, ${field}` : `Row ${row}`),
  importMore: (shown: number, total: number) => `Showing the first ${shown} of ${total} problems.`,
  importFailed: 'The file could not be imported. Please try again.',
  importTooLarge: 'The file is larger than 10 MB. Split it and import the parts one by one.',
  figures: {
    books: 'Titles',
    copies: 'Copies owned',
    onLoan: 'On loan',
    overdue: 'Overdue',
    holdsWaiting: 'Holds waiting',
    loansThisMonth: 'Loans this month',
  },
  topBooksHeading: 'Most borrowed books',
  topBooksChart: 'Loans of the most borrowed books',
  topBookBar: (name: string, loans: number) =>
    `${name}: ${loans} ${loans === 1 ? 'loan' : 'loans'}`,
  noTopBooks: 'No book has been borrowed yet.',
};

/** A book's optional record fields (DECISIONS.md §10) on the forms and the details page. */
const bookRecordTexts = {
  labels: {
    isbn: 'ISBN',
    publisher: 'Publisher',
    publishedYear: 'Published Year',
    language: 'Language',
  },
  isbnHint: 'Optional. ISBN-10 or ISBN-13; hyphens and spaces are fine.',
  publisherHint: 'Optional.',
  publishedYearHint: (min: number) => `Optional. From ${min} to this year.`,
  languageHint: 'Optional. A two-letter code such as bn (Bangla) or en (English).',
};

/** The Profile page (DECISIONS.md §11) and the navbar's photo that opens it. */
const profileTexts = {
  /** The navbar's photo, which opens the Profile page. */
  avatarLink: (name: string) => `Profile (signed in as ${name})`,
  heading: 'Profile',
  intro: 'Your details, your password, what the library tells you, and your data.',

  detailsHeading: 'Your details',
  name: 'Name',
  email: 'Email',
  emailHint: 'The address you sign in with and the library writes to.',
  photo: 'Photo URL',
  photoHint: 'Upload a photo, or give its http(s) address or a path on this site.',
  saveDetails: 'Save details',
  detailsSaved: 'Details saved',

  passwordHeading: 'Change password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  currentPasswordRequired: 'Current password is required',
  wrongCurrentPassword: 'The current password is not right.',
  changePassword: 'Change password',
  passwordChanged: 'Password changed',
  passwordChangedText: 'Your other devices have been signed out.',

  choicesHeading: 'Notices by e-mail',
  choicesIntro: 'Choose what the library may tell you by e-mail. Every notice also shows below.',
  saveChoices: 'Save choices',
  choicesSaved: 'Choices saved',
  choiceLabels: {
    dueSoon: 'A book is due in two days',
    overdue: 'A book is overdue',
    holdReady: 'A book you hold is ready for you',
    holdExpired: 'A hold expired before you borrowed the book',
  } satisfies Record<NoticeKind, string>,

  noticesHeading: 'Your notices',
  noNotices: 'No notices yet. Reminders about your loans and holds will show here.',
  noticeTitles: {
    dueSoon: (book: string, date: string) => `"${book}" is due back on ${date}`,
    overdue: (book: string, date: string) => `"${book}" was due back on ${date}`,
    holdReady: (book: string, date: string) => `"${book}" is kept for you until ${date}`,
    holdExpired: (book: string, date: string) => `Your hold on "${book}" expired on ${date}`,
  } satisfies Record<NoticeKind, (book: string, date: string) => string>,
  noticeSent: (when: string) => `Noticed ${when}`,
  emailStates: {
    pending: 'E-mail on its way',
    sent: 'E-mailed',
    optedOut: 'Not e-mailed (your choice)',
    failed: 'E-mail could not be delivered',
  } satisfies Record<Notice['email'], string>,

  dataHeading: 'Your data',
  dataIntro:
    'Download everything the library keeps about you: your details, your loans and their history, your holds and your notices.',
  download: 'Download my data (JSON)',

  deleteHeading: 'Delete account',
  deleteIntro:
    'Deleting your account signs you out everywhere and removes your details, holds and notices. The library keeps the record of the books you borrowed, without your name or e-mail.',
  deleteButton: 'Delete my account',
  confirmDelete: {
    title: 'Delete your account?',
    text: 'This cannot be undone. Your holds are cancelled and you are signed out.',
    confirm: 'Yes, delete it',
    cancel: 'Keep my account',
  },
  openLoans: {
    title: 'Books Still on Loan',
    text: 'Please return your borrowed books before deleting your account.',
  },
  deleted: {
    title: 'Account Deleted',
    text: 'Your account is gone. Thank you for reading with us.',
  },
  failed: 'Something went wrong. Please try again.',
};

/**
 * Stored images (DECISIONS.md §12): the upload control beside an image's web address, the cover
 * drawn when a book's image does not load, and the initials of a member without a photo.
 */
const imageTexts = {
  upload: 'Upload',
  uploading: 'Uploading…',
  uploadHint: 'Upload takes a JPEG, PNG, WebP or GIF of up to 5 MB.',
  /** Register: the chosen file is uploaded once the account exists. */
  uploadsWithForm: (fileName: string) => `${fileName} will be uploaded when you register.`,
  /** Register: the account was made but its photo could not be stored. */
  photoNotStored: 'Your account is ready, but the photo could not be uploaded.',
  preview: 'Preview of the image',
  /** The fallback cover's accessible name. */
  generatedCover: (name: string, category: string) => `Generated ${category} cover of ${name}`,
  /** The navbar's initials, read out instead of the missing photo. */
  initialsOf: (name: string) => `Initials of ${name}`,
};

/** Why an image was not taken (DECISIONS.md §12): shown under the image field. */
const imageFailureMessages = {
  INVALID_IMAGE: 'This file is not an image we can use. Choose a JPEG, PNG, WebP or GIF.',
  PAYLOAD_TOO_LARGE: 'This image is larger than 5 MB. Choose a smaller file.',
  IMAGE_UNREACHABLE:
    'The image at this address could not be fetched. Check the address or upload the file instead.',
  UNAUTHORIZED: 'Please sign in to upload an image.',
  OTHER: 'The image could not be uploaded. Please try again.',
} satisfies Partial<Record<ErrorCode | 'OTHER', string>>;

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
  termsTexts,
  privacyTexts,
  pageTexts,
  deskTexts,
  bookRecordTexts,
  profileTexts,
  imageTexts,
  imageFailureMessages,
};
