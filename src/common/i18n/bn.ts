/**
 * The Bangla catalogue (docs/product.md#language), written as a library in Bangladesh writes to its members:
 * short and polite (আপনি), one word for each thing throughout — বই (book), কপি (copy), ধার
 * (borrow, loan), রিজার্ভ (hold), নবায়ন (renew), ফেরত (return), ফেরতের তারিখ (due date), সদস্য
 * (member), গ্রন্থাগারিক (librarian), বিভাগ (category). Numbers go through Intl in bn-BD, so
 * they are written in Bengali digits; counts take the classifier টি ("৩টি বই"), which Bangla
 * uses for every count, so it has no separate plural forms. Same shape as en.ts (`Catalogue`).
 */
import type { Catalogue } from './catalogue.ts';
import { BORROW_LIMIT } from '../constants.ts';
import type { Message } from './message.ts';
import { LOCALES } from './languages.ts';
import { numberIn } from './numbers.ts';
import { bannerTexts, homeTexts } from './bn-home.ts';
import { bookRecordTexts, imageTexts, imageFailureMessages, ebookTexts } from './bn-books.ts';

const n = numberIn(LOCALES.bn);
/** A year, in Bengali digits without a thousands separator (২০২৬, not ২,০২৬). */
const year = (value: number) =>
  new Intl.NumberFormat(LOCALES.bn, { useGrouping: false }).format(value);
/** A year, in Bengali digits without a thousands separator (২০২৬, not ২,০২৬). */
const limit = n(BORROW_LIMIT);

const emailNotVerifiedMessage: Message = {
  title: 'ইমেইল নিশ্চিত করুন',
  text: 'নিবন্ধনের সময় আমরা যে ইমেইল পাঠিয়েছি, তার লিংকটি খুলুন, তারপর আবার চেষ্টা করুন।',
};

const borrowRefusalMessages: Catalogue['borrowRefusalMessages'] = {
  NOT_FOUND: { title: 'বইটি পাওয়া যায়নি', text: 'আপনি যে বইটি বেছে নিয়েছেন, সেটি সংগ্রহে নেই।' },
  BOOK_NOT_FOUND: {
    title: 'বইটি পাওয়া যায়নি',
    text: 'আপনি যে বইটি বেছে নিয়েছেন, সেটি সংগ্রহে নেই।',
  },
  NOT_AVAILABLE: {
    title: 'কপি নেই',
    text: 'এই বইয়ের কোনো কপি এখন ধার দেওয়ার জন্য তাকে নেই।',
  },
  ALREADY_BORROWED: {
    title: 'আগেই ধার নেওয়া',
    text: 'বইটি আপনি আগেই ধার নিয়েছেন। অনুগ্রহ করে আগে সেটি ফেরত দিন।',
  },
  LIMIT_REACHED: {
    title: 'ধারের সীমা পূর্ণ',
    text: `আপনি একসঙ্গে সর্বোচ্চ ${limit}টি বই ধার নিতে পারেন।`,
  },
  OVERDUE_LOANS: {
    title: 'মেয়াদোত্তীর্ণ বই',
    text: 'নতুন বই ধার নেওয়ার আগে অনুগ্রহ করে মেয়াদোত্তীর্ণ বইগুলো ফেরত দিন।',
  },
  MEMBER_BLOCKED: {
    title: 'ধার নেওয়া বন্ধ',
    text: 'আপনার ধার নেওয়া আপাতত বন্ধ আছে। অনুগ্রহ করে ডেস্কে গ্রন্থাগারিকের সঙ্গে কথা বলুন।',
  },
  EMAIL_NOT_VERIFIED: emailNotVerifiedMessage,
  OTHER: { title: 'দুঃখিত...', text: 'বইটি ধার দেওয়া গেল না। অনুগ্রহ করে আবার চেষ্টা করুন।' },
  FINES_OWED: {
    title: 'জরিমানা বাকি',
    text: 'আবার ধার নেওয়ার আগে অনুগ্রহ করে ডেস্কে জরিমানা পরিশোধ করুন।',
  },
  MEMBERSHIP_EXPIRED: {
    title: 'সদস্যপদের মেয়াদ শেষ',
    text: 'আপনার সদস্যপদের মেয়াদ শেষ হয়েছে। অনুগ্রহ করে ডেস্কে নবায়ন করুন।',
  },
};

const registerMessages: Catalogue['registerMessages'] = {
  missingFields: {
    title: 'তথ্য বাকি আছে',
    text: 'অনুগ্রহ করে প্রয়োজনীয় সব ঘর পূরণ করুন (নাম, ইমেইল, পাসওয়ার্ড)।',
  },
  weakPasswordForm: {
    title: 'দুর্বল পাসওয়ার্ড',
    text: 'পাসওয়ার্ডে অন্তত ৬টি অক্ষর থাকতে হবে, তার মধ্যে বড় হাতের ও ছোট হাতের অক্ষর দুটোই।',
  },
  emailInUse: {
    title: 'ইমেইলটি আগেই ব্যবহৃত',
    text: 'অনুগ্রহ করে সাইন ইন করুন, অথবা অন্য একটি ইমেইল ব্যবহার করুন।',
  },
  weakPasswordServer: { title: 'দুর্বল পাসওয়ার্ড', text: 'পাসওয়ার্ডে অন্তত ৬টি অক্ষর থাকতে হবে।' },
  failedTitle: 'নিবন্ধন হয়নি',
  googleFailedTitle: 'গুগল দিয়ে সাইন ইন হয়নি',
};

const rateLimitedMessage: Message = {
  title: 'অনেকবার চেষ্টা হয়েছে',
  text: 'এই ডিভাইস থেকে অনেকবার চেষ্টা করা হয়েছে। অনুগ্রহ করে এক মিনিট পরে আবার চেষ্টা করুন।',
};

const successMessages: Catalogue['successMessages'] = {
  registration: 'নিবন্ধন সফল হয়েছে',
  confirmationSent: (email: string) =>
    `${email} ঠিকানায় একটি নিশ্চিতকরণ মেইল পাঠানো হয়েছে: ঠিকানাটি নিশ্চিত করতে তার লিংকটি খুলুন।`,
  googleLogin: 'গুগল দিয়ে লগইন সফল হয়েছে',
  login: 'লগইন সফল হয়েছে',
  logout: 'লগআউট সফল হয়েছে',
  bookAdded: 'আপনার বইটি যোগ হয়েছে',
  borrowed: 'বইটি ধার নেওয়া হয়েছে',
  setAside: (until: string) => `বইটি আপনার জন্য রাখা হয়েছে: ${until}-এর মধ্যে ডেস্ক থেকে নিয়ে যান`,
  updated: { title: 'হালনাগাদ হয়েছে', text: 'বইয়ের তথ্য হালনাগাদ হয়েছে' },
};

const failureMessages: Catalogue['failureMessages'] = {
  addBook: 'বইটি যোগ করা যায়নি',
  loadBooks: { title: 'ত্রুটি', text: 'বইয়ের তালিকা আনা যায়নি' },
  loadBookForUpdate: { title: 'ত্রুটি', text: 'বইটি খোলা যায়নি' },
  update: 'হালনাগাদ করা যায়নি',
  returnBook: 'বইটি ফেরত দেওয়ার সময় সমস্যা হয়েছে। অনুগ্রহ করে আবার চেষ্টা করুন।',
};

const emptyStates: Catalogue['emptyStates'] = {
  categories: 'কোনো বিভাগ পাওয়া যায়নি',
  allBooks: 'কোনো বই নেই',
  bookNotFound: 'বইটি পাওয়া যায়নি।',
  category: (name: string) => `"${name}" বিভাগে কোনো বই পাওয়া যায়নি`,
  borrowedBooks: 'এই মুহূর্তে আপনার কাছে কোনো ধার নেওয়া বই নেই।',
};

const bookFieldLabels: Catalogue['bookFieldLabels'] = {
  name: 'নাম',
  author: 'লেখক',
  category: 'বিভাগ',
  quantity: 'কপির সংখ্যা',
  rating: 'রেটিং',
  shortDescription: 'সংক্ষিপ্ত বিবরণ',
  image: 'ছবির ঠিকানা (URL)',
  content: 'বিষয়বস্তু',
  update: 'হালনাগাদ',
};

const catalogueTexts: Catalogue['catalogueTexts'] = {
  allBooksHeading: 'সব বই',
  showAvailable: 'শুধু তাকে থাকা বই দেখুন',
  showAll: 'সব বই দেখুন',
  viewLabel: 'দেখার ধরন',
  cardView: 'কার্ড',
  tableView: 'তালিকা',
  loadMore: 'আরও দেখুন',
  loadingMore: 'আরও বই আসছে...',
  shownOfTotal: (shown: number, total: number) =>
    `${n(total)}টি বইয়ের মধ্যে ${n(shown)}টি দেখানো হচ্ছে`,
  byAuthor: (author: string) => `লেখক: ${author}`,
  copies: (quantity: number) => `${n(quantity)}টি কপি আছে`,
  ratingOutOf: (rating: number, max: number) => `${n(max)}-এর মধ্যে ${n(rating)}`,
  borrowThisBook: 'বইটি ধার নিন',
  aboutThisBook: 'বইটি সম্পর্কে',
  categoryHeading: (name: string) => `${name} বিভাগের বই`,
  categoryCount: (count: number) => `এই বিভাগে ${n(count)}টি বই`,
  coverAlt: (name: string) => `${name} বইয়ের প্রচ্ছদ`,
  addHeading: 'নতুন বই যোগ করুন',
  addIntro: 'পাঠাগারের সংগ্রহে একটি বই যোগ করুন। ‘ঐচ্ছিক’ লেখা ঘরগুলো খালি রাখা যায়।',
  addSubmit: 'বই যোগ করুন',
  adding: 'যোগ হচ্ছে...',
  updateHeading: 'বইয়ের তথ্য হালনাগাদ করুন',
  updateSubmit: 'হালনাগাদ করুন',
  saving: 'সংরক্ষণ হচ্ছে...',
  cancel: 'বাতিল',
  loadingBook: 'বইয়ের তথ্য আসছে...',
  chooseCategory: 'একটি বিভাগ বেছে নিন',
  contentHint: 'ঐচ্ছিক। বইয়ের পাতায় দেখানো হয়; অনুচ্ছেদের মাঝে একটি ফাঁকা লাইন রাখুন।',
  imageHint:
    'একটি ওয়েব ঠিকানা (https://…), যেখান থেকে ছবিটি একবার এনে এখানে রাখা হবে, অথবা এই সাইটের একটি পথ, যেমন /covers/…',
  ratingHint: (min: number, max: number, step: number) =>
    `${n(min)} থেকে ${n(max)}, ${n(step)} করে বাড়ে-কমে`,
  duplicateIsbn: {
    title: 'এই ISBN আগেই আছে',
    text: 'ক্যাটালগের আরেকটি বইয়ের এই ISBN আছে। নম্বরটি আবার দেখুন, অথবা সেই বইটিই হালনাগাদ করুন।',
  },
  tryAgain: 'আবার চেষ্টা করুন',
  backHome: 'হোম পেজে যান',
  expectedBack: 'ফেরত আসার সম্ভাব্য তারিখ',
};

const circulationTexts: Catalogue['circulationTexts'] = {
  borrowHeading: 'বই ধার নিন',
  availableQuantity: 'তাকে থাকা কপি',
  memberName: 'আপনার নাম',
  memberEmail: 'আপনার ইমেইল',
  borrowedDate: 'ধারের তারিখ',
  returnDate: 'ফেরতের তারিখ',
  chooseDay: 'একটি দিন বেছে নিন',
  borrow: 'ধার নিন',
  borrowing: 'ধার নেওয়া হচ্ছে...',
  cancel: 'বাতিল',
  borrowedHeading: 'ধার নেওয়া বই',
  borrowedCount: (count: number, max: number) => `${n(max)}টির মধ্যে ${n(count)}টি বই আপনার কাছে`,
  borrowedOn: 'ধারের তারিখ',
  returnBy: 'ফেরতের তারিখ',
  notAvailable: 'প্রযোজ্য নয়',
  /** RETURNS=desk: shown instead of the Return Book button (docs/product/desk.md). */
  returnAtDesk: 'বইটি ডেস্কে ফেরত দিন',
  returnBook: 'ফেরত দিন',
  returning: 'ফেরত হচ্ছে...',
  loadingLoans: 'আপনার ধার নেওয়া বই আসছে',
  loadLoansFailed: 'আপনার ধার নেওয়া বইয়ের তালিকা আনা যায়নি। অনুগ্রহ করে আবার চেষ্টা করুন।',
  emptyHint: (max: number) => `সংগ্রহ ঘুরে দেখুন, একসঙ্গে সর্বোচ্চ ${n(max)}টি বই ধার নিতে পারবেন।`,
  browseCollection: 'সংগ্রহ ঘুরে দেখুন',
  returnDateHint: (days: number) =>
    `একবারে সর্বোচ্চ ${n(days)} দিনের জন্য ধার; অনলাইনে নবায়ন করা যায়।`,
  tabsLabel: 'আপনার ধার',
  loansTab: 'ধারে আছে',
  holdsTab: 'রিজার্ভ',
  historyTab: 'পুরোনো ধার',
  dueIn: (days: number) => (days === 0 ? 'আজ ফেরতের দিন' : `ফেরতের আর ${n(days)} দিন বাকি`),
  overdue: 'মেয়াদোত্তীর্ণ',
  overdueBy: (days: number) => `${n(days)} দিন দেরি`,
  fineSoFar: (amount: string) => `এ পর্যন্ত জরিমানা: ${amount}`,
  overdueNotice:
    'আপনার কাছে মেয়াদোত্তীর্ণ বই আছে। অনুগ্রহ করে ফেরত দিন: তার আগে নতুন বই ধার বা রিজার্ভ করা যাবে না।',
  renew: 'নবায়ন করুন',
  renewing: 'নবায়ন হচ্ছে...',
  renewalsUsed: (used: number, max: number) => `${n(max)} বারের মধ্যে ${n(used)} বার নবায়ন হয়েছে`,
  lostOn: 'হারানোর দিন',
  returnedOn: 'ফেরতের দিন',
  noHistory: 'এখনো কোনো বই ফেরত দেননি।',
  historyCount: (total: number) => `${n(total)}টি বই ফেরত দেওয়া হয়েছে`,
  noHolds:
    'আপনার কোনো রিজার্ভ নেই। কোনো বইয়ের সব কপি ধারে থাকলে রিজার্ভ করে অপেক্ষার তালিকায় নাম লেখান।',
  queuePosition: (position: number) => `অপেক্ষার তালিকায় ${n(position)} নম্বরে`,
  readyUntil: (date: string) => `${date} পর্যন্ত আপনার জন্য রাখা আছে`,
  readyHint: 'একটি কপি আপনার জন্য রাখা আছে: এর মধ্যে ধার নিন।',
  borrowReady: 'এখন ধার নিন',
  cancelHold: 'রিজার্ভ বাতিল করুন',
  cancellingHold: 'বাতিল হচ্ছে...',
  placeHold: 'রিজার্ভ করুন',
  placingHold: 'রিজার্ভ হচ্ছে...',
  queueLength: (waiting: number) =>
    waiting === 0 ? 'এখনো কেউ অপেক্ষায় নেই।' : `${n(waiting)} জন সদস্য অপেক্ষায় আছেন।`,
  allCopiesOut: 'সব কপি এখন ধারে আছে।',
  youHaveIt: (date: string) => `বইটি আপনার কাছে আছে। অনুগ্রহ করে ${date}-এর মধ্যে ফেরত দিন।`,
  youHaveItOverdue: (date: string) => `বইটি আপনার কাছে আছে; ফেরতের তারিখ ছিল ${date}।`,
  yourBorrowedBooks: 'আপনার ধার নেওয়া বই দেখুন',
  invalidDatesTitle: 'তারিখ ঠিক নেই',
};

const circulationMessages: Catalogue['circulationMessages'] = {
  renewed: (date: string) => ({
    title: 'নবায়ন হয়েছে',
    text: `অনুগ্রহ করে ${date}-এর মধ্যে ফেরত দিন।`,
  }),
  holdPlaced: (position: number) => ({
    title: 'রিজার্ভ হয়েছে',
    text: `অপেক্ষার তালিকায় আপনি ${n(position)} নম্বরে। কপি ফেরত এলে আপনার জন্য রেখে দেওয়া হবে।`,
  }),
  holdCancelled: 'রিজার্ভ বাতিল হয়েছে',
  confirmReturn: (title: string) => ({
    title: 'বইটি ফেরত দেবেন?',
    text: `"${title}" পাঠাগারে ফিরে যাবে: অপেক্ষায় থাকা পরের সদস্যের কাছে, নয়তো তাকে।`,
    confirm: 'হ্যাঁ, ফেরত দিন',
    cancel: 'রেখে দিন',
  }),
  returned: 'বইটি ফেরত হয়েছে',
  refusals: {
    RENEWAL_LIMIT: {
      title: 'নবায়নের সীমা পূর্ণ',
      text: 'বইটি যতবার নবায়ন করা যায়, ততবার করা হয়েছে। অনুগ্রহ করে ফেরতের তারিখের মধ্যে ফেরত দিন।',
    },
    HOLD_QUEUE: {
      title: 'নবায়ন করা যাবে না',
      text: 'আরেকজন সদস্য বইটির জন্য অপেক্ষা করছেন। অনুগ্রহ করে ফেরতের তারিখের মধ্যে ফেরত দিন।',
    },
    LOAN_NOT_FOUND: { title: 'ধারটি পাওয়া যায়নি', text: 'এই ধার এখন আর চালু নেই।' },
    HOLD_NOT_FOUND: { title: 'রিজার্ভটি পাওয়া যায়নি', text: 'এই রিজার্ভ আর নেই।' },
    COPIES_AVAILABLE: {
      title: 'কপি তাকে আছে',
      text: 'এখন একটি কপি তাকে আছে, তাই রিজার্ভ না করে সরাসরি ধার নিতে পারেন।',
    },
    NOT_IN_COLLECTION: {
      title: 'সংগ্রহে নেই',
      text: 'পাঠাগারের সংগ্রহে এই বইয়ের কোনো কপি নেই, তাই রিজার্ভ কখনো পূরণ হবে না।',
    },
    ALREADY_BORROWED: borrowRefusalMessages.ALREADY_BORROWED,
    ALREADY_ON_HOLD: {
      title: 'আগেই রিজার্ভ করা',
      text: 'এই বইয়ের অপেক্ষার তালিকায় আপনি আগেই আছেন।',
    },
    HOLD_LIMIT_REACHED: {
      title: 'রিজার্ভের সীমা পূর্ণ',
      text: 'যতগুলো রিজার্ভ রাখা যায়, আপনার ততগুলোই আছে। নতুন রিজার্ভের জন্য একটি বাতিল করুন।',
    },
    OVERDUE_LOANS: {
      title: 'মেয়াদোত্তীর্ণ বই',
      text: 'আগে মেয়াদোত্তীর্ণ বইগুলো ফেরত দিন: কোনো বই মেয়াদোত্তীর্ণ থাকলে ধারের মেয়াদ বাড়ানো বা রিজার্ভ করা যায় না।',
    },
    BOOK_NOT_FOUND: borrowRefusalMessages.BOOK_NOT_FOUND,
    EMAIL_NOT_VERIFIED: emailNotVerifiedMessage,
    FINES_OWED: borrowRefusalMessages.FINES_OWED,
    MEMBERSHIP_EXPIRED: borrowRefusalMessages.MEMBERSHIP_EXPIRED,
  },
  failed: { title: 'দুঃখিত...', text: 'কিছু একটা সমস্যা হয়েছে। অনুগ্রহ করে আবার চেষ্টা করুন।' },
};

const authMessages: Catalogue['authMessages'] = {
  invalidCredentials: 'ইমেইল বা পাসওয়ার্ড ঠিক নয়।',
  googlePopupBlocked: 'গুগল সাইন ইনের জানালাটি আটকে গেছে। এই সাইটের পপ-আপ চালু করে আবার চেষ্টা করুন।',
  googlePopupClosed: 'সাইন ইন শেষ হওয়ার আগেই গুগল সাইন ইনের জানালাটি বন্ধ হয়ে গেছে।',
  unreachable: 'পাঠাগারের সঙ্গে যোগাযোগ করা গেল না। সংযোগ দেখে পাতাটি আবার খুলুন।',
};

const searchTexts: Catalogue['searchTexts'] = {
  fieldLabel: 'সংগ্রহে খুঁজুন',
  placeholder: 'বইয়ের নাম বা লেখক',
  submit: 'খুঁজুন',
  shortcutHint: 'খুঁজতে / চাপুন',
  heading: 'খুঁজুন',
  everyBook: 'পাঠাগারের সব বই',
  resultsFor: (q: string) => `“${q}”-এর ফলাফল`,
  showingResultsFor: 'যে শব্দের ফলাফল দেখানো হচ্ছে:',
  noResultsAsTyped: (q: string) => `“${q}” হুবহু লিখে কোনো বই মেলেনি।`,
  found: (total: number) => (total === 0 ? 'কোনো বই পাওয়া যায়নি' : `${n(total)}টি বই পাওয়া গেছে`),
  shownRange: (first: number, last: number, total: number) =>
    `${n(total)}টির মধ্যে ${n(first)}–${n(last)} দেখানো হচ্ছে`,
  foundAbout: (total: number) => `প্রায় ${n(total)}টি বই পাওয়া গেছে`,
  shownRangeOfAbout: (first: number, last: number, total: number) =>
    `প্রায় ${n(total)}টির মধ্যে ${n(first)}–${n(last)} দেখানো হচ্ছে`,
  approximately: (count: string) => `≈${count}`,
  refine: 'ফলাফল ছেঁকে নিন',
  categories: 'বিভাগ',
  allCategories: 'সব বিভাগ',
  availability: 'প্রাপ্যতা',
  availableOnly: 'এখন তাকে আছে',
  sortLabel: 'সাজান',
  sorts: {
    relevance: 'সবচেয়ে মিল আগে',
    newest: 'নতুন আগে',
    title: 'নাম (ক–হ, A–Z)',
    author: 'লেখক (ক–হ, A–Z)',
    rating: 'বেশি রেটিং আগে',
  },
  pages: 'পাতা',
  previous: 'আগের পাতা',
  next: 'পরের পাতা',
  pageOf: (page: number, pages: number) => `${n(pages)} পাতার ${n(page)} নম্বর`,
  noMatches: 'আপনার খোঁজার সঙ্গে মেলে এমন কোনো বই নেই।',
  noMatchesHint: 'বানান দেখে নিন, কম শব্দ দিয়ে খুঁজুন, অথবা সব বিভাগে খুঁজুন।',
  pastTheEnd: 'এই পাতায় আর কোনো ফলাফল নেই।',
  firstPage: 'প্রথম পাতায় যান',
  browseAll: 'সব বই ঘুরে দেখুন',
};

const shellTexts: Catalogue['shellTexts'] = {
  loadingPage: 'পাতাটি আসছে',
  deskLink: 'ডেস্ক',
  ok: 'ঠিক আছে',
};

const passwordResetTexts: Catalogue['passwordResetTexts'] = {
  forgotLink: 'পাসওয়ার্ড ভুলে গেছেন?',
  forgotTitle: 'পাসওয়ার্ড ভুলে গেছেন?',
  forgotIntro:
    'আপনার পাঠাগার অ্যাকাউন্টের ইমেইল ঠিকানা লিখুন। নতুন পাসওয়ার্ড বেছে নেওয়ার একটি লিংক আমরা পাঠিয়ে দেব।',
  sendLink: 'লিংক পাঠান',
  sent: {
    title: 'ইমেইল দেখুন',
    text: 'এই ঠিকানায় কোনো অ্যাকাউন্ট থাকলে নতুন পাসওয়ার্ড বেছে নেওয়ার লিংক পাঠানো হয়েছে। লিংকটি একবারই, এক ঘণ্টার জন্য কাজ করবে।',
  },
  resetTitle: 'নতুন পাসওয়ার্ড বেছে নিন',
  resetIntro: 'নতুন পাসওয়ার্ডে অন্তত ৬টি অক্ষর লাগবে, তার মধ্যে বড় হাতের ও ছোট হাতের অক্ষর দুটোই।',
  newPassword: 'নতুন পাসওয়ার্ড',
  savePassword: 'নতুন পাসওয়ার্ড রাখুন',
  saved: 'পাসওয়ার্ড বদলানো হয়েছে',
  savedText: 'নতুন পাসওয়ার্ড দিয়ে সাইন ইন করুন।',
  invalidLink: {
    title: 'লিংকটির মেয়াদ শেষ',
    text: 'লিংক একবারই, এক ঘণ্টার জন্য কাজ করে। নতুন একটি লিংক চেয়ে নিন।',
  },
  missingToken: {
    title: 'লিংক পাওয়া যায়নি',
    text: 'আমাদের পাঠানো ইমেইলের লিংকটি খুলুন, অথবা নতুন একটি চেয়ে নিন।',
  },
  askAgain: 'নতুন লিংক চান',
  backToSignIn: 'সাইন ইনে ফিরে যান',
  failed: 'কিছু একটা সমস্যা হয়েছে। অনুগ্রহ করে আবার চেষ্টা করুন।',
};

const pageTitles: Catalogue['pageTitles'] = {
  home: 'হোম',
  allBooks: 'সব বই',
  book: 'বইয়ের বিবরণ',
  category: 'বিভাগের বই',
  search: 'খুঁজুন',
  borrow: 'বই ধার',
  borrowedBooks: 'ধার নেওয়া বই',
  addBook: 'বই যোগ',
  updateBook: 'বই হালনাগাদ',
  register: 'নিবন্ধন',
  signIn: 'সাইন ইন',
  forgotPassword: 'পাসওয়ার্ড ভুলে গেছেন',
  resetPassword: 'নতুন পাসওয়ার্ড',
  explore: 'খুঁজুন',
  readOnline: 'অনলাইনে পড়ুন',
  events: 'অনুষ্ঠান',
  studyRooms: 'পাঠকক্ষ',
  membership: 'সদস্যপদ',
  profile: 'প্রোফাইল',
  desk: 'ধার-ফেরত ডেস্ক',
  card: 'লাইব্রেরি কার্ড',
  read: 'পড়ুন',
  labels: 'লেবেল',
  receipt: 'রসিদ',
  emailConfirmed: 'ইমেইল নিশ্চিত',
};

const documentTexts: Catalogue['documentTexts'] = {
  description:
    'পাঠাগার, শহরের গ্রন্থাগার: বিভাগ ধরে সংগ্রহ ঘুরে দেখুন, বই ধার নিন ও ফেরত দিন, আর খুঁজে নিন অনুষ্ঠান, পাঠকক্ষ ও সদস্যপদের খবর।',
  loading: 'লোড হচ্ছে…',
  noScript: 'পাঠাগারের সংগ্রহ দেখাতে জাভাস্ক্রিপ্ট দরকার। অনুগ্রহ করে এটি চালু করে পাতাটি আবার খুলুন।',
};

const layoutTexts: Catalogue['layoutTexts'] = {
  offline: 'আপনি অফলাইনে আছেন: কোনো পরিবর্তনের জন্য সংযোগ লাগবে।',
  offlineAsOf: (time: string) =>
    `আপনি অফলাইনে আছেন। ${time} পর্যন্ত পাওয়া তথ্য দেখানো হচ্ছে; পরিবর্তনের জন্য সংযোগ লাগবে।`,
  /** The navbar's photo, which opens the Profile page. */
  /** The navbar's link to the member's library card (docs/product/desk.md). */
  navCard: 'লাইব্রেরি কার্ড',
  avatarLink: (name: string) => `প্রোফাইল (${name} হিসেবে সাইন ইন করা)`,
  navHome: 'হোম',
  navAllBooks: 'সব বই',
  navAddBook: 'বই যোগ',
  navBorrowedBooks: 'ধার নেওয়া বই',
  mainNav: 'প্রধান',
  navServices: 'সেবা',
  navDigitalLibrary: 'ডিজিটাল পাঠাগার',
  openMenu: 'মেনু খুলুন',
  skipToContent: 'মূল অংশে যান',
  loading: 'লোড হচ্ছে',
  login: 'লগইন',
  signUp: 'সাইন আপ',
  signOut: 'সাইন আউট',
  signedInAs: (name: string) => `${name} হিসেবে সাইন ইন করা`,
  switchToLight: 'হালকা রঙের থিমে যান',
  switchToDark: 'গাঢ় রঙের থিমে যান',
  languageLabel: 'ভাষা',
  footerAbout:
    'আপনার শহরের পাঠাগার: বই, সাময়িকী ও আর্কাইভ, দিনরাত খোলা ডিজিটাল পাঠাগার, প্রতি সপ্তাহে শিক্ষামূলক অনুষ্ঠান আর নিরিবিলি পাঠকক্ষ।',
  footerNav: 'ফুটার',
  footerLibrary: 'পাঠাগার',
  footerTerms: 'শর্তাবলি',
  footerPrivacy: 'গোপনীয়তা',
  footerContact: 'যোগাযোগ',
  followUs: 'আমাদের অনুসরণ করুন',
  opensInNewTab: (label: string) => `${label} (নতুন ট্যাবে খুলবে)`,
  copyright: (thisYear: number, appName: string) =>
    `© ${year(thisYear)} ${appName}। সর্বস্বত্ব সংরক্ষিত।`,
  homeHeading: (appName: string) => `${appName}: আপনার শহরের পাঠাগার`,
};

const errorPageTexts: Catalogue['errorPageTexts'] = {
  notFoundTitle: 'পাতাটি পাওয়া যায়নি',
  notFoundText:
    'আপনি যে পাতাটি খুঁজছেন, সেটি আমাদের তাকে নেই। হয়তো সরিয়ে নেওয়া হয়েছে, অথবা ঠিকানায় ভুল আছে।',
  goHome: 'হোম পেজে যান',
  tryAgain: 'আবার চেষ্টা করুন',
  statusTitles: {
    400: 'অনুরোধটি ঠিক নয়',
    401: 'অনুগ্রহ করে সাইন ইন করুন',
    403: 'অনুমতি নেই',
    429: 'অনেক বেশি অনুরোধ',
    503: 'সেবা এখন বন্ধ',
  },
  somethingWentWrong: 'কিছু একটা সমস্যা হয়েছে',
  couldNotOpen: 'পাঠাগার পাতাটি খুলতে পারেনি। অনুগ্রহ করে একটু পরে আবার চেষ্টা করুন।',
  couldNotShow:
    'পাতাটি দেখানো যায়নি। সাধারণত আবার লোড করলেই ঠিক হয়ে যায়; না হলে অনুগ্রহ করে পরে চেষ্টা করুন।',
};

const authTexts: Catalogue['authTexts'] = {
  registerTitle: 'এখনই নিবন্ধন করুন!',
  registerIntro: (max: number) =>
    `সদস্য হলে একসঙ্গে সর্বোচ্চ ${n(max)}টি বই ধার নিতে, সংগ্রহে নতুন বই যোগ করতে আর নিজের ধারের হিসাব রাখতে পারবেন।`,
  signInTitle: 'এখনই সাইন ইন করুন!',
  signInIntro:
    'আবার স্বাগতম। বই ধার নিতে, আপনার কাছে কী আছে দেখতে আর সংগ্রহে নতুন বই যোগ করতে সাইন ইন করুন।',
  name: 'নাম',
  email: 'ইমেইল',
  photoUrl: 'ছবির ঠিকানা (URL)',
  photoPlaceholder: 'https://example.com/me.jpg',
  password: 'পাসওয়ার্ড',
  showPassword: 'পাসওয়ার্ড দেখান',
  hidePassword: 'পাসওয়ার্ড লুকান',
  register: 'নিবন্ধন করুন',
  registerForm: 'নিবন্ধন',
  requiredNote: '* চিহ্নিত ঘরগুলো পূরণ করা আবশ্যক।',
  signIn: 'সাইন ইন',
  signInForm: 'সাইন ইন',
  or: 'অথবা',
  signUpWithGoogle: 'গুগল দিয়ে সাইন আপ',
  loginWithGoogle: 'গুগল দিয়ে লগইন',
  haveAccount: 'আগেই অ্যাকাউন্ট আছে?',
  newHere: 'পাঠাগারে নতুন?',
  forgotForm: 'পাসওয়ার্ড ভুলে গেছেন',
  resetForm: 'নতুন পাসওয়ার্ড',
  failed: 'কিছু একটা সমস্যা হয়েছে। অনুগ্রহ করে আবার চেষ্টা করুন।',
};

export const bn: Catalogue = {
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
