/**
 * The words of the desk's MARC import and export, in the current language: a chunk of their own
 * per language, fetched with the first module that imports this one, like lib/page-texts.ts.
 */
import type { MarcCatalogue } from '../../../common/i18n/catalogue.ts';
import { language } from '../../lib/i18n.ts';

export const tMarc: MarcCatalogue =
  language === 'bn'
    ? (await import('../../../common/i18n/bn-marc.ts')).bnMarc
    : (await import('../../../common/i18n/en-marc.ts')).enMarc;
