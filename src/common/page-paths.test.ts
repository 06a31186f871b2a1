import { describe, expect, it } from 'vitest';
import { matchPagePath, pagePaths, pathTo } from './page-paths.ts';

describe('page paths', () => {
  it('builds a page’s path from its pattern, encoding each parameter', () => {
    expect(pathTo(pagePaths.book, { id: 'a/b c' })).toBe('/books/a%2Fb%20c');
    expect(pathTo(pagePaths.category, { name: 'Sci-Fi' })).toBe('/category/Sci-Fi');
    expect(pathTo(pagePaths.borrowedBooks)).toBe('/borrowedBooks');
  });

  it('matches what it builds, giving the parameters back', () => {
    const path = pathTo(pagePaths.updateBook, { id: 'x?y' });
    expect(matchPagePath(pagePaths.updateBook, path)).toEqual({ id: 'x?y' });
  });
});
