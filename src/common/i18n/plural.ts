/**
 * Plural forms through Intl.PluralRules: English has `one` and `other`; Bangla, as CLDR describes
 * it, uses one form for every count ("১টি কপি", "৩টি কপি"), so both of its forms are alike.
 */
export interface PluralForms {
  one: string;
  other: string;
}

const rulesByLocale = new Map<string, Intl.PluralRules>();

export function pluralIn(locale: string) {
  let rules = rulesByLocale.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    rulesByLocale.set(locale, rules);
  }
  const chosen = rules;
  return (count: number, forms: PluralForms) =>
    chosen.select(count) === 'one' ? forms.one : forms.other;
}

/** Numbers as the locale writes them: Bengali digits for bn-BD. */
export const numberIn = (locale: string) => {
  const format = new Intl.NumberFormat(locale);
  return (value: number) => format.format(value);
};
