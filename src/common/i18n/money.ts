import { onFirstUse } from './on-first-use.ts';

/**
 * Amounts of money as the locale writes them: whole taka with the sign ৳ (৳1,250 in English,
 * ১,২৫০৳ in Bangla, with Bengali digits). Amounts are integers everywhere; this only shows them.
 */
export const takaIn = (locale: string) => {
  const format = onFirstUse(
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'BDT',
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: 0,
        maximumFractionDigits: 0,
      }),
  );
  return (amount: number) => format().format(amount);
};

/** A receipt's number as the desk, the receipt page and its mail write it: its entry's id, shortened. */
export const receiptNumber = (entryId: string) => entryId.slice(0, 8).toUpperCase();
