/**
 * The English texts of the pages most visitors never open: terms, privacy, the library's own
 * pages, the desk and the profile. They are kept apart from en.ts so the home page does not
 * download them (DECISIONS §14, the client's budget): the modules of those pages import them
 * through src/client/lib/page-texts.ts, in the current language only. bn-pages.ts has the same
 * shape, checked by TypeScript (`PagesCatalogue`) and by catalogue.test.ts.
 */
import { BORROW_LIMIT, LIBRARY_PHONE, type NoticeKind } from '../constants.ts';
import type { Notice } from '../types.ts';
import { LOCALES } from './languages.ts';
import { numberIn } from './plural.ts';

/** Numbers as English writes them (1,234), for counts that may run into thousands. */
const n = numberIn(LOCALES.en);

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

/** The Profile page (DECISIONS.md §11). */
const profileTexts = {
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
    membershipExpiring: 'Your membership ends in two weeks',
  } satisfies Record<NoticeKind, string>,

  noticesHeading: 'Your notices',
  noNotices: 'No notices yet. Reminders about your loans and holds will show here.',
  noticeTitles: {
    dueSoon: (book: string, date: string) => `"${book}" is due back on ${date}`,
    overdue: (book: string, date: string) => `"${book}" was due back on ${date}`,
    holdReady: (book: string, date: string) => `"${book}" is kept for you until ${date}`,
    holdExpired: (book: string, date: string) => `Your hold on "${book}" expired on ${date}`,
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

/** Fines and membership (docs/product/fines-and-membership.md); amounts come formatted (৳). */
const finesTexts = {
  heading: 'Fines',
  balance: 'You owe',
  nothingOwed: 'You owe nothing.',
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
};

export const enPages = {
  termsTexts,
  privacyTexts,
  pageTexts,
  deskTexts,
  profileTexts,
  finesTexts,
};
