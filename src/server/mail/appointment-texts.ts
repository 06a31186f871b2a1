/**
 * The words of the mails about study-room bookings and events (docs/product/rooms-and-events.md),
 * in each language: a booking confirmed (with its calendar file) or cancelled, a seat registered
 * for or given from the waiting list (with its calendar file), the reminder the day before (with
 * it too), and an event cancelled. They are sent through the notices' outbox, written in the
 * transaction that causes them (notices/outbox-mails.ts).
 */
import type { OutboxKind } from '../../common/constants.ts';
import { LOCALES, type Language } from '../../common/i18n/languages.ts';
import { calendarFile } from '../calendar-file.ts';
import {
  banglaFrame,
  compose,
  englishFrame,
  type MailContent,
  type MailFrame,
} from './mail-texts.ts';

/** What one appointment mail names. */
interface AppointmentWords {
  /** Null when the member's address is not confirmed (MailFrame.greeting). */
  name: string | null;
  /** The room's or event's name. */
  what: string;
  /** Its day and times, written for reading in the mail's language. */
  when: string;
  place: string;
  url: string;
  appName: string;
}

export type AppointmentMail = Extract<
  OutboxKind,
  | 'roomBooked'
  | 'roomCancelled'
  | 'eventRegistered'
  | 'eventPromoted'
  | 'eventReminder'
  | 'eventCancelled'
>;

type AppointmentTexts = Record<AppointmentMail, (words: AppointmentWords) => MailContent>;

const mail =
  (
    frame: MailFrame,
    parts: (words: AppointmentWords) => {
      subject: string;
      before: string[];
      action: string;
      after?: string[];
    },
  ) =>
  (words: AppointmentWords): MailContent => {
    const { subject, before, action, after = [] } = parts(words);
    return compose(frame, {
      appName: words.appName,
      subject,
      greeting: frame.greeting(words.name),
      before,
      action: { label: action, url: words.url },
      after,
    });
  };

const en = (parts: Parameters<typeof mail>[1]) => mail(englishFrame, parts);
const bn = (parts: Parameters<typeof mail>[1]) => mail(banglaFrame, parts);

const english: AppointmentTexts = {
  roomBooked: en((w) => ({
    subject: `${w.what} is booked for you: ${w.when}`,
    before: [
      `Your booking of ${w.what} is confirmed for ${w.when}.`,
      'Please check in when you arrive, on the study rooms page or at the desk: a booking nobody checks in to soon after its start is released for other members.',
    ],
    action: 'See my bookings',
    after: ['The attached calendar file adds the booking to your calendar.'],
  })),
  roomCancelled: en((w) => ({
    subject: `Your booking of ${w.what} is cancelled`,
    before: [
      `Your booking of ${w.what} for ${w.when} is cancelled, and the room is free for others.`,
    ],
    action: 'Book a room',
  })),
  eventRegistered: en((w) => ({
    subject: `You are registered for ${w.what}`,
    before: [`You have a seat at ${w.what}, ${w.when}, ${w.place}.`],
    action: 'See the events',
    after: [
      'If you cannot come, please cancel your registration so someone waiting gets your seat.',
    ],
  })),
  eventPromoted: en((w) => ({
    subject: `A seat came free: you are registered for ${w.what}`,
    before: [
      `Good news: a seat came free and is yours. You are registered for ${w.what}, ${w.when}, ${w.place}.`,
    ],
    action: 'See the events',
    after: [
      'If you cannot come, please cancel your registration so the next member gets the seat.',
    ],
  })),
  eventReminder: en((w) => ({
    subject: `Tomorrow: ${w.what}`,
    before: [
      `A reminder: ${w.what} is tomorrow, ${w.when}, ${w.place}. We look forward to seeing you.`,
    ],
    action: 'See the events',
    after: [
      'If you cannot come, please cancel your registration so someone waiting gets your seat.',
    ],
  })),
  eventCancelled: en((w) => ({
    subject: `${w.what} is cancelled`,
    before: [`We are sorry: ${w.what}, planned for ${w.when}, is cancelled.`],
    action: 'See other events',
  })),
};

const bangla: AppointmentTexts = {
  roomBooked: bn((w) => ({
    subject: `${w.what} আপনার জন্য বুক করা হয়েছে: ${w.when}`,
    before: [
      `${w.when} সময়ের জন্য ${w.what} বুকিং নিশ্চিত হয়েছে।`,
      'এসে স্টাডি রুম পাতায় বা ডেস্কে চেক-ইন করুন: শুরুর কিছুক্ষণের মধ্যে কেউ চেক-ইন না করলে বুকিংটি অন্য সদস্যদের জন্য ছেড়ে দেওয়া হয়।',
    ],
    action: 'আমার বুকিং দেখুন',
    after: ['সংযুক্ত ক্যালেন্ডার ফাইলটি বুকিংটি আপনার ক্যালেন্ডারে যোগ করবে।'],
  })),
  roomCancelled: bn((w) => ({
    subject: `${w.what} বুকিং বাতিল হয়েছে`,
    before: [`${w.when} সময়ের ${w.what} বুকিং বাতিল হয়েছে; রুমটি এখন অন্যদের জন্য খালি।`],
    action: 'রুম বুক করুন',
  })),
  eventRegistered: bn((w) => ({
    subject: `${w.what}: আপনার নিবন্ধন হয়েছে`,
    before: [`${w.what} অনুষ্ঠানে আপনার আসন নিশ্চিত: ${w.when}, ${w.place}।`],
    action: 'অনুষ্ঠানগুলো দেখুন',
    after: ['আসতে না পারলে নিবন্ধন বাতিল করুন, যাতে অপেক্ষায় থাকা কেউ আসনটি পান।'],
  })),
  eventPromoted: bn((w) => ({
    subject: `আসন খালি হয়েছে: ${w.what} অনুষ্ঠানে আপনার নিবন্ধন হয়েছে`,
    before: [`সুখবর: একটি আসন খালি হয়েছে এবং সেটি আপনার। ${w.what}: ${w.when}, ${w.place}।`],
    action: 'অনুষ্ঠানগুলো দেখুন',
    after: ['আসতে না পারলে নিবন্ধন বাতিল করুন, যাতে পরের সদস্য আসনটি পান।'],
  })),
  eventReminder: bn((w) => ({
    subject: `আগামীকাল: ${w.what}`,
    before: [`মনে করিয়ে দিচ্ছি: ${w.what} আগামীকাল, ${w.when}, ${w.place}। আপনার অপেক্ষায় থাকব।`],
    action: 'অনুষ্ঠানগুলো দেখুন',
    after: ['আসতে না পারলে নিবন্ধন বাতিল করুন, যাতে অপেক্ষায় থাকা কেউ আসনটি পান।'],
  })),
  eventCancelled: bn((w) => ({
    subject: `${w.what} বাতিল হয়েছে`,
    before: [`দুঃখিত: ${w.when} সময়ের ${w.what} অনুষ্ঠানটি বাতিল হয়েছে।`],
    action: 'অন্যান্য অনুষ্ঠান দেখুন',
  })),
};

const textsByLanguage: Record<Language, AppointmentTexts> = { en: english, bn: bangla };

/**
 * An appointment as its mails and calendar file need it: kept with the mail in the outbox, so
 * the mail says what was true when it was caused.
 */
export interface Appointment {
  uid: string;
  what: string;
  place: string;
  description: string;
  /** ISO instants. */
  start: string;
  end: string;
  /** The page of the app where the member sees it. */
  path: string;
}

export interface AppointmentSettings {
  publicUrl: string;
  appName: string;
  timeZone: string;
}

/** `Thursday, 26 November 2026, 10:00–12:00` in the library's time zone, in `language`. */
function when(language: Language, timeZone: string, start: Date, end: Date): string {
  const day = new Intl.DateTimeFormat(LOCALES[language], {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(start);
  const time = new Intl.DateTimeFormat(LOCALES[language], {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${day}, ${time.format(start)}–${time.format(end)}`;
}

/** The appointment's calendar file. */
export function appointmentCalendar(settings: AppointmentSettings, appointment: Appointment) {
  return calendarFile(settings.appName, {
    uid: appointment.uid,
    start: new Date(appointment.start),
    end: new Date(appointment.end),
    summary: appointment.what,
    description: appointment.description,
    location: appointment.place,
    url: `${settings.publicUrl}${appointment.path}`,
  });
}

/** One appointment mail to one member, in their language, with the calendar file where it helps. */
export function appointmentMail(
  kind: AppointmentMail,
  to: { name: string | null; language: Language },
  appointment: Appointment,
  settings: AppointmentSettings,
): MailContent {
  const content = textsByLanguage[to.language][kind]({
    name: to.name,
    what: appointment.what,
    when: when(
      to.language,
      settings.timeZone,
      new Date(appointment.start),
      new Date(appointment.end),
    ),
    place: appointment.place,
    url: `${settings.publicUrl}${appointment.path}`,
    appName: settings.appName,
  });
  if (kind === 'roomCancelled' || kind === 'eventCancelled') return content;
  const calendar = {
    filename: 'invite.ics',
    content: appointmentCalendar(settings, appointment),
    contentType: 'text/calendar; charset=utf-8',
  };
  return { ...content, attachments: [calendar] };
}
