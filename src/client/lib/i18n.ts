/**
 * The current language and its catalogue (docs/product.md#language). The server writes the language into
 * `<html lang>` (from the `lang` cookie, or Accept-Language on a first visit) and names its
 * catalogue's chunk in a `<link rel="modulepreload">`, so main.tsx's `loadCatalogue()` finds it
 * already downloading; only that language's catalogue is ever fetched. Components read their
 * words from `t`, set once before the first render: changing language reloads the page
 * (`rememberLanguage`, then a reload), so that the server's first HTML, the titles and every text agree.
 */
import type { Catalogue } from '../../common/i18n/catalogue.ts';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE,
  LOCALES,
  type Language,
} from '../../common/i18n/languages.ts';
import { numberIn } from '../../common/i18n/numbers.ts';
import { takaIn } from '../../common/i18n/money.ts';

// Read once, as the page module loads; a bare document (tests' stubs) has no language.
const pageLanguage = document.documentElement?.lang;

/**
 * The language of this page: the member's choice (the cookie), as the server chooses it, else the
 * one the server wrote into the page (from Accept-Language). The cookie comes first for the page
 * the service worker gives offline in place of one never opened: that is the build's shell, whose
 * `<html lang>` is always English.
 */
export const language: Language =
  languageFromCookie() ?? (isLanguage(pageLanguage) ? pageLanguage : DEFAULT_LANGUAGE);

/** Intl's locale of the current language (`bn-BD` writes Bengali digits and month names). */
export const locale = LOCALES[language];

function languageFromCookie(): Language | undefined {
  const value = (document.cookie ?? '')
    .split('; ')
    .find((pair) => pair.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);
  return isLanguage(value) ? value : undefined;
}

/** Every word of the interface in the current language; set by `loadCatalogue()` before rendering. */
export let t: Catalogue;

let catalogueLoaded: Promise<void> | undefined;

/**
 * Fetches the current language's catalogue, and only it: each is a chunk of its own. Once: the
 * router's loaders start before the first render, so one that fails before the words have come
 * (a missing book answers fast) awaits this same promise before it reads `t`.
 */
export function loadCatalogue(): Promise<void> {
  catalogueLoaded ??= (async () => {
    t =
      language === 'bn'
        ? (await import('../../common/i18n/bn.ts')).bn
        : (await import('../../common/i18n/en.ts')).en;
    document.documentElement.lang = language;
  })();
  return catalogueLoaded;
}

/**
 * The library's categories (docs/product.md#categories) as `loadCategoryOptions` found them before
 * the first render: English names, as books carry them, and Bangla ones.
 */
let categoryOptions: { name: string; nameBn: string }[] = [];

export function rememberCategoryOptions(options: { name: string; nameBn: string }[]): void {
  categoryOptions = options;
}

/** The library's categories' English names, as the forms offer them. */
export const libraryCategories = () => categoryOptions.map((option) => option.name);

/**
 * A category as readers see it: in Bangla, the library's Bangla name (or the catalogue's for the
 * seed's five, should the list not have loaded); in English, its name.
 */
export function categoryName(name: string): string {
  const option = categoryOptions.find((each) => each.name === name);
  if (language === 'bn' && option) return option.nameBn;
  return t.homeTexts.categoryNames[name] ?? name;
}

/** A number as the current language writes it. */
export const formatNumber = numberIn(locale);
/** Whole taka as the language writes money: ৳1,250 in English, ১,২৫০৳ in Bangla. */
export const formatTaka = takaIn(locale);

/** Keeps the choice for a year and reloads, so the server prepares the page in the new language. */
export function rememberLanguage(chosen: Language) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${chosen}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax${secure}`;
}
