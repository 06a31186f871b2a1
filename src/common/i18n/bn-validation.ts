/**
 * What a form or the API says about input it cannot take, in Bangla (see en-validation.ts):
 * short and polite (অনুগ্রহ করে … লিখুন), with the catalogue's words (বই, কপি, ধার, ফেরতের
 * তারিখ) and numbers and dates in Bengali digits.
 */
import type { ValidationCatalogue } from './catalogue.ts';
import { LOCALES } from './languages.ts';
import { numberIn } from './numbers.ts';

const n = numberIn(LOCALES.bn);
/** A year in Bengali digits without a thousands separator (১০০০, not ১,০০০). */
const year = (value: number) =>
  new Intl.NumberFormat(LOCALES.bn, { useGrouping: false }).format(value);
const readableDate = new Intl.DateTimeFormat(LOCALES.bn, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
/** A `YYYY-MM-DD` date as the loans pages write it (২৪ নভে, ২০২৬); anything else as given. */
const date = (value: string) => {
  const day = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? String(value) : readableDate.format(day);
};

export const bnValidation: ValidationCatalogue = {
  fields: {
    name: 'নাম',
    author: 'লেখকের নাম',
    shortDescription: 'সংক্ষিপ্ত বিবরণ',
    image: 'ছবির ঠিকানা (URL)',
    photoUrl: 'ছবির ঠিকানা (URL)',
    content: 'বিষয়বস্তু',
    publisher: 'প্রকাশকের নাম',
    email: 'ইমেইল',
    borrowedDate: 'ধারের তারিখ',
    returnDate: 'ফেরতের তারিখ',
  },
  required: {
    name: 'অনুগ্রহ করে নাম লিখুন',
    author: 'অনুগ্রহ করে লেখকের নাম লিখুন',
    shortDescription: 'অনুগ্রহ করে একটি সংক্ষিপ্ত বিবরণ লিখুন',
    image: 'অনুগ্রহ করে ছবির ঠিকানা দিন',
    photoUrl: 'অনুগ্রহ করে ছবির ঠিকানা দিন',
    email: 'অনুগ্রহ করে ইমেইল লিখুন',
    password: 'অনুগ্রহ করে পাসওয়ার্ড লিখুন',
    book: 'অনুগ্রহ করে একটি বই বেছে নিন',
    borrowedDate: 'অনুগ্রহ করে ধারের তারিখ দিন',
    returnDate: 'অনুগ্রহ করে ফেরতের তারিখ দিন',
  },
  tooLong: (field: string, max: number) => `${field} সর্বোচ্চ ${n(max)} অক্ষরের হতে পারে`,
  imageAddress: (field: string) =>
    `${field} একটি http(s) ওয়েব ঠিকানা অথবা এই সাইটের একটি পথ হতে হবে`,
  ratingNumber: 'রেটিং সংখ্যায় লিখুন',
  ratingRange: (min: number, max: number) => `রেটিং ${n(min)} থেকে ${n(max)}-এর মধ্যে হতে হবে`,
  ratingStep: (step: number) => `রেটিং ${n(step)} করে বাড়ে-কমে, যেমন ৪.৫`,
  quantityNumber: 'কপির সংখ্যা অঙ্কে লিখুন',
  quantityWhole: 'কপির সংখ্যা পূর্ণসংখ্যা হতে হবে',
  quantityMin: (min: number) => `কপির সংখ্যা অন্তত ${n(min)} হতে হবে`,
  quantityTooLarge: 'কপির সংখ্যা অনেক বেশি',
  copiesAtOnce: (max: number) => `একবারে সর্বোচ্চ ${n(max)}টি কপি যোগ বা বাদ দেওয়া যায়`,
  category: 'অনুগ্রহ করে তালিকা থেকে একটি বিভাগ বেছে নিন',
  isbn: 'ISBN-টি সঠিক নয়: সঠিক চেক ডিজিটসহ একটি ISBN-10 বা ISBN-13 দিন',
  publisherText: 'প্রকাশকের নাম অক্ষরে লিখুন',
  yearNumber: 'প্রকাশের বছর অঙ্কে লিখুন',
  yearWhole: 'প্রকাশের বছর পূর্ণসংখ্যা হতে হবে',
  yearRange: (min: number) => `প্রকাশের বছর ${year(min)} থেকে এ বছরের মধ্যে হতে হবে`,
  bookLanguage: 'ভাষার জন্য দুই অক্ষরের ISO 639-1 কোড লিখুন, যেমন bn বা en',
  dateFormat: (field: string) => `${field} বছর-মাস-দিন (YYYY-MM-DD) আকারে দিন`,
  dateNotReal: (field: string) => `${field} সঠিক নয়: ক্যালেন্ডারে এমন কোনো দিন নেই`,
  returnBeforeBorrowed: 'ফেরতের তারিখ ধারের তারিখের আগে হতে পারে না',
  borrowedDateWindow: (today: string) =>
    `ধারের তারিখ হতে হবে আজকের (${date(today)}); এক দিন আগে বা পরে হলেও চলবে`,
  returnDateWindow: (earliest: string, latest: string, loanDays: number) =>
    `ফেরতের তারিখ হতে হবে ${date(earliest)} থেকে ${date(latest)}-এর মধ্যে। একবারে সর্বোচ্চ ${n(loanDays)} দিনের জন্য ধার নেওয়া যায়।`,
  passwordLength: (min: number) => `পাসওয়ার্ডে অন্তত ${n(min)}টি অক্ষর থাকতে হবে`,
  passwordUpper: 'পাসওয়ার্ডে অন্তত একটি বড় হাতের ইংরেজি অক্ষর থাকতে হবে',
  passwordLower: 'পাসওয়ার্ডে অন্তত একটি ছোট হাতের ইংরেজি অক্ষর থাকতে হবে',
  emailInvalid: 'অনুগ্রহ করে একটি সঠিক ইমেইল ঠিকানা লিখুন',
  memberLanguage: 'ভাষা en অথবা bn হতে হবে',
  replacementCost: 'প্রতিস্থাপন মূল্য হতে হবে ০ থেকে ১০,০০,০০০ টাকার মধ্যে একটি পূর্ণসংখ্যা',
  importIssues: {
    notCsv: 'ফাইলটি সঠিক CSV নয় (কোনো উদ্ধৃতিচিহ্ন খোলা রয়ে গেছে, অথবা বন্ধ উদ্ধৃতিচিহ্নের পরে লেখা আছে)',
    empty: 'ফাইলটি খালি',
    missingColumn: (column: string) => `শিরোনামের সারিতে ${column} কলামটি নেই`,
    unknownColumn: (column: string) => `শিরোনামের সারিতে অচেনা কলাম: ${column}`,
    columnTwice: (column: string) => `শিরোনামের সারিতে ${column} কলামটি দুবার আছে`,
    ownedTwice: (owned: string, legacy: string) =>
      `শিরোনামের সারিতে ${owned} আর ${legacy} (${owned}-এর পুরোনো নাম) দুটোই আছে: শুধু ${owned} রাখুন`,
    cellCount: (cells: number, columns: number) =>
      `এই সারিতে ${n(cells)}টি ঘর, কিন্তু শিরোনামের সারিতে ${n(columns)}টি`,
    isbnAgain: (row: number) => `${n(row)} নম্বর সারির ISBN আবার এসেছে`,
    isbnTaken: 'এই ISBN-এর একটি বই ক্যাটালগে আগেই আছে',
    copyEntry: (entry: string) =>
      `“${entry}” কোনো কপি নয়: বারকোড, একটি ফাঁকা জায়গা, তারপর অবস্থা লিখুন (available, lost, damaged, withdrawn)`,
    copiesCount: (owned: number, listed: number) =>
      `মোট কপি (owned) ${n(owned)}টি, কিন্তু কপির তালিকায় তাকে বা ধারে আছে ${n(listed)}টি`,
    barcodeAgain: (barcode: string, row: number) =>
      `${barcode} বারকোডটি ${n(row)} নম্বর সারিতে আগেই আছে`,
    barcodeTaken: (barcode: string) => `${barcode} বারকোডটি এই গ্রন্থাগারের কোনো কপি বা কার্ডের`,
  },
  nameCharacters: (field: string) => `${field}-এ <, > বা নিয়ন্ত্রণ-অক্ষর থাকতে পারে না`,
  amountRange: (balance: number) =>
    balance > 0
      ? `পরিমাণ হতে হবে ${n(1)} থেকে ${n(balance)} টাকার মধ্যে একটি পূর্ণসংখ্যা, অর্থাৎ সদস্যের যত টাকা বাকি`
      : 'সদস্যের কোনো টাকা বাকি নেই',
};
