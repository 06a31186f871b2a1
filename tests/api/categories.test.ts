/**
 * Categories the library chooses (docs/product.md#categories), on both databases: anyone reads
 * them, librarians add, rename and remove them, books follow a rename, a category in use stays,
 * and the forms' and the import's books must carry one of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookFacets, Book, CategorySummary } from '../../src/common/types.ts';
import { setRoleByEmail } from '../../src/server/members/members.ts';
import { Agent, addBook, signUp, validBook } from '../support/agent.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';

const DEFAULTS = [
  { name: 'Drama', nameBn: 'নাটক' },
  { name: 'History', nameBn: 'ইতিহাস' },
  { name: 'Novel', nameBn: 'উপন্যাস' },
  { name: 'Sci-Fi', nameBn: 'বিজ্ঞান কল্পকাহিনি' },
  { name: 'Thriller', nameBn: 'থ্রিলার' },
];

describe.each(databaseKinds)('the library’s categories on %s', (kind) => {
  let server: TestApp;
  let librarian: Agent;
  let member: Agent;
  let visitor: Agent;
  const options = async () =>
    (await visitor.get<{ name: string; nameBn: string }[]>('/api/categories/options')).body;

  beforeAll(async () => {
    server = await startTestApp(kind);
    const signedUp = await signUp(server.app, 'Head Librarian');
    await setRoleByEmail(server.app.database.db, signedUp.email, 'librarian');
    librarian = signedUp.agent;
    member = (await signUp(server.app)).agent;
    visitor = new Agent(server.app);
  });
  afterAll(() => server.close());

  it('starts with the seed’s five, in English and Bangla, for anyone', async () => {
    expect(await options()).toEqual(DEFAULTS);
  });

  it('adds a category librarians name, refuses one of the same name in any case, and members', async () => {
    const added = await librarian.post('/api/categories/options', {
      name: 'Poetry',
      nameBn: 'কবিতা',
    });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ name: 'Poetry', nameBn: 'কবিতা' });
    const again = await librarian.post('/api/categories/options', {
      name: ' poetry ',
      nameBn: 'পদ্য',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'DUPLICATE_CATEGORY' });
    expect(
      (await member.post('/api/categories/options', { name: 'Essays', nameBn: 'প্রবন্ধ' })).status,
    ).toBe(403);
    expect(
      (await visitor.post('/api/categories/options', { name: 'Essays', nameBn: 'প্রবন্ধ' })).status,
    ).toBe(401);
    const blank = await librarian.post('/api/categories/options', { name: '', nameBn: 'প্রবন্ধ' });
    expect(blank.status).toBe(400);
    expect((await options()).map((category) => category.name)).toEqual([
      'Drama',
      'History',
      'Novel',
      'Poetry',
      'Sci-Fi',
      'Thriller',
    ]);
  });

  it('takes books of its categories only, in any case, from the form and the import', async () => {
    const id = await addBook(member, { name: 'Sonar Tori', category: 'poetry' });
    expect((await visitor.get<Book>(`/api/books/${id}`)).body.category).toBe('Poetry');
    const unknown = await member.post('/api/books', { ...validBook, category: 'Cookery' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'category' }] });
    const moved = await member.patch(`/api/books/${id}`, {
      ...validBook,
      name: 'Sonar Tori',
      category: 'Cookery',
    });
    expect(moved.status).toBe(400);

    const header =
      'name,author,category,quantity,rating,shortDescription,image,content,isbn,publisher,publishedYear,language';
    const csv = (category: string) =>
      `${header}\nBalaka,Rabindranath Tagore,${category},1,4,Poems.,/covers/gora.svg,,,,,bn\n`;
    const importCsv = (text: string) =>
      librarian.request({
        method: 'POST',
        url: '/api/desk/books/import',
        headers: { 'content-type': 'text/csv; charset=utf-8' },
        payload: text,
      });
    const refused = await importCsv(csv('Cookery'));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ issues: [{ row: 2, path: 'category' }] });
    const imported = await importCsv(csv('POETRY'));
    expect(imported.body).toEqual({ imported: 1 });
    const facets = await visitor.get<BookFacets>('/api/books/facets?q=balaka');
    expect(facets.body.categories).toEqual([{ name: 'Poetry', count: 1 }]);
  });

  it('renames a category in either language, and its books follow', async () => {
    const renamed = await librarian.patch('/api/categories/options/POETRY', {
      name: 'Poems',
      nameBn: 'কাব্য',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ name: 'Poems', nameBn: 'কাব্য' });
    const books = await visitor.get<Book[]>('/api/books?category=poems');
    expect(books.body.map((book) => book.name).sort()).toEqual(['Balaka', 'Sonar Tori']);
    expect((await visitor.get<Book[]>('/api/books?category=Poetry')).body).toEqual([]);
    const grid = await visitor.get<CategorySummary[]>('/api/categories');
    expect(grid.body.map((category) => category.name)).toContain('Poems');
    expect((await librarian.patch('/api/categories/options/Poems', { name: 'drama' })).status).toBe(
      409,
    );
    expect(
      (await librarian.patch('/api/categories/options/Nothing', { nameBn: 'কিছু না' })).status,
    ).toBe(404);
    expect((await member.patch('/api/categories/options/Poems', { nameBn: 'পদ্য' })).status).toBe(
      403,
    );
    expect((await options()).find((category) => category.name === 'Poems')).toEqual({
      name: 'Poems',
      nameBn: 'কাব্য',
    });
  });

  it('removes a category no book carries, and keeps one in use', async () => {
    const inUse = await librarian.delete('/api/categories/options/Poems');
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({ code: 'CATEGORY_IN_USE' });
    expect((await member.delete('/api/categories/options/Thriller')).status).toBe(403);
    expect((await librarian.delete('/api/categories/options/thriller')).status).toBe(200);
    expect((await librarian.delete('/api/categories/options/Thriller')).status).toBe(404);
    expect((await options()).map((category) => category.name)).not.toContain('Thriller');
    expect((await member.post('/api/books', { ...validBook, category: 'Thriller' })).status).toBe(
      400,
    );
  });
});
