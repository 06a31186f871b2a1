/**
 * The words of every SMS the library sends (docs/product.md#sms), in each language of the
 * interface: the member's, as for mails (their last choice in the app). Each is written to fit
 * two messages with the longest values a library has (sms-length.ts): English in the GSM
 * alphabet only (a dash or curly quote would send it as UCS-2, at 70 characters a part), Bangla
 * short, since Bengali is always UCS-2 (134 characters in two parts). The one value of unbounded
 * length, the book's, room's or event's name, is the argument of the last call and is cut to fit.
 * The code's digits stay Latin in Bangla too: it is typed into a field and read by phones' autofill.
 */
import { PHONE_CODE } from '../../common/constants.ts';
import { LOCALES, type Language } from '../../common/i18n/languages.ts';
import { numberIn } from '../../common/i18n/numbers.ts';

const n = numberIn(LOCALES.bn);

/** What the SMS of a book say: the library's name and the day or moment written for reading. */
export interface BookSms {
  appName: string;
  /** The due date, or the moment a kept copy is kept until. */
  when: string;
}

export interface AppointmentSms {
  appName: string;
  /** The day and times, or the moment it starts. */
  when: string;
  place: string;
}

export interface SmsTexts {
  dueSoon: (facts: BookSms) => (book: string) => string;
  overdue: (facts: BookSms) => (book: string) => string;
  holdReady: (facts: BookSms) => (book: string) => string;
  roomReminder: (facts: AppointmentSms) => (room: string) => string;
  eventReminder: (facts: AppointmentSms) => (event: string) => string;
  phoneCode: (facts: { appName: string; code: string }) => string;
}

const english: SmsTexts = {
  dueSoon:
    ({ appName, when }) =>
    (book) =>
      `${appName}: "${book}" is due back on ${when}. Please return or renew it in time.`,
  overdue:
    ({ appName, when }) =>
    (book) =>
      `${appName}: "${book}" was due back on ${when} and is overdue. Please return it.`,
  holdReady:
    ({ appName, when }) =>
    (book) =>
      `${appName}: "${book}" is kept for you at the desk until ${when}. Bring your library card.`,
  roomReminder:
    ({ appName, when }) =>
    (room) =>
      `${appName}: you booked ${room} for ${when}. Please check in when it starts.`,
  eventReminder:
    ({ appName, when, place }) =>
    (event) =>
      `${appName}: "${event}" is tomorrow, ${when}, at ${place}. See you there!`,
  phoneCode: ({ appName, code }) =>
    `${appName}: your code is ${code}. It works for ${PHONE_CODE.minutes} minutes. Never share it.`,
};

const bangla: SmsTexts = {
  dueSoon:
    ({ appName, when }) =>
    (book) =>
      `${appName}: "${book}" বইটি ${when} তারিখের মধ্যে ফেরত দিন বা নবায়ন করুন।`,
  overdue:
    ({ appName, when }) =>
    (book) =>
      `${appName}: "${book}" বইটির ফেরতের তারিখ ${when} পেরিয়ে গেছে। দয়া করে ফেরত দিন।`,
  holdReady:
    ({ appName, when }) =>
    (book) =>
      `${appName}: আপনার রিজার্ভ "${book}" ডেস্কে রাখা আছে ${when} পর্যন্ত। কার্ড সঙ্গে আনুন।`,
  roomReminder:
    ({ appName, when }) =>
    (room) =>
      `${appName}: ${room} আপনার জন্য বুক করা ${when}। শুরুতেই চেক-ইন করুন।`,
  eventReminder:
    ({ appName, when, place }) =>
    (event) =>
      `${appName}: "${event}" আগামীকাল, ${when}, ${place}। আসবেন কিন্তু!`,
  phoneCode: ({ appName, code }) =>
    `${appName}: আপনার কোড ${code}। ${n(PHONE_CODE.minutes)} মিনিট কাজ করবে। কাউকে জানাবেন না।`,
};

const textsByLanguage: Record<Language, SmsTexts> = { en: english, bn: bangla };

export const smsTextsIn = (language: Language): SmsTexts => textsByLanguage[language];
