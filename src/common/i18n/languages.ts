/**
 * The interface's languages (docs/product.md#language): which exist, their locales for Intl, the cookie that
 * keeps the choice, and how a first visit's Accept-Language picks one.
 */
export const LANGUAGES = ['en', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The cookie that keeps the choice, for a year (SameSite=Lax, readable by the page's script). */
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Intl's locale of each language: Bangla as written in Bangladesh, with Bengali digits. */
export const LOCALES: Record<Language, string> = { en: 'en-GB', bn: 'bn-BD' };

/**
 * How each language writes a time of day: English on the 24-hour clock; Bangla on the 12-hour
 * clock with its own day periods (সকাল, দুপুর, সন্ধ্যা, রাত্রি), never a Latin AM or PM.
 */
export const TIME_OF_DAY: Record<Language, Intl.DateTimeFormatOptions> = {
  en: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  bn: { hour: 'numeric', minute: '2-digit', dayPeriod: 'short' },
};

/** Each language named in itself, as the switch offers it whatever language is shown. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', bn: 'বাংলা' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The first language of Accept-Language (by q, then order) that the interface has, or English.
 * `bn-BD`, `bn-IN` and `bn` all mean Bangla.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, order) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { primary: range.trim().toLowerCase().split('-')[0], q: q ? Number(q) : 1, order };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return ranked.map(({ primary }) => primary).find(isLanguage) ?? DEFAULT_LANGUAGE;
}

/** The language of a request: its `lang` cookie when valid, else its Accept-Language. */
export const languageOfRequest = (
  cookie: string | undefined,
  acceptLanguage: string | undefined,
) => (isLanguage(cookie) ? cookie : languageFromAcceptLanguage(acceptLanguage));
