/**
 * The English texts of the pages most visitors never open: terms, privacy, the library's own
 * pages, the desk and the profile. They are kept apart from en.ts so the home page does not
 * download them (docs/product.md#language, the client's budget): the modules of those pages import them
 * through src/client/lib/page-texts.ts, in the current language only. bn-pages.ts has the same
 * shape, checked by TypeScript (`PagesCatalogue`) and by catalogue.test.ts. The desk's, the
 * profile's and the digital library's texts are parts of their own (en-pages-*.ts), joined here,
 * so the catalogue is one chunk as before.
 */
import { BORROW_LIMIT } from '../constants.ts';
import { deskTexts, lendingTexts } from './en-pages-desk.ts';
import { profileTexts } from './en-pages-profile.ts';
import { digitalLibraryTexts } from './en-pages-digital-library.ts';

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
