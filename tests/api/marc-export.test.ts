/**
 * MARC 21 export (docs/product/marc.md, issue 34), on both databases: every book with its copies
 * as 952 fields, ISO 2709 and MARCXML, read by Debian's yaz-marcdump (Index Data's YAZ) without a
 * complaint, then imported into an empty Pathagar, which gives back every book and every copy.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Copy } from '../../src/common/copies.ts';
import type { Book } from '../../src/common/types.ts';
import { addBook, loanDates, signUp, type Agent } from '../support/agent.ts';
import { importMarc, isoFile, kohaBook, kohaItem, record } from '../support/marc-records.ts';
import { databaseKinds, startTestApp, librarianOf, type TestApp } from '../support/test-app.ts';

const run = promisify(execFile);

/** Every book with its copies, as a librarian sees them, in an order both catalogues share. */
async function catalogueOf(agent: Agent) {
  const books = (await agent.get<Book[]>('/api/books?limit=200&sort=title')).body;
  const described = [];
  for (const book of books) {
    const copies = (await agent.get<Copy[]>(`/api/books/${book._id}/copies`)).body;
    described.push({
      name: book.name,
      author: book.author,
      category: book.category,
      isbn: book.isbn,
      shortDescription: book.shortDescription,
      publisher: book.publisher,
      publishedYear: book.publishedYear,
      language: book.language,
      quantity: book.quantity,
      copies: copies
        .map(({ barcode, status, shelfMark, note }) => ({ barcode, status, shelfMark, note }))
        .sort((a, b) => a.barcode.localeCompare(b.barcode)),
    });
  }
  return described.sort((a, b) => a.name.localeCompare(b.name));
}

/** yaz-marcdump's reading of a file: what it printed, and what it complained of. */
async function yazRead(bytes: Buffer, format: 'marc' | 'marcxml') {
  const dir = mkdtempSync(path.join(tmpdir(), 'pathagar-yaz-'));
  try {
    const file = path.join(dir, `export.${format === 'marc' ? 'mrc' : 'xml'}`);
    writeFileSync(file, bytes);
    const { stdout, stderr } = await run('yaz-marcdump', ['-i', format, '-o', 'line', file], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return { stdout, stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(databaseKinds)('MARC export on %s', (kind) => {
  let server: TestApp;
  let librarian: Agent;
  let expected: Awaited<ReturnType<typeof catalogueOf>>;

  beforeAll(async () => {
    server = await startTestApp(kind);
    librarian = await librarianOf(server);
    // A catalogue made both ways: a Koha file, and books added and lent at the desk.
    const file = isoFile(
      kohaBook({
        id: 'exp-1',
        title: 'Raktakarabi',
        author: 'Tagore, Rabindranath',
        isbn: '0306406152',
        subject: 'Drama',
        summary: 'A play in one act.',
        items: [
          kohaItem('EX0001', '891.442 TAG'),
          kohaItem('EX0002', '891.442 TAG', { lost: '1' }),
          kohaItem('EX0003', '891.442 TAG', { damaged: '1' }),
          kohaItem('EX0004', '891.442 TAG', { notForLoan: '1' }),
        ],
      }),
      record([
        { tag: '001', value: '2001012345' },
        { tag: '003', value: 'DLC' },
        { tag: '041', subfields: [['a', 'ben']] },
        {
          tag: '100',
          ind: '1 ',
          subfields: [
            ['6', '880-02'],
            ['a', 'Bandyopadhyay, Bibhutibhushan,'],
          ],
        },
        {
          tag: '245',
          ind: '10',
          subfields: [
            ['6', '880-01'],
            ['a', 'Pather panchali.'],
          ],
        },
        {
          tag: '880',
          ind: '1 ',
          subfields: [
            ['6', '100-02'],
            ['a', 'বন্দ্যোপাধ্যায়, বিভূতিভূষণ'],
          ],
        },
        {
          tag: '880',
          ind: '10',
          subfields: [
            ['6', '245-01'],
            ['a', 'পথের পাঁচালী।'],
          ],
        },
        {
          tag: '952',
          subfields: [
            ['p', 'EX0005'],
            ['o', 'BEN 891.443'],
          ],
        },
      ]),
      kohaBook({ id: 'exp-3', title: 'No copies at all', author: 'Anonymous' }),
    );
    expect((await importMarc(librarian, file, { category: 'Novel' })).body.added).toBe(3);
    const lentId = await addBook(librarian, {
      name: 'Dr. Who?',
      author: 'H. G. Wells',
      quantity: 2,
      isbn: '9789848815045',
      publisher: 'Sheba Prokashoni,',
      publishedYear: 1999,
      language: 'en',
      shortDescription: 'Ends with a full stop.',
    });
    const member = (await signUp(server.app, 'Reader')).agent;
    expect(
      (await member.post('/api/borrowedBooks', { bookId: lentId, ...loanDates() })).status,
    ).toBe(201);
    expected = await catalogueOf(librarian);
  });
  afterAll(() => server.close());

  it.each([
    ['books.mrc', 'application/marc', 'catalogue.mrc'],
    ['books.marcxml', 'application/marcxml+xml; charset=utf-8', 'catalogue.marcxml'],
  ])('answers %s as a download nobody keeps', async (name, type, filename) => {
    const response = await librarian.get<string>(`/api/desk/${name}`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it.each(['marc', 'marcxml'] as const)(
    'writes %s that yaz-marcdump reads without a complaint, every copy a 952',
    async (format) => {
      const url = format === 'marc' ? '/api/desk/books.mrc' : '/api/desk/books.marcxml';
      const response = await server.app.inject({
        method: 'GET',
        url,
        headers: { cookie: librarian.cookieHeader() },
      });
      const { stdout, stderr } = await yazRead(response.rawPayload, format);
      expect(stderr).toBe('');
      expect(stdout).toContain('পথের পাঁচালী');
      expect(stdout.match(/^952 /gm)).toHaveLength(7);
      expect(stdout.match(/^245 /gm)).toHaveLength(4);
    },
  );

  it("keeps the catalogue's CSV round trip whole: books imported without cover or description come back", async () => {
    const csv = (await librarian.get<string>('/api/desk/books.csv')).body;
    const fresh = await startTestApp(kind);
    try {
      const other = await librarianOf(fresh);
      const imported = await other.request<{ imported: number }>({
        method: 'POST',
        url: '/api/desk/books/import',
        headers: { 'content-type': 'text/csv; charset=utf-8' },
        payload: csv,
      });
      expect(imported.status).toBe(200);
      expect(imported.body.imported).toBe(4);
      const [untitled] = (await other.get<Book[]>('/api/books?q=No%20copies%20at%20all')).body;
      expect(untitled).toMatchObject({ image: '', shortDescription: '' });
    } finally {
      await fresh.close();
    }
  });

  it.each(['books.mrc', 'books.marcxml'])(
    'gives back every book and copy with its status when %s is imported into an empty Pathagar',
    async (name) => {
      const response = await server.app.inject({
        method: 'GET',
        url: `/api/desk/${name}`,
        headers: { cookie: librarian.cookieHeader() },
      });
      const fresh = await startTestApp(kind);
      try {
        const other = await librarianOf(fresh);
        const report = (await importMarc(other, response.rawPayload, { category: 'History' })).body;
        expect(report).toMatchObject({ records: 4, added: 4, copiesAdded: 7, skippedCount: 0 });
        const copied = await catalogueOf(other);
        // A copy on loan comes back on the shelf: loans are not part of a catalogue's records.
        const onShelf = expected.map((book) => ({
          ...book,
          quantity: book.copies.filter((copy) => ['available', 'onLoan'].includes(copy.status))
            .length,
          copies: book.copies.map((copy) =>
            copy.status === 'onLoan' ? { ...copy, status: 'available' } : copy,
          ),
        }));
        expect(copied).toEqual(onShelf);
        // The romanised title is still what a Latin search finds.
        const found = (await other.get<Book[]>('/api/books?q=pather')).body;
        expect(found.map((book) => book.name)).toEqual(['পথের পাঁচালী।']);
        // Importing it again into the library it came from adds nothing.
        const again = (await importMarc(librarian, response.rawPayload)).body;
        expect(again).toMatchObject({ records: 4, added: 0, updated: 0, copiesAdded: 0 });
      } finally {
        await fresh.close();
      }
    },
  );
});
