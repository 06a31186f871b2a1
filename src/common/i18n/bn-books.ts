/** The Bangla texts of a book's record, its cover image and its e-book: a part of bn.ts (see en-books.ts). */
import type { Catalogue } from './catalogue.ts';
import { LOCALES } from './languages.ts';
import { numberIn } from './numbers.ts';

const n = numberIn(LOCALES.bn);
/** A year, in Bengali digits without a thousands separator (২০২৬, not ২,০২৬). */
const year = (value: number) =>
  new Intl.NumberFormat(LOCALES.bn, { useGrouping: false }).format(value);

export const bookRecordTexts: Catalogue['bookRecordTexts'] = {
  labels: {
    isbn: 'ISBN',
    publisher: 'প্রকাশক',
    publishedYear: 'প্রকাশের বছর',
    language: 'ভাষা',
    replacementCost: 'প্রতিস্থাপন মূল্য (টাকা)',
  },
  replacementCostHint:
    'ঐচ্ছিক; শুধু গ্রন্থাগারিকদের জন্য। একটি কপি হারালে যত টাকা ধরা হয়; খালি রাখলে গ্রন্থাগারের সাধারণ হার।',
  isbnHint: 'ঐচ্ছিক। ISBN-10 বা ISBN-13; হাইফেন ও ফাঁকা জায়গা থাকলেও চলবে।',
  publisherHint: 'ঐচ্ছিক।',
  publishedYearHint: (min: number) => `ঐচ্ছিক। ${year(min)} থেকে এ বছর পর্যন্ত।`,
  languageHint: 'ঐচ্ছিক। দুই অক্ষরের কোড, যেমন bn (বাংলা) বা en (ইংরেজি)।',
};

export const imageTexts: Catalogue['imageTexts'] = {
  upload: 'আপলোড',
  uploading: 'আপলোড হচ্ছে…',
  uploadHint: 'JPEG, PNG, WebP বা GIF ছবি আপলোড করা যায়, সর্বোচ্চ ৫ MB।',
  uploadsWithForm: (fileName: string) => `নিবন্ধনের সময় ${fileName} আপলোড হবে।`,
  photoNotStored: 'আপনার অ্যাকাউন্ট তৈরি হয়েছে, কিন্তু ছবিটি আপলোড করা যায়নি।',
  preview: 'ছবির প্রিভিউ',
  generatedCover: (name: string, category: string) => `${name}: ${category} বিভাগের তৈরি করা প্রচ্ছদ`,
  initialsOf: (name: string) => `${name}-এর নামের আদ্যক্ষর`,
};

export const imageFailureMessages: Catalogue['imageFailureMessages'] = {
  INVALID_IMAGE: 'এই ফাইলটি ব্যবহারযোগ্য ছবি নয়। JPEG, PNG, WebP বা GIF বেছে নিন।',
  PAYLOAD_TOO_LARGE: 'ছবিটি ৫ MB-এর বেশি বড়। আরও ছোট একটি ফাইল বেছে নিন।',
  IMAGE_UNREACHABLE: 'এই ঠিকানার ছবিটি আনা যায়নি। ঠিকানাটি আবার দেখুন, অথবা ফাইলটি আপলোড করুন।',
  UNAUTHORIZED: 'ছবি আপলোড করতে অনুগ্রহ করে সাইন ইন করুন।',
  OTHER: 'ছবিটি আপলোড করা যায়নি। অনুগ্রহ করে আবার চেষ্টা করুন।',
};

export const ebookTexts: Catalogue['ebookTexts'] = {
  heading: 'ই-বই',
  open: 'এই ই-বইটি যে কেউ সাইন ইন ছাড়াই বিনামূল্যে অনলাইনে পড়তে পারেন।',
  lent: (available: number, copies: number) =>
    available > 0
      ? `ধার নেওয়ার মতো ই-বই: ${n(copies)}টি ডিজিটাল কপির ${n(available)}টি খালি।`
      : `ধার নেওয়ার মতো ই-বই: সব ডিজিটাল কপি এখন ধারে।`,
  yours: (until: string) => `${until} পর্যন্ত ই-বইটি আপনার কাছে আছে।`,
  kept: (until: string) => `${until} পর্যন্ত একটি ডিজিটাল কপি আপনার জন্য রাখা আছে।`,
  waiting: (place: number) => `ই-বইয়ের অপেক্ষার তালিকায় আপনি ${n(place)} নম্বরে।`,
  readNow: 'এখনই পড়ুন',
  goToLibrary: 'ডিজিটাল পাঠাগারে ধার নিন',
};
