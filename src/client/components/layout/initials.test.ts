/**
 * A member without a photo sees their initials: the first letter of their first and last names,
 * whole, as Intl.Segmenter would cut them, in both scripts.
 */
import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

const segmenterInitials = (name: string) => {
  const words = name.trim().split(/\s+/);
  const first = (word: string) =>
    [...new Intl.Segmenter().segment(word)][0]?.segment.toLocaleUpperCase() ?? '';
  return first(words[0]!) + (words.length > 1 ? first(words.at(-1)!) : '');
};

describe('initialsOf', () => {
  it.each([
    ['Nusrat Akter', 'NA'],
    ['karim uddin', 'KU'],
    ['রবীন্দ্রনাথ ঠাকুর', 'রঠা'],
    ['ক্ষিতিমোহন সেন', 'ক্ষিসে'],
    ['শ্রীমতী দেবী', 'শ্রীদে'],
    ['স্বপ্না রায়', 'স্বরা'],
    ['Émile Zola', 'ÉZ'],
    ['e\u0301mile', 'E\u0301'],
    ['Madonna', 'M'],
  ])('%s → %s, as the Segmenter cuts it', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
    expect(initialsOf(name)).toBe(segmenterInitials(name));
  });

  it('a blank name is a question mark', () => {
    expect(initialsOf('   ')).toBe('?');
  });
});
