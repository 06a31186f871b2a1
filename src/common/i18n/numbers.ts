/** One formatter per locale, made on first use and shared by every module that writes numbers. */
const formats = new Map<string, Intl.NumberFormat>();

function formatOf(locale: string): Intl.NumberFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    formats.set(locale, format);
  }
  return format;
}

/** Numbers as the locale writes them: Bengali digits for bn-BD. */
export const numberIn = (locale: string) => (value: number) => formatOf(locale).format(value);
