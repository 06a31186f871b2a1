/**
 * How long an SMS is, as a phone network counts it (3GPP TS 23.038 and 23.040): a text wholly in
 * the GSM 7-bit alphabet takes 160 characters in one message and 153 a part when split (the rest
 * of each part is the header that joins them; `^{}[]~\|€` take two places each); any other
 * character — a Bengali letter, a curly quote — sends the whole text as UCS-2, 70 characters in
 * one message and 67 a part. Every SMS of the library fits two parts (docs/decisions/022-phones-and-sms.md).
 */

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Written as an escape and the character: two places. */
const GSM_EXTENSION = '^{}\\[~]|€\f';

const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export const SMS_PARTS_MAX = 2;

export interface SmsLength {
  encoding: 'gsm7' | 'ucs2';
  /** Places used: GSM 7-bit septets, or UTF-16 code units. */
  units: number;
  /** Messages the network sends it as. */
  parts: number;
}

const PER_PART = {
  gsm7: { single: 160, joined: 153 },
  ucs2: { single: 70, joined: 67 },
} as const;

export function smsLength(text: string): SmsLength {
  let septets = 0;
  for (const char of text) {
    if (basic.has(char)) septets += 1;
    else if (extension.has(char)) septets += 2;
    else {
      // UCS-2 counts UTF-16 code units: a character outside the BMP takes two.
      const units = text.length;
      return { encoding: 'ucs2', units, parts: partsOf('ucs2', units) };
    }
  }
  return { encoding: 'gsm7', units: septets, parts: partsOf('gsm7', septets) };
}

function partsOf(encoding: SmsLength['encoding'], units: number): number {
  const { single, joined } = PER_PART[encoding];
  return units <= single ? 1 : Math.ceil(units / joined);
}

/**
 * The text `write(name)` makes, with `name` (a book's title, a room's or an event's name, the only
 * part of unbounded length) cut short as far as needed for the whole to fit SMS_PARTS_MAX
 * messages. Cut between characters, never inside a Bengali vowel sign or a surrogate pair; the cut
 * is marked "..." in a GSM text (the one-character "…" would send it all as UCS-2) and "…" in a
 * UCS-2 one.
 */
export function fitted(write: (name: string) => string, name: string): string {
  const whole = write(name);
  const { parts, encoding } = smsLength(whole);
  if (parts <= SMS_PARTS_MAX) return whole;
  const ellipsis = encoding === 'gsm7' ? '...' : '…';
  const graphemes = [...new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(name)].map(
    (part) => part.segment,
  );
  // The longest cut that fits, found by halving: the length only grows with the name.
  let low = 0;
  let high = graphemes.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const text = write(`${graphemes.slice(0, middle).join('').trimEnd()}${ellipsis}`);
    if (smsLength(text).parts <= SMS_PARTS_MAX) low = middle;
    else high = middle - 1;
  }
  return write(`${graphemes.slice(0, low).join('').trimEnd()}${ellipsis}`);
}

/**
 * `value` cut to at most `max` characters (whole graphemes), the cut marked "..." (GSM) — for a
 * second name in a text, such as an event's place, so the first one keeps some room.
 */
export function shortened(value: string, max: number): string {
  const graphemes = [...new Intl.Segmenter('und', { granularity: 'grapheme' }).segment(value)];
  if (graphemes.length <= max) return value;
  const ellipsis = smsLength(value).encoding === 'gsm7' ? '...' : '…';
  return `${graphemes
    .slice(0, max - 1)
    .map((part) => part.segment)
    .join('')
    .trimEnd()}${ellipsis}`;
}
