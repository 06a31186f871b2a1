/**
 * The Bangla words of the desk's MARC 21 import and export: the same shape as en-marc.ts, checked
 * by TypeScript (`MarcCatalogue`). Counts are written in Bengali digits.
 */
import type { MarcCatalogue } from './catalogue.ts';
import { LOCALES } from './languages.ts';
import { numberIn } from './numbers.ts';

const n = numberIn(LOCALES.bn);

export const bnMarc: MarcCatalogue = {
  csvExportText:
    'পুরো ক্যাটালগ একটি CSV ফাইলে (UTF-8, প্রতি সারিতে একটি বই)। owned কলামে থাকে পাঠাগারের মোট কপি: তাকে, ধারে আর রিজার্ভের জন্য রাখা সব মিলিয়ে।',
  csvImportText:
    'এক্সপোর্টের মতো একই শিরোনাম-সারির একটি CSV ফাইল, সর্বোচ্চ ১০ MB; পুরোনো এক্সপোর্ট, যাতে owned কলামের নাম quantity, সেটিও চলবে। প্রতিটি সারি যাচাই করা হয়; কোনো সারিতে ভুল থাকলে কিছুই যোগ হয় না, আর কোন সারি ঠিক করতে হবে তা নিচে দেখানো হয়।',
  heading: 'MARC 21 রেকর্ড',
  intro:
    'কোহা বা অন্য কোনো গ্রন্থাগার-ব্যবস্থা থেকে ক্যাটালগ আনুন, কিংবা এই ক্যাটালগ নিয়ে যান: কপিসহ MARC 21 রেকর্ড হিসেবে।',
  exportHeading: 'MARC হিসেবে এক্সপোর্ট',
  exportText:
    'প্রতিটি বই তার কপিসহ (বারকোড, শেলফ চিহ্ন ও অবস্থা) MARC 21 রেকর্ড হিসেবে, যা কোহা ও অন্য গ্রন্থাগার-ব্যবস্থা পড়তে পারে।',
  exportIso: 'MARC ডাউনলোড (.mrc)',
  exportXml: 'MARCXML ডাউনলোড',
  importHeading: 'MARC ইমপোর্ট',
  importText: (megabytes) =>
    `ISO 2709 (.mrc) বা MARCXML, সর্বোচ্চ ${n(megabytes)} MB, কোহার আইটেম (952) বা হোল্ডিংসহ (852)। আগে ফাইলটি যাচাই করুন: ইমপোর্ট না করা পর্যন্ত কিছুই সংরক্ষিত হয় না।`,
  fileLabel: 'MARC ফাইল',
  categoryLabel: 'যে রেকর্ডে কোনো বিভাগ নেই তার বিভাগ',
  check: 'ফাইল যাচাই করুন',
  checking: 'যাচাই হচ্ছে…',
  importSubmit: 'ইমপোর্ট করুন',
  importing: 'ইমপোর্ট হচ্ছে…',
  sending: (percent) => `ফাইল পাঠানো হচ্ছে: ${n(percent)}%`,
  reading: 'রেকর্ডগুলো পড়া হচ্ছে…',
  chooseFile: 'আগে একটি MARC ফাইল বেছে নিন।',
  tooLarge: (megabytes) =>
    `এই ফাইলটি ${n(megabytes)} MB-এর চেয়ে বড়। আপনার ব্যবস্থা থেকে ভাগে ভাগে এক্সপোর্ট করুন।`,
  checkedSummary: (records, added, updated, unchanged, skipped) =>
    `${n(records)}টি রেকর্ড: ${n(added)}টি যোগ হবে, ${n(updated)}টি হালনাগাদ হবে, ${n(unchanged)}টি আগে থেকেই আছে, ${n(skipped)}টি বাদ যাবে। এখনো কিছু সংরক্ষিত হয়নি।`,
  doneSummary: (records, added, updated, copies, skipped) =>
    `${n(records)}টি রেকর্ড ইমপোর্ট হয়েছে: ${n(added)}টি বই যোগ হয়েছে, ${n(updated)}টি হালনাগাদ হয়েছে, ${n(copies)}টি কপি যোগ হয়েছে, ${n(skipped)}টি বাদ গেছে।`,
  checkedCaption: 'প্রতিটি রেকর্ডের কী হবে',
  doneCaption: 'প্রতিটি রেকর্ডের কী হলো',
  columns: {
    record: 'রেকর্ড',
    title: 'শিরোনাম',
    author: 'লেখক',
    isbn: 'ISBN',
    copies: 'কপি',
    action: 'কী হবে',
  },
  actions: {
    add: 'যোগ',
    update: 'হালনাগাদ',
    unchanged: 'আগে থেকেই আছে',
    skip: 'বাদ',
  },
  skipReasons: {
    BROKEN_RECORD: 'রেকর্ডটি ক্ষতিগ্রস্ত, পড়া যায় না।',
    NO_TITLE: 'রেকর্ডটিতে কোনো শিরোনাম নেই।',
    INVALID_BARCODE: 'একটি বারকোড ৪ থেকে ২০টি অক্ষর ও অঙ্কের নয়।',
    CARD_BARCODE: 'একটি বারকোড কোনো লাইব্রেরি কার্ডের নম্বর।',
    OTHER_BOOK_BARCODE: 'একটি বারকোড অন্য একটি বইয়ের কপির।',
  },
  listedFirst: (shown, total) => `${n(total)}টি রেকর্ডের প্রথম ${n(shown)}টি দেখানো হলো।`,
  failures: {
    INVALID_MARC: 'এই ফাইলটি MARC 21 নয়। ISO 2709 (.mrc) বা MARCXML ফাইল বেছে নিন।',
    PAYLOAD_TOO_LARGE: 'এই ফাইলটি পাঠাগারের সীমার চেয়ে বড়।',
    OTHER: 'ফাইলটি ইমপোর্ট করা যায়নি। অনুগ্রহ করে আবার চেষ্টা করুন।',
  },
};
