/**
 * Every SMS of the library fits two messages (issue 37, docs/decisions/022-phones-and-sms.md), in
 * English and in Bangla, with the longest values a library has: a title of 500 characters in
 * either script, the longest days and times each language writes, an event's place of 200
 * characters, the longest realistic library name. Counted as a phone network counts (GSM 7-bit:
 * 160, or 153 a part; UCS-2: 70, or 67 a part).
 */
import { describe, expect, it } from 'vitest';
import type { OUTBOX_KINDS } from '../../common/constants.ts';
import { smsLength } from '../sms/sms-length.ts';
import type { ClaimedNotice } from './notices.repository.ts';
import { outboxSms } from './outbox-sms.ts';

describe('SMS length', () => {
  it('counts parts as a phone network does', () => {
    expect(smsLength('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, parts: 1 });
    expect(smsLength('a'.repeat(161)).parts).toBe(2);
    expect(smsLength('a'.repeat(306)).parts).toBe(2);
    expect(smsLength('a'.repeat(307)).parts).toBe(3);
    // The escaped characters of the GSM alphabet take two places.
    expect(smsLength('€'.repeat(80))).toEqual({ encoding: 'gsm7', units: 160, parts: 1 });
    expect(smsLength('অ'.repeat(70))).toEqual({ encoding: 'ucs2', units: 70, parts: 1 });
    expect(smsLength('অ'.repeat(71)).parts).toBe(2);
    expect(smsLength('অ'.repeat(134)).parts).toBe(2);
    expect(smsLength('অ'.repeat(135)).parts).toBe(3);
    // One curly quote sends a whole English text as UCS-2.
    expect(smsLength(`${'a'.repeat(100)}’`).encoding).toBe('ucs2');
  });
});

const settings = {
  publicUrl: 'https://library.example.org',
  appName: 'Dhaka North City Public Library',
  timeZone: 'Asia/Dhaka',
};
const LONG_TITLES = {
  latin: `The Complete Stories and Letters of a Traveller ${'Across Bengal '.repeat(40)}`.slice(
    0,
    500,
  ),
  bengali: `পথের পাঁচালী ও অপরাজিত ${'কলকাতার গলির গল্প '.repeat(40)}`.slice(0, 500),
};
const SMS_KINDS = [
  'dueSoon',
  'overdue',
  'holdReady',
  'roomReminder',
  'eventReminder',
  'phoneCode',
] as const satisfies (typeof OUTBOX_KINDS)[number][];

/** A claimed row as the outbox reads it, on the day and hour written longest in both languages. */
function noticeOf(
  kind: (typeof SMS_KINDS)[number],
  language: 'en' | 'bn',
  title: string,
): ClaimedNotice {
  // Wednesday 30 September, 23:59 in Dhaka: the longest weekday, month and time in each language.
  const start = '2026-09-30T17:59:00.000Z';
  const payload =
    kind === 'phoneCode'
      ? { code: '123456', to: '+8801712345678' }
      : {
          appointment: {
            uid: 'x',
            what: title,
            place: title.slice(0, 200),
            description: '',
            start,
            end: start,
            path: '/',
          },
        };
  return {
    id: 'notice-1',
    channel: 'sms',
    kind,
    subjectId: 's',
    until: kind === 'holdReady' ? start : '2026-09-30',
    bookId: 'b',
    bookName: title,
    payload: JSON.stringify(payload),
    attempts: 0,
    createdAt: start,
    memberName: 'Member',
    memberEmail: 'member@example.org',
    memberVerified: 1,
    memberLang: language,
    optedOut: null,
    memberPhone: '+8801712345678',
    phoneVerifiedAt: start,
    smsChosen: kind,
  } as ClaimedNotice;
}

describe.each(['en', 'bn'] as const)('every SMS in %s', (language) => {
  it.each(SMS_KINDS)('%s fits two messages with the longest values', (kind) => {
    for (const [script, title] of Object.entries(LONG_TITLES)) {
      const { to, text } = outboxSms(noticeOf(kind, language, title), settings);
      expect(to).toBe('+8801712345678');
      const length = smsLength(text);
      expect(length.parts, `${script}: ${text}`).toBeLessThanOrEqual(2);
      // English words are all in the GSM alphabet: a Latin title keeps 153 characters a part.
      if (language === 'en' && script === 'latin') expect(length.encoding, text).toBe('gsm7');
      if (kind !== 'phoneCode') expect(text).toContain(title.slice(0, 8));
    }
  });

  it.each(SMS_KINDS)('%s sends a short title whole', (kind) => {
    const { text } = outboxSms(noticeOf(kind, language, 'Aranyak'), settings);
    if (kind !== 'phoneCode') expect(text).toContain('Aranyak');
    expect(text).not.toMatch(/\.\.\.|…/);
    expect(smsLength(text).parts).toBeLessThanOrEqual(language === 'en' ? 1 : 2);
  });
});
