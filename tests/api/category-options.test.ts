/**
 * Categories the library chooses (docs/product/catalogue-and-accounts.md): the seed's five to
 * start with, librarians add, rename and remove; books, imports and filters read the list. Who
 * may call what is in authorization.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORIES } from '../../src/common/constants.ts';
import type { Book } from '../../src/common/types.ts';
import { CATALOGUE_COLUMNS } from '../../src/server/desk/catalogue-csv.ts';
import { setRoleByEmail } from '../../src/server/members/members.repository.ts';
import { addBook, signUp, type Agent } from '../support/agent.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';

const poetryRow = `${CATALOGUE_COLUMNS.join(',')}\nGitanjali,Rabindranath Tagore,poetry,2,4.8,Songs,/covers/dune.svg,,,,,\n`;

describe.each(databaseKinds)('categories the library chooses on %s', (kind) => {
  let server: TestApp;
  let librarian: Agent;
  let member: Agent;

  beforeAll(async () => {
    server = await startTestApp(kind);
    const signed = await signUp(server.app, 'Librarian');
    await setRoleByEmail(server.app.database.db, signed.email, 'librarian');
    librarian = signed.agent;
    member = (await signUp(server.app, 'Member')).agent;
  });
  afterAll(() => server.close());

  const importCsv = (csv: string) =>
    librarian.request<{ imported: number; code?: string }>({
      method: 'POST',
      url: '/api/desk/books/import',
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      payload: csv,
    });
  const names = async () =>
    (await member.get<{ name: string }[]>('/api/categories/options')).body.map((c) => c.name);

  it('offers the seed’s five by default', async () => {
    expect(await names()).toEqual([...DEFAULT_CATEGORIES]);
  });

  it('refuses a Poetry import until Poetry exists, then takes it spelt as the library does', async () => {
    const refused = await importCsv(poetryRow);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('VALIDATION');

    const added = await librarian.post('/api/categories/options', { name: 'Poetry' });
    expect(added).toMatchObject({ status: 201, body: { name: 'Poetry' } });
    expect(await names()).toContain('Poetry');
    expect((await importCsv(poetryRow)).body.imported).toBe(1);
    const listed = await member.get<Book[]>('/api/books?category=POETRY');
    expect(listed.body.map((book) => [book.name, book.category])).toEqual([
      ['Gitanjali', 'Poetry'],
    ]);
    const facets = await member.get<{ categories: { name: string }[] }>(
      '/api/books/facets?q=gitanjali',
    );
    expect(facets.body.categories.map((c) => c.name)).toEqual(['Poetry']);
  });

  it('refuses a second spelling of a name, and members', async () => {
    const duplicate = await librarian.post('/api/categories/options', { name: 'poetry' });
    expect(duplicate).toMatchObject({ status: 409, body: { code: 'DUPLICATE_CATEGORY' } });
    expect((await member.post('/api/categories/options', { name: 'Religion' })).status).toBe(403);
    expect(await names()).not.toContain('Religion');
  });

  it('adds and updates books under an offered category only', async () => {
    expect((await librarian.post('/api/books', { ...bookOf('Essays') })).status).toBe(400);
    await librarian.post('/api/categories/options', { name: 'Reference' });
    const id = await addBook(librarian, { category: 'reference' });
    expect((await member.get<Book>(`/api/books/${id}`)).body.category).toBe('Reference');
  });

  it('renames a category with its books, and keeps one in use', async () => {
    await librarian.post('/api/categories/options', { name: "Children's" });
    const id = await addBook(librarian, { category: "Children's" });
    const renamed = await librarian.patch(
      `/api/categories/options/${encodeURIComponent("Children's")}`,
      {
        name: 'Children',
      },
    );
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Children' } });
    expect((await member.get<Book>(`/api/books/${id}`)).body.category).toBe('Children');
    const inUse = await librarian.delete('/api/categories/options/Children');
    expect(inUse).toMatchObject({ status: 409, body: { code: 'CATEGORY_IN_USE' } });
    const taken = await librarian.patch('/api/categories/options/Children', { name: 'novel' });
    expect(taken).toMatchObject({ status: 409, body: { code: 'DUPLICATE_CATEGORY' } });
  });

  it('removes a category no book is shelved under', async () => {
    await librarian.post('/api/categories/options', { name: 'Religion' });
    expect((await librarian.delete('/api/categories/options/religion')).status).toBe(200);
    expect(await names()).not.toContain('Religion');
    const missing = await librarian.delete('/api/categories/options/Religion');
    expect(missing).toMatchObject({ status: 404, body: { code: 'CATEGORY_NOT_FOUND' } });
  });
});

function bookOf(category: string) {
  return {
    name: 'A Book',
    author: 'An Author',
    category,
    quantity: 1,
    rating: 4,
    shortDescription: 'Short',
    image: '/covers/dune.svg',
  };
}
