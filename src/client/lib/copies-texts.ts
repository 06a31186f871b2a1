/**
 * The words of a book's copies for librarians (the book page's copies section, the desk's copy
 * finder and Mark Lost, the labels page), in the current language: a chunk of their own per
 * language, fetched with the first module that imports this one, like page-texts.ts.
 */
import type { CopiesCatalogue } from '../../common/i18n/catalogue.ts';
import { language } from './i18n.ts';

export const tCopies: CopiesCatalogue =
  language === 'bn'
    ? (await import('../../common/i18n/bn-copies.ts')).bnCopies
    : (await import('../../common/i18n/en-copies.ts')).enCopies;
