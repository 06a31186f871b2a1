/**
 * Both catalogues have the same texts (docs/product.md#language): the same keys at every depth, lists of the
 * same length, and every text with a value in it (a function) takes the same values and shows
 * each of them in both languages. TypeScript checks the shapes too (`bn: Catalogue`); this test
 * also catches a placeholder a translation forgot to show.
 */
import { describe, expect, it } from 'vitest';
import { bn as bnCore } from './bn.ts';
import { bnPages } from './bn-pages.ts';
import { en as enCore } from './en.ts';
import { enPages } from './en-pages.ts';
import { bnValidation } from './bn-validation.ts';
import { bnMarc } from './bn-marc.ts';
import { enMarc } from './en-marc.ts';
import { bnCopies } from './bn-copies.ts';
import { enCopies } from './en-copies.ts';
import { enValidation } from './en-validation.ts';
import { LOCALES } from './languages.ts';
import { numberIn } from './numbers.ts';

type Tree = unknown;

/**
 * Each language's words: the catalogue loaded first, the one loaded with the pages that need it,
 * the validation messages loaded with the first form, and the desk's MARC words.
 */
const en = {
  ...enCore,
  ...enPages,
  validationMessages: enValidation,
  marc: enMarc,
  copies: enCopies,
};
const bn = {
  ...bnCore,
  ...bnPages,
  validationMessages: bnValidation,
  marc: bnMarc,
  copies: bnCopies,
};

/** Every key path of a catalogue, with the kind of value found there. */
function shapeOf(tree: Tree, at = ''): string[] {
  if (typeof tree === 'function') return [`${at} (text with ${tree.length} values)`];
  if (Array.isArray(tree))
    return [
      `${at} (list of ${tree.length})`,
      ...tree.flatMap((item, index) => shapeOf(item, `${at}[${index}]`)),
    ];
  if (tree && typeof tree === 'object')
    return Object.entries(tree)
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([key, value]) => shapeOf(value, at ? `${at}.${key}` : key));
  return [`${at} (${typeof tree})`];
}

/** Every function of a catalogue with its key path. */
function textsWithValues(tree: Tree, at = ''): [string, (...values: never[]) => unknown][] {
  if (typeof tree === 'function') return [[at, tree as (...values: never[]) => unknown]];
  if (tree && typeof tree === 'object')
    return Object.entries(tree).flatMap(([key, value]) =>
      textsWithValues(value, at ? `${at}.${key}` : key),
    );
  return [];
}

/** The words of whatever a text gives back: a string, or a dialog's title and text. */
const wordsOf = (result: unknown): string =>
  typeof result === 'string' ? result : Object.values(result as object).join(' ');

/** Values no translation writes by itself: numbers from 7 up, strings that are nobody's words. */
const sampleValues = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    asNumber: 7 + index * 13,
    asString: `«value${index}»`,
  }));

describe('the catalogues', () => {
  it('English and Bangla have the same keys, lists and texts with values', () => {
    expect(shapeOf(bn)).toEqual(shapeOf(en));
  });

  it('every value of a text shows in both languages, numbers in each language’s digits', () => {
    const bangla = new Map(textsWithValues(bn));
    const missing: string[] = [];
    for (const [key, english] of textsWithValues(en)) {
      const translated = bangla.get(key);
      if (!translated) continue; // the shape test reports it
      for (const [language, text, locale] of [
        ['en', english, LOCALES.en],
        ['bn', translated, LOCALES.bn],
      ] as const) {
        const number = numberIn(locale);
        // Each value is tried as a number and as a string: the signature says which it is.
        const values = sampleValues(text.length);
        const asNumbers = wordsOf(text(...(values.map((value) => value.asNumber) as never[])));
        const asStrings = wordsOf(text(...(values.map((value) => value.asString) as never[])));
        values.forEach((value, index) => {
          const shown =
            asStrings.includes(value.asString) ||
            asNumbers.includes(number(value.asNumber)) ||
            asNumbers.includes(String(value.asNumber));
          if (!shown) missing.push(`${language} ${key}: value ${index + 1} is not shown`);
        });
      }
    }
    expect(missing).toEqual([]);
  });

  it('Bangla writes its numbers in Bengali digits', () => {
    expect(bn.catalogueTexts.copies(3)).toBe('৩টি কপি আছে');
    expect(bn.catalogueTexts.copies(1)).toBe('১টি কপি আছে');
    expect(en.catalogueTexts.copies(1)).toBe('1 copy available');
    expect(en.catalogueTexts.copies(3)).toBe('3 copies available');
  });

  it('the English texts of the specification are word for word', () => {
    expect(en.borrowRefusalMessages.LIMIT_REACHED).toEqual({
      title: 'Borrow Limit Reached',
      text: 'You can borrow a maximum of 3 books at a time.',
    });
    expect(en.errorPageTexts.notFoundTitle).toBe('Page Not Found');
    expect(en.errorPageTexts.goHome).toBe('Go to Homepage');
    expect(en.layoutTexts.footerTerms).toBe('Terms And Condition');
    expect(en.homeTexts.statisticsHeading).toBe('Discover Top Book Events in Bangladesh');
  });
});
