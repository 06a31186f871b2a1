/**
 * ISBNs (docs/product.md#librarians): an ISBN-10 or ISBN-13 with a valid check digit, written with or
 * without hyphens and spaces, is kept as its ISBN-13, so one book has one spelling and the
 * catalogue's unique index sees two spellings of it as the same ISBN.
 */

const digitsOf = (text: string) => text.replace(/[\s-]/g, '').toUpperCase();

/** ISBN-13 check: the digits weighted 1, 3, 1, 3… add up to a multiple of 10. */
function isIsbn13(digits: string): boolean {
  if (!/^97[89]\d{10}$/.test(digits)) return false;
  let sum = 0;
  for (const [index, digit] of [...digits].entries()) sum += Number(digit) * (index % 2 ? 3 : 1);
  return sum % 10 === 0;
}

/** ISBN-10 check: the digits weighted 10 down to 1 (X is 10, last place only) add up to a multiple of 11. */
function isIsbn10(digits: string): boolean {
  if (!/^\d{9}[\dX]$/.test(digits)) return false;
  let sum = 0;
  for (const [index, digit] of [...digits].entries())
    sum += (digit === 'X' ? 10 : Number(digit)) * (10 - index);
  return sum % 11 === 0;
}

/** The ISBN-13 of a book numbered by an ISBN-10: prefix 978, and the check digit computed anew. */
function isbn13Of(isbn10: string): string {
  const body = `978${isbn10.slice(0, 9)}`;
  let sum = 0;
  for (const [index, digit] of [...body].entries()) sum += Number(digit) * (index % 2 ? 3 : 1);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** The ISBN-13 an ISBN written either way stands for, or undefined when it is no valid ISBN. */
export function normalizeIsbn(text: string): string | undefined {
  const digits = digitsOf(text);
  if (isIsbn13(digits)) return digits;
  if (isIsbn10(digits)) return isbn13Of(digits);
  return undefined;
}
