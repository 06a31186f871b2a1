/** Numbers as the locale writes them: Bengali digits for bn-BD. */
export const numberIn = (locale: string) => {
  const format = new Intl.NumberFormat(locale);
  return (value: number) => format.format(value);
};
