/**
 * The English texts of the pages most visitors never open: terms, privacy, the library's own
 * pages, the desk and the profile. They are kept apart from en.ts so the home page does not
 * download them (docs/product.md#language, the client's budget): the modules of those pages import them
 * through src/client/lib/page-texts.ts, in the current language only. bn-pages.ts has the same
 * shape, checked by TypeScript (`PagesCatalogue`) and by catalogue.test.ts.
 */
import {
  BORROW_LIMIT,
  type NoticeEmailState,
  type NoticeKind,
  type SmsNoticeKind,
} from '../constants.ts';
import type { ErrorCode } from '../error-codes.ts';
import { LOCALES } from './languages.ts';
import { numberIn } from './numbers.ts';

/** Numbers as English writes them (1,234), for counts that may run into thousands. */
const n = numberIn(LOCALES.en);

/** The terms page (docs/product.md#pages Terms): seven collapsible items, in order. */
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

/** The privacy page (docs/product.md#pages Privacy), true to what the app stores and sends. */
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
      text: 'You may ask to see the data we hold about you, to correct it, or to have your account and its loan records deleted. Returning a book closes its loan; the loan stays in your History, where you can see what you have read. Deleting your account removes your name and e-mail from those records. To make a request, speak to the staff at the front desk or write to us using the details on our contact page.',
    },
  ],
};

/** The pages behind the banner buttons and the footer's contact link (docs/product.md#home). */
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
    /** The hours come from LIBRARY_HOURS and LIBRARY_CLOSED_DAYS, days and times in the page's language. */
    days: (first: string, last: string) => (first === last ? first : `${first} to ${last}`),
    hours: (opens: string, closes: string) => `${opens} to ${closes}`,
    closed: 'Closed',
    publicHolidays: 'Public holidays',
  },
  readOnline: {
    eyebrow: 'Digital library',
    title: 'Digital Library, Open 24/7',
    intro:
      'Read e-books in your browser, on any device, day or night. Open titles are free for everyone; lent titles are borrowed like paper books and return by themselves.',
  },
  events: {
    eyebrow: 'Events',
    title: 'Weekly Academic Events',
    intro:
      'Every week the library hosts talks, workshops and clubs for readers of all ages. Events are free for members; seats are limited, so please arrive a few minutes early.',
  },
  studyRooms: {
    eyebrow: 'Study spaces',
    title: 'Study Rooms',
    intro:
      'Quiet, well-lit spaces for individual and group study, available to members during opening hours.',
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

/** The circulation desk (/desk, docs/product.md#librarians), librarians only. */
const deskTexts = {
  heading: 'Circulation Desk',
  intro: 'Loans, holds and members of the whole library, and its catalogue.',
  tabsLabel: 'Desk sections',
  tabs: {
    scan: 'Scan',
    loans: 'Loans',
    holds: 'Holds',
    members: 'Members',
    catalogue: 'Catalogue',
    stats: 'Statistics',
    bookings: 'Room bookings',
    events: 'Events',
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
  categoriesHeading: 'Categories',
  categoriesText:
    'The categories books are filed under, named in English and Bangla. Renaming one moves its books with it; a category can be removed once no book carries it.',
  categoryName: 'English name',
  categoryNameBn: 'Bangla name',
  categoryActions: 'Actions',
  addCategoryHeading: 'Add a category',
  addCategory: 'Add Category',
  renameCategory: 'Rename',
  saveCategory: 'Save',
  cancelRename: 'Cancel',
  removeCategory: 'Remove',
  renameCategoryLabel: (name: string) => `Rename ${name}`,
  removeCategoryLabel: (name: string) => `Remove ${name}`,
  categoryAdded: (name: string) => `${name} added`,
  categoryRenamed: (name: string) => `Renamed to ${name}`,
  categoryRemoved: (name: string) => `${name} removed`,
  confirmRemoveCategory: (name: string) => ({
    title: 'Remove this category?',
    text: `${name} will no longer be offered for books.`,
    confirm: 'Remove',
    cancel: 'Keep',
  }),
  categoryRefusals: {
    DUPLICATE_CATEGORY: {
      title: 'Category Already Exists',
      text: 'The library already has a category of this name. Choose another name.',
    },
    CATEGORY_IN_USE: {
      title: 'Category In Use',
      text: 'Books are filed under this category. Move them to another category before removing it.',
    },
    CATEGORY_NOT_FOUND: {
      title: 'Category Not Found',
      text: 'This category is no longer in the list. The page shows the list as it is now.',
    },
  },
  categoryFailed: 'The category could not be changed. Please check both names and try again.',
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

/** The Profile page (docs/product.md#accounts). */
const profileTexts = {
  heading: 'Profile',
  intro: 'Your details, your password, what the library tells you, and your data.',

  detailsHeading: 'Your details',
  name: 'Name',
  email: 'Email',
  emailHint: 'The address you sign in with and the library writes to.',
  emailUnconfirmed: 'Not confirmed yet: open the link in the mail the library sent you.',
  sendAgain: 'Send the mail again',
  sentAgain: (email: string) => `A new confirmation mail is on its way to ${email}.`,
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
    ebookReady: 'An e-book you wait for is kept for you',
    membershipExpiring: 'Your membership ends in two weeks',
  } satisfies Record<NoticeKind, string>,

  phone: {
    heading: 'Mobile number and SMS',
    intro:
      'Add a Bangladeshi mobile number to have notices by SMS too. We send a code to confirm it.',
    number: 'Mobile number',
    numberHint: '+8801 and nine digits, such as 01712345678.',
    sendCode: 'Send code',
    codeSent: (phone: string) => `We sent a six-digit code to ${phone}. It works for 10 minutes.`,
    code: 'Code from the SMS',
    confirm: 'Confirm number',
    newCode: 'Send a new code',
    confirmed: 'Confirmed',
    notConfirmed: 'Not confirmed yet',
    yourNumber: 'Your number',
    change: 'Change number',
    cancel: 'Cancel',
    remove: 'Remove number',
    removed: 'Number removed',
    verified: 'Number confirmed',
    smsHeading: 'Notices by SMS',
    smsIntro: 'Choose what the library may tell you by SMS, in the language you use here.',
    smsNeedsNumber: 'Confirm your mobile number to choose notices by SMS.',
    saveSms: 'Save SMS choices',
    smsSaved: 'SMS choices saved',
    smsLabels: {
      dueSoon: 'A book is due in two days',
      overdue: 'A book is overdue',
      holdReady: 'A book you hold is ready for you',
      roomReminder: 'Your study room booking starts in two hours',
      eventReminder: 'An event you registered for is tomorrow',
    } satisfies Record<SmsNoticeKind, string>,
    failures: {
      INVALID_PHONE:
        'Please give a Bangladeshi mobile number: +8801 and nine digits, such as +8801712345678.',
      INVALID_CODE: 'This is not the code we sent. Please check the SMS and try again.',
      CODE_EXPIRED:
        'This code no longer works (it lasts 10 minutes and 5 tries). Please ask for a new one.',
      PHONE_NOT_VERIFIED:
        'Please add your mobile number and confirm it with the code we send before choosing SMS.',
      RATE_LIMITED: 'You can ask for at most 3 codes an hour. Please try again later.',
      OTHER: 'That did not work. Please try again.',
    } satisfies Partial<Record<ErrorCode | 'OTHER', string>>,
  },

  noticesHeading: 'Your notices',
  noNotices: 'No notices yet. Reminders about your loans and holds will show here.',
  noticeTitles: {
    dueSoon: (book: string, date: string) => `"${book}" is due back on ${date}`,
    overdue: (book: string, date: string) => `"${book}" was due back on ${date}`,
    holdReady: (book: string, date: string) => `"${book}" is kept for you until ${date}`,
    holdExpired: (book: string, date: string) => `Your hold on "${book}" expired on ${date}`,
    ebookReady: (book: string, date: string) =>
      `A digital copy of "${book}" is kept for you until ${date}`,
  } satisfies Record<
    Exclude<NoticeKind, 'membershipExpiring'>,
    (book: string, date: string) => string
  >,
  membershipNoticeTitle: (date: string) => `Your membership ends on ${date}`,
  noticeSent: (when: string) => `Noticed ${when}`,
  emailStates: {
    pending: 'E-mail on its way',
    sent: 'E-mailed',
    optedOut: 'Not e-mailed (your choice)',
    failed: 'E-mail could not be delivered',
  } satisfies Record<NoticeEmailState, string>,

  dataHeading: 'Your data',
  dataIntro:
    'Download everything the library keeps about you: your details, your loans and their history, your holds and your notices.',
  download: 'Download my data (JSON)',

  deleteHeading: 'Delete account',
  deleteIntro:
    'Deleting your account signs you out everywhere and removes your details, holds and notices. The library keeps the record of the books you borrowed, without your name or e-mail.',
  deletePassword: 'Your password',
  wrongPassword: 'The password is not right.',
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
  // Where the e-mail confirmation link lands
  confirmedTitle: 'Your e-mail address is confirmed',
  confirmedText: 'Thank you. The library can now reach you about your loans, holds and bookings.',
  notConfirmedTitle: 'This link did not work',
  notConfirmedText:
    'The confirmation link has expired or is not valid, so your address is not confirmed yet. Ask at the desk and a librarian will help.',
  browseBooks: 'Browse the books',
};

/** Lending at the desk, copies, the library card and copy labels (docs/product/desk.md). */
const lendingTexts = {
  scanTab: 'Scan',
  scanLabel: 'Scan a card or a copy',
  scanHint:
    'Scan a library card to open the member, then the copies to lend them. With no member open, a scanned copy is checked in.',
  scanSubmit: 'Enter',
  camera: 'Scan with Camera',
  cameraStop: 'Stop Camera',
  cameraUnavailable: 'No camera could be opened here. Type the number or use a scanner.',
  memberHeading: 'Member',
  cardNumber: (number: string) => `Card ${number}`,
  blocked: 'Blocked',
  closeMember: 'Done with This Member',
  noMember: 'No member open: scanned copies are checked in.',
  loansHeading: 'On loan',
  holdsHeading: 'Holds',
  none: 'None',
  due: (date: string) => `due ${date}`,
  holdReady: (date: string) => `ready until ${date}`,
  holdWaiting: (position: number) => `waiting, No. ${n(position)}`,
  resultsHeading: 'This session',
  noResults: 'Nothing scanned yet.',
  opened: (name: string) => `Opened ${name}`,
  lent: (title: string, barcode: string, date: string) =>
    `Lent "${title}" (${barcode}), due ${date}`,
  checkedIn: (title: string, barcode: string) => `Checked in "${title}" (${barcode})`,
  holdShelf: (name: string, card: string, date: string) =>
    `Put on the hold shelf for ${name} (card ${card}) until ${date}`,
  fineCharged: (amount: string, title: string) => `Charged ${amount} for returning "${title}" late`,
  backToShelf: (shelfMark: string | null) =>
    shelfMark ? `Back to the shelf: ${shelfMark}` : 'Back to the shelf',
  refused: (barcode: string, reason: string) => `${barcode}: ${reason}`,
  refusals: {
    MEMBER_NOT_FOUND: 'No member has this card.',
    COPY_NOT_FOUND: 'No card or copy has this number.',
    COPY_NOT_AVAILABLE: 'This copy is not on the shelf: it is on loan, lost, damaged or withdrawn.',
    COPY_HELD: "This copy is kept for another member's hold.",
    COPY_NOT_ON_LOAN: 'This copy is not on loan.',
    MEMBER_BLOCKED: "The member's borrowing is blocked.",
    OVERDUE_LOANS: 'The member has overdue books to return first.',
    ALREADY_BORROWED: 'The member already has this book.',
    LIMIT_REACHED: 'The member already has as many books as allowed.',
    EMAIL_NOT_VERIFIED: 'The member has not confirmed their e-mail address yet.',
    VALIDATION: 'A card or copy number is 4 to 20 letters and digits.',
  } as Partial<Record<ErrorCode, string>>,
  failed: 'Something went wrong. Please scan again.',
  cardHeading: 'Library Card',
  cardIntro: 'Show this card at the desk to borrow and return books. It prints on one page.',
  cardName: 'Member',
  cardNumberLabel: 'Card number',
  print: 'Print Card',
  barcodeAlt: (number: string) => `Barcode of card number ${number}`,
  qrAlt: (number: string) => `QR code of card number ${number}`,
  copiesHeading: 'Copies',
  copiesIntro: 'Every copy the library owns, with its barcode and status.',
  barcode: 'Barcode',
  shelfMark: 'Shelf mark',
  status: 'Status',
  statuses: {
    available: 'On the shelf',
    onLoan: 'On loan',
    held: 'Kept for a hold',
    lost: 'Lost',
    damaged: 'Damaged',
    withdrawn: 'Withdrawn',
  },
  setStatus: 'Change status',
  addCopy: 'Add Copy',
  addCopyBarcode: 'Barcode (leave empty for a new one)',
  copyAdded: (barcode: string) => `Copy ${barcode} added`,
  copyChanged: (barcode: string) => `Copy ${barcode} changed`,
  labels: 'Print Labels',
  labelsHeading: (title: string) => `Labels of "${title}"`,
  confirmBlock: (name: string) => ({
    title: `Block ${name}?`,
    text: `${name} will not be able to borrow or place holds until unblocked.`,
    confirm: 'Yes, Block',
    cancel: 'Not Now',
  }),
  confirmGrant: (name: string) => ({
    title: `Make ${name} a librarian?`,
    text: `${name} will be able to use the desk: lend, check in and change members.`,
    confirm: 'Yes, Make Librarian',
    cancel: 'Not Now',
  }),
  confirmRevoke: (name: string) => ({
    title: `Make ${name} a member?`,
    text: `${name} will no longer be able to use the desk.`,
    confirm: 'Yes, Make Member',
    cancel: 'Not Now',
  }),
  selfChange: 'You cannot revoke your own role or block yourself: ask another librarian.',
  lastLibrarian: 'This is the last librarian: make another member a librarian first.',
  cancelHold: 'Cancel Hold',
  confirmCancelHold: (title: string, member: string) => ({
    title: 'Cancel this hold?',
    text: `${member} will be told by e-mail that their hold on "${title}" was cancelled.`,
    confirm: 'Yes, Cancel It',
    cancel: 'Keep It',
  }),
  holdCancelled: 'Hold cancelled',
  returnAtDesk: 'Return this book at the desk',
};

/** The digital library: /read-online, the reader, and the librarian's e-book edition (docs/product/digital-library.md). */
const digitalLibraryTexts = {
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

/** Fines and membership (docs/product/fines-and-membership.md); amounts come formatted (৳). */
const finesTexts = {
  heading: 'Fines',
  balance: 'You owe',
  nothingOwed: 'You owe nothing.',
  /** Beside a fine still accruing, which is owed once the book comes back: not "nothing". */
  nothingChargedYet: 'Nothing charged yet.',
  payAtDesk: 'Fines are paid at the desk.',
  accruing: (amount: string) =>
    `Your overdue books have accrued ${amount} so far; it is charged when they come back.`,
  entriesCaption: 'Fines, payments and waivers, newest first',
  noEntries: 'No fines so far.',
  date: 'Date',
  what: 'What',
  amount: 'Amount',
  kinds: {
    overdue: (book: string) => `Late return: ${book}`,
    lost: (book: string) => `Lost copy: ${book}`,
    payment: 'Payment',
    waiver: 'Waiver',
  },
  membershipHeading: 'Membership',
  memberSince: 'Member since',
  validUntil: 'Valid until',
  expired: 'Expired: please renew it at the desk',
  // The desk
  owes: 'Owes',
  membershipUntil: 'Membership until',
  amountLabel: 'Amount (taka)',
  noteLabel: 'Note',
  takePayment: 'Take payment',
  waive: 'Waive',
  renewMembership: 'Renew membership',
  membershipRenewed: (name: string, date: string) => `${name}'s membership runs until ${date}`,
  waiverNeedsNote: 'Write in the note why the amount is waived.',
  refused: 'Not taken',
  // The receipt
  receiptHeading: 'Receipt',
  receiptNumber: 'Receipt no.',
  receiptMember: 'Member',
  receiptBalance: 'Still owed',
  print: 'Print',
  backToDesk: 'Back to the desk',
  // The membership page
  joinHeading: 'Join now',
  joinIntro:
    'Create your account here: your membership starts today and your library card is ready at once.',
  yourMembership: 'Your membership',
  renewAtDesk: 'Renew it at the desk before it ends; bring your library card.',
  // The Scan tab
  accruingNow: 'Accruing on overdue loans',
  membershipEnded: 'Membership ended',
  paymentTaken: (amount: string) => `Payment of ${amount} taken`,
  waiverTaken: (amount: string) => `${amount} waived`,
  openReceipt: 'Print Receipt',
  // The receipt's other lines
  receiptWhen: 'Date and time',
  receiptCard: 'Library card',
  receiptTakenBy: 'Taken by',
  receiptSettles: 'Settles',
  receiptSettlesNothing: 'No charge',
};

export const enPages = {
  termsTexts,
  privacyTexts,
  pageTexts,
  deskTexts,
  profileTexts,
  lendingTexts,
  digitalLibraryTexts,
  finesTexts,
};
