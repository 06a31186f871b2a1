/**
 * A letter with its signs, and in Bengali the letters a hasant (্, U+09CD) joins to it: "ক্ষ",
 * "শ্রী". It is the first grapheme `Intl.Segmenter` finds in a name, without the Segmenter: making
 * one starts ICU's break rules, 30 ms of every signed-in page's first render on this machine
 * (120 ms on a phone's slower CPU), all to draw two letters.
 */
const FIRST_LETTER = /^\P{M}(?:\p{M}|(?<=\u09CD)\p{L}|\u200D\P{M})*/u;

/** The first character (a whole letter, so Bangla letters keep their signs) of a word. */
const firstGrapheme = (word: string) => (FIRST_LETTER.exec(word)?.[0] ?? '').toUpperCase();

/** Up to two initials: of the first and the last word of the name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  if (!first) return '?';
  const last = words.length > 1 ? words.at(-1) : undefined;
  return firstGrapheme(first) + (last ? firstGrapheme(last) : '');
}
