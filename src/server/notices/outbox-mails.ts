/**
 * The mail of one outbox row, written when it is sent: in the member's language (their last
 * choice in the app), its dates in the library's time zone, and greeting them by name only once
 * their address is confirmed (MailFrame.greeting). The words are in mail/.
 */
import { LOCALES, TIME_OF_DAY, type Language } from '../../common/i18n/languages.ts';
import { pagePaths, pathTo } from '../../common/page-paths.ts';
import { appointmentMail, type Appointment } from '../mail/appointment-texts.ts';
import { languageOf, mailTextsIn, type MailContent } from '../mail/mail-texts.ts';
import { receiptMail, type ReceiptMail } from '../mail/receipt-texts.ts';
import type { ClaimedNotice } from './notices.repository.ts';
import type { NoticePayload } from './outbox.ts';

export interface OutboxMailSettings {
  publicUrl: string;
  appName: string;
  timeZone: string;
}

/** A calendar day (YYYY-MM-DD) written out, such as "Thursday, 26 November 2026". */
export function day(value: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: 'full',
    timeZone: 'UTC',
  }).format(new Date(`${value}T00:00:00Z`));
}

/**
 * An instant on the library's clock, such as "Saturday, 28 November 2026 at 20:00", or in
 * Bangla "শনিবার, ২৮ নভেম্বর, ২০২৬ এ ৮:০০ রাত্রি".
 */
export function moment(instant: string, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    ...TIME_OF_DAY[language],
    timeZone,
  }).format(new Date(instant));
}

export const payloadOf = (notice: ClaimedNotice): NoticePayload | undefined =>
  notice.payload ? (JSON.parse(notice.payload) as NoticePayload) : undefined;

export function appointmentOf(notice: ClaimedNotice): Appointment {
  const payload = payloadOf(notice);
  if (!payload || !('appointment' in payload))
    throw new Error(`${notice.kind} ${notice.id} has no appointment`);
  return payload.appointment;
}

function linkOf(notice: ClaimedNotice): string {
  const payload = payloadOf(notice);
  if (!payload || !('url' in payload)) throw new Error(`${notice.kind} ${notice.id} has no link`);
  return payload.url;
}

function receiptOf(notice: ClaimedNotice): ReceiptMail {
  const payload = payloadOf(notice);
  if (!payload || !('receipt' in payload))
    throw new Error(`${notice.kind} ${notice.id} has no receipt`);
  return payload.receipt;
}

export function outboxMail(notice: ClaimedNotice, settings: OutboxMailSettings): MailContent {
  const { publicUrl, appName, timeZone } = settings;
  const language = languageOf({ lang: notice.memberLang });
  const texts = mailTextsIn(language);
  const name = notice.memberVerified ? notice.memberName : null;
  const base = { name, book: notice.bookName, appName };
  const borrowed = `${publicUrl}${pagePaths.borrowedBooks}`;
  switch (notice.kind) {
    case 'dueSoon':
      return texts.dueSoon({ ...base, date: day(notice.until, language), url: borrowed });
    case 'overdue':
      return texts.overdue({ ...base, date: day(notice.until, language), url: borrowed });
    case 'holdReady':
      return texts.holdReady({
        ...base,
        date: moment(notice.until, language, timeZone),
        url: `${publicUrl}${pathTo(pagePaths.borrow, { id: notice.bookId })}`,
      });
    case 'holdExpired':
      return texts.holdExpired({
        ...base,
        date: moment(notice.until, language, timeZone),
        url: `${publicUrl}${pathTo(pagePaths.book, { id: notice.bookId })}`,
      });
    case 'holdCancelled':
      return texts.holdCancelled({
        ...base,
        url: `${publicUrl}${pathTo(pagePaths.book, { id: notice.bookId })}`,
      });
    case 'ebookReady':
      return texts.ebookReady({
        ...base,
        date: moment(notice.until, language, timeZone),
        url: `${publicUrl}${pagePaths.readOnline}`,
      });
    case 'membershipExpiring':
      return texts.membershipExpiring({
        ...base,
        date: day(notice.until, language),
        url: `${publicUrl}${pagePaths.membership}`,
      });
    case 'verifyEmail':
      return texts.verifyEmail({ name, url: linkOf(notice), appName });
    case 'resetPassword':
      return texts.resetPassword({ name, url: linkOf(notice), appName });
    case 'roomBooked':
    case 'roomCancelled':
    case 'eventRegistered':
    case 'eventPromoted':
    case 'eventReminder':
    case 'eventCancelled':
      return appointmentMail(notice.kind, { name, language }, appointmentOf(notice), settings);
    case 'receipt':
      return receiptMail(receiptOf(notice), language, {
        name,
        // `until` is when the payment or waiver was taken.
        when: moment(notice.until, language, timeZone),
        url: borrowed,
        appName,
      });
    case 'roomReminder':
    case 'phoneCode':
      throw new Error(`${notice.kind} ${notice.id} goes by SMS only`);
  }
}
