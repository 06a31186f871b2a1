/**
 * The SMS of one outbox row, written when it is sent (docs/product.md#sms): in the member's
 * language (their last choice in the app), its days and times short and in the library's time
 * zone, the name of the book, room or event cut so the whole fits two messages (sms/sms-length.ts).
 * The words are in sms/sms-texts.ts.
 */
import { LOCALES, TIME_OF_DAY, type Language } from '../../common/i18n/languages.ts';
import { languageOf } from '../mail/mail-texts.ts';
import { fitted, shortened } from '../sms/sms-length.ts';
import { smsTextsIn } from '../sms/sms-texts.ts';
import type { ClaimedNotice } from './notices.repository.ts';
import { appointmentOf, payloadOf, type OutboxMailSettings } from './outbox-mails.ts';

/** An event's place is cut to this many characters, so the event's name keeps room too. */
const PLACE_MAX = 24;

/** A calendar day (YYYY-MM-DD) written short, such as "Thu 26 Nov". */
function shortDay(value: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${value}T00:00:00Z`));
}

/** An instant written short on the library's clock, such as "Thu 26 Nov, 20:00". */
function shortMoment(instant: string, language: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...TIME_OF_DAY[language],
    timeZone,
  }).format(new Date(instant));
}

/** The SMS's number and words: a code goes to the number it confirms, the rest to the member's. */
export function outboxSms(
  notice: ClaimedNotice,
  settings: OutboxMailSettings,
): { to: string | null; text: string } {
  const { appName, timeZone } = settings;
  const language = languageOf({ lang: notice.memberLang });
  const texts = smsTextsIn(language);
  const to = notice.phoneVerifiedAt ? notice.memberPhone : null;
  switch (notice.kind) {
    case 'phoneCode': {
      const payload = payloadOf(notice);
      if (!payload || !('code' in payload)) throw new Error(`phoneCode ${notice.id} has no code`);
      return { to: payload.to, text: texts.phoneCode({ appName, code: payload.code }) };
    }
    case 'dueSoon':
    case 'overdue': {
      const facts = { appName, when: shortDay(notice.until, language) };
      return { to, text: fitted(texts[notice.kind](facts), notice.bookName) };
    }
    case 'holdReady': {
      const facts = { appName, when: shortMoment(notice.until, language, timeZone) };
      return { to, text: fitted(texts.holdReady(facts), notice.bookName) };
    }
    case 'roomReminder':
    case 'eventReminder': {
      const appointment = appointmentOf(notice);
      const facts = {
        appName,
        when: shortMoment(appointment.start, language, timeZone),
        place: shortened(appointment.place, PLACE_MAX),
      };
      return { to, text: fitted(texts[notice.kind](facts), appointment.what) };
    }
    default:
      throw new Error(`${notice.kind} ${notice.id} does not go by SMS`);
  }
}
