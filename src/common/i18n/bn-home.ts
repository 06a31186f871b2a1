/** The Bangla texts of the home page and its banner: a part of bn.ts (see en-home.ts). */
import { BORROW_LIMIT } from '../constants.ts';
import type { Catalogue } from './catalogue.ts';
import { LOCALES } from './languages.ts';
import { numberIn } from './numbers.ts';

const n = numberIn(LOCALES.bn);
const limit = n(BORROW_LIMIT);

export const bannerTexts: Catalogue['bannerTexts'] = {
  carousel: 'স্লাইডশো',
  slide: 'স্লাইড',
  label: 'পাঠাগারের খবর',
  pause: 'স্লাইড থামান',
  play: 'স্লাইড চালান',
  goTo: (slide: number) => `${n(slide)} নম্বর স্লাইডে যান`,
  position: (slide: number, count: number) => `${n(count)}টির মধ্যে ${n(slide)}`,
};

export const homeTexts: Catalogue['homeTexts'] = {
  slides: {
    welcome: {
      title: 'পাঠাগারে স্বাগতম',
      desc: 'শহরের প্রত্যেক পাঠকের জন্য বই, সাময়িকী ও আর্কাইভ। সংগ্রহ ঘুরে দেখুন, পরের বইটি খুঁজে নিন, কয়েক ক্লিকেই ধার নিন।',
      btn: 'ঘুরে দেখুন',
    },
    readOnline: {
      title: 'আপনার জ্ঞানের সঙ্গী',
      desc: 'দিনরাত খোলা ডিজিটাল পাঠাগার: সংগ্রহে খুঁজুন, কোন কপি তাকে আছে দেখুন, ঘরে বসেই ধার নিন।',
      btn: 'অনলাইনে পড়ুন',
    },
    events: {
      title: 'প্রতি সপ্তাহে শিক্ষামূলক অনুষ্ঠান',
      desc: 'লেখকের সঙ্গে আলাপ, পাঠচক্র, লেখার কর্মশালা ও গবেষণা সহায়তা, সব সদস্যের জন্য খোলা।',
      btn: 'অনুষ্ঠান দেখুন',
    },
    studyRooms: {
      title: 'পাঠকক্ষ সংরক্ষণ করুন',
      desc: 'মন দিয়ে পড়ার জন্য নিরিবিলি একক ডেস্ক ও দলীয় কক্ষ। ফ্রন্ট ডেস্কে বা ফোনে সময় ঠিক করুন।',
      btn: 'সংরক্ষণ করুন',
    },
    membership: {
      title: 'সদস্যপদ চালু আছে',
      desc: `সদস্য হয়ে একসঙ্গে সর্বোচ্চ ${limit}টি বই ধার নিন, অনুষ্ঠানে অংশ নিন, পাঠকক্ষ সংরক্ষণ করুন।`,
      btn: 'সদস্য হোন',
    },
  },
  categoriesHeading: 'বিভাগ ধরে দেখুন',
  categoriesIntro: 'উপন্যাস, থ্রিলার, ইতিহাস, নাটক ও বিজ্ঞান কল্পকাহিনি।',
  loadingCategories: 'বিভাগগুলো আসছে',
  bookCount: (count: number) => `${n(count)}টি বই`,
  categoriesFailed: 'বিভাগগুলো আনা যায়নি। অনুগ্রহ করে পাতাটি আবার লোড করুন।',
  categoryNames: {
    Novel: 'উপন্যাস',
    Thriller: 'থ্রিলার',
    History: 'ইতিহাস',
    Drama: 'নাটক',
    'Sci-Fi': 'বিজ্ঞান কল্পকাহিনি',
  },
  statisticsHeading: 'বাংলাদেশের সেরা বই-আয়োজন',
  statistics: {
    events: 'সাহিত্য অনুষ্ঠান আয়োজিত',
    readers: 'পাঠকের অংশগ্রহণ',
    authors: 'লেখকের উপস্থিতি',
    borrowed: 'বই ধার নিয়ে পড়া হয়েছে',
    feedback: 'ইতিবাচক মতামত',
  },
  partnersHeading: 'যেসব প্রতিষ্ঠান ও আয়োজনের সঙ্গে আমরা কাজ করেছি',
  partners: {
    nationalLibrary: {
      name: 'জাতীয় গ্রন্থাগার, বাংলাদেশ',
      desc: 'ঢাকার আগারগাঁওয়ে দেশের আইনি জমা গ্রন্থাগার, যা জাতির মুদ্রিত ঐতিহ্য সংরক্ষণ করে।',
    },
    bishwoShahittoKendro: {
      name: 'বিশ্বসাহিত্য কেন্দ্র',
      desc: 'ঢাকার একটি সাংস্কৃতিক কেন্দ্র ও পাঠাগার, ১৯৭৮ সাল থেকে পাঠ ও আলোচনার পক্ষে কাজ করছে।',
    },
    dhakaUniversity: {
      name: 'ঢাকা বিশ্ববিদ্যালয় কেন্দ্রীয় গ্রন্থাগার',
      desc: 'ঢাকা বিশ্ববিদ্যালয়ের কেন্দ্রীয় গ্রন্থাগার, গবেষণা সহায়তা ও শিক্ষামূলক আলোচনায় আমাদের সঙ্গী।',
    },
    shishuAcademy: {
      name: 'বাংলাদেশ শিশু একাডেমি গ্রন্থাগার',
      desc: 'বাংলাদেশ শিশু একাডেমির শিশু গ্রন্থাগার, আমাদের গল্পের আসর ও খুদে পাঠক ক্লাবের সহ-আয়োজক।',
    },
    banglaAcademy: {
      name: 'বাংলা একাডেমি',
      desc: 'বাংলা ভাষার জাতীয় একাডেমি এবং অমর একুশে গ্রন্থমেলার আয়োজক।',
    },
    boiBondhu: {
      name: 'বইবন্ধু ফাউন্ডেশন',
      desc: 'একটি অলাভজনক প্রতিষ্ঠান, যারা স্কুলে ও পাড়ায় পাঠচক্র ও বই সংগ্রহ অভিযান চালায়।',
    },
    shilpakalaAcademy: {
      name: 'বাংলাদেশ শিল্পকলা একাডেমি',
      desc: 'চারু ও পরিবেশনা শিল্পের জাতীয় একাডেমি, নাটক পাঠ ও প্রদর্শনীতে আমাদের সঙ্গী।',
    },
    rokomari: {
      name: 'রকমারি',
      desc: 'একটি অনলাইন বইয়ের দোকান, যারা আমাদের বইমেলা ও পাঠ প্রতিযোগিতায় সহায়তা করে।',
    },
    openSourceNetwork: {
      name: 'বাংলাদেশ ওপেন সোর্স নেটওয়ার্ক',
      desc: 'ডেভেলপার ও স্বেচ্ছাসেবকদের একটি দল, যারা আমাদের কোডিং ও ডিজিটাল দক্ষতার কর্মশালা পরিচালনা করে।',
    },
  },
};
