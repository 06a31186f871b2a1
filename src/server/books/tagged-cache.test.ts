import { describe, expect, it } from 'vitest';
import { TaggedCache } from './tagged-cache.ts';

interface Answer {
  books: string[];
}

const cache = (max = 10) => new TaggedCache<Answer>({ max }, (answer) => answer.books);
const keptKeys = (kept: TaggedCache<Answer>, keys: string[]) =>
  keys.filter((key) => kept.get(key) !== undefined);

describe('a cache of tagged answers', () => {
  it('forgets the answers that carry a tag, and keeps the others', () => {
    const kept = cache();
    kept.set('novels', { books: ['a', 'b'] });
    kept.set('dramas', { books: ['c'] });
    kept.set('search', { books: ['b', 'c'] });
    kept.forgetTagged(['a']);
    expect(keptKeys(kept, ['novels', 'dramas', 'search'])).toEqual(['dramas', 'search']);
    kept.forgetTagged(['c', 'nothing']);
    expect(keptKeys(kept, ['novels', 'dramas', 'search'])).toEqual([]);
  });

  it('tags an answer replaced under the same key by its new books only', () => {
    const kept = cache();
    kept.set('novels', { books: ['a'] });
    kept.set('novels', { books: ['b'] });
    kept.forgetTagged(['a']);
    expect(keptKeys(kept, ['novels'])).toEqual(['novels']);
    kept.forgetTagged(['b']);
    expect(keptKeys(kept, ['novels'])).toEqual([]);
  });

  it('lets an answer evicted, or cleared, take its tags with it', () => {
    const kept = cache(1);
    kept.set('novels', { books: ['a'] });
    kept.set('dramas', { books: ['b'] });
    expect(keptKeys(kept, ['novels', 'dramas'])).toEqual(['dramas']);
    // Kept again with other books after its eviction: the old tag no longer names it.
    kept.set('novels', { books: ['c'] });
    kept.forgetTagged(['a']);
    expect(keptKeys(kept, ['novels'])).toEqual(['novels']);

    kept.clear();
    kept.set('dramas', { books: ['d'] });
    kept.forgetTagged(['c']);
    expect(keptKeys(kept, ['dramas'])).toEqual(['dramas']);
  });
});
