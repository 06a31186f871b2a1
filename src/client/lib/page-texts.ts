/**
 * The words of the pages most visitors never open (terms, privacy, the library's pages, the desk,
 * the profile), in the current language. They are a chunk of their own per language, fetched
 * when the first module that imports this one loads — the module waits for them (top-level
 * await), so a page never renders before its words — and never on the home page.
 */
import type { PagesCatalogue } from '../../common/i18n/catalogue.ts';
import { language } from './i18n.ts';

export const tPages: PagesCatalogue =
  language === 'bn'
    ? (await import('../../common/i18n/bn-pages.ts')).bnPages
    : (await import('../../common/i18n/en-pages.ts')).enPages;
