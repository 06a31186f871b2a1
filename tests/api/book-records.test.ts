/**
 * Richer book records (docs/product.md#librarians, issue 12), on both databases: ISBNs checked,
 * normalised and unique under a race; years by the library's clock; refusals in the page's
 * language. The catalogue's CSV is in catalogue-desk.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '../../src/common/types.ts';
import type { Agent } from '../support/agent.ts';
import { addBook, bookCount, validBook } from '../support/agent.ts';
import {
  databaseKinds,
  MovableClock,
  startTestApp,
  librarianOf,
  type TestApp,
} from '../support/test-app.ts';

/** 978-0-306-40615-7 and its ISBN-10 0-306-40615-2: the textbook example of both check digits. */
const ISBN13 = '9780306406157';
const ISBN10 = '0-306-40615-2';

interface ErrorAnswer {
  error: string;
  code: string;
  issues?: { row?: number; path: string; message: string }[];
}

describe.each(databaseKinds)('book records on %s', (kind) => {
  let server: TestApp;
  let librarian: Agent;
  const clock = new MovableClock();

  beforeAll(async () => {
    server = await startTestApp(kind, {}, clock);
    librarian = await librarianOf(server);
  });
  afterAll(() => server.close());

  describe('ISBN, publisher, year and language', () => {
    it('keeps an ISBN-10 written with hyphens or spaces as its ISBN-13, and shows every field', async () => {
      const id = await addBook(librarian, {
        isbn: ` ${ISBN10.replaceAll('-', ' ')} `,
        publisher: ' Ananda Publishers ',
        publishedYear: 1929,
        language: 'BN',
      });
      const book = (await librarian.get<Book>(`/api/books/${id}`)).body;
      expect(book).toMatchObject({
        isbn: ISBN13,
        publisher: 'Ananda Publishers',
        publishedYear: 1929,
        language: 'bn',
      });
      // Withdrawn so the ISBN is free for the next tests.
      expect((await librarian.delete(`/api/books/${id}`)).status).toBe(200);
    });

    it('answers null for the fields a book does not give, and an update may clear them', async () => {
      const id = await addBook(librarian, { isbn: '978-0-306-40615-7', language: 'en' });
      const cleared = await librarian.patch(`/api/books/${id}`, {
        name: validBook.name,
        author: validBook.author,
        isbn: null,
        language: '',
      });
      expect(cleared.status).toBe(200);
      const book = (await librarian.get<Book>(`/api/books/${id}`)).body;
      expect(book).toMatchObject({
        isbn: null,
        publisher: null,
        publishedYear: null,
        language: null,
      });
    });

    it('refuses a wrong check digit, an unknown language and a year outside 1000 to this year', async () => {
      const thisYear = clock.date().getUTCFullYear();
      const wrong = [
        { isbn: '978-0-306-40615-8' },
        { isbn: '0-306-40615-3' },
        { isbn: 'ISBN 12345' },
        { language: 'xx' },
        { language: 'eng' },
        { publishedYear: 999 },
        { publishedYear: thisYear + 2 },
        { publishedYear: 1999.5 },
        { publisher: 'p'.repeat(201) },
      ];
      const before = await bookCount(librarian);
      for (const fields of wrong) {
        const response = await librarian.post<ErrorAnswer>('/api/books', {
          ...validBook,
          ...fields,
        });
        expect(response.status, JSON.stringify(fields)).toBe(400);
        expect(response.body.code).toBe('VALIDATION');
        expect(response.body.issues?.[0]?.path).toBe(Object.keys(fields)[0]);
      }
      expect(await bookCount(librarian)).toBe(before);
    });

    it('says why in the language of the page that sent the book, and in English by default', async () => {
      const thisYear = clock.date().getUTCFullYear();
      const send = (method: 'POST' | 'PATCH', url: string, acceptLanguage?: string) =>
        librarian.request<ErrorAnswer>({
          method,
          url,
          headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
          payload: { ...validBook, isbn: '978-0-306-40615-8', publishedYear: thisYear + 2 },
        });
      const bangla = await send('POST', '/api/books', 'bn-BD,bn;q=0.9');
      expect(bangla.status).toBe(400);
      expect(bangla.body).toEqual({
        code: 'VALIDATION',
        error: 'isbn: ISBN-টি সঠিক নয়: সঠিক চেক ডিজিটসহ একটি ISBN-10 বা ISBN-13 দিন',
        issues: [
          {
            path: 'isbn',
            message: 'ISBN-টি সঠিক নয়: সঠিক চেক ডিজিটসহ একটি ISBN-10 বা ISBN-13 দিন',
          },
          { path: 'publishedYear', message: 'প্রকাশের বছর ১০০০ থেকে এ বছরের মধ্যে হতে হবে' },
        ],
      });
      const english = await send('POST', '/api/books');
      expect(english.body).toEqual({
        code: 'VALIDATION',
        error: 'isbn: ISBN must be an ISBN-10 or ISBN-13 with a valid check digit',
        issues: [
          { path: 'isbn', message: 'ISBN must be an ISBN-10 or ISBN-13 with a valid check digit' },
          { path: 'publishedYear', message: 'Published year must be between 1000 and this year' },
        ],
      });
      const id = await addBook(librarian);
      const update = await send('PATCH', `/api/books/${id}`, 'bn');
      expect(update.status).toBe(400);
      expect(update.body.issues?.[1]?.message).toBe('প্রকাশের বছর ১০০০ থেকে এ বছরের মধ্যে হতে হবে');
    });

    it('takes the year from the library’s clock: next year becomes possible when it comes', async () => {
      const nextYear = clock.date().getUTCFullYear() + 1;
      const early = await librarian.post('/api/books', { ...validBook, publishedYear: nextYear });
      expect(early.status).toBe(400);
      clock.advanceDays(366);
      try {
        const later = await librarian.post<{ insertedId: string }>('/api/books', {
          ...validBook,
          publishedYear: nextYear,
        });
        expect(later.status).toBe(201);
        // Withdrawn again: the other tests' today is this year.
        expect((await librarian.delete(`/api/books/${later.body.insertedId}`)).status).toBe(200);
      } finally {
        clock.advanceDays(-366);
      }
    });

    it('answers 409 DUPLICATE_ISBN for a second book with an ISBN, however it is written', async () => {
      const isbn = '978-1-4028-9462-6';
      const first = await addBook(librarian, { isbn });
      const again = await librarian.post<ErrorAnswer>('/api/books', {
        ...validBook,
        isbn: '1-4028-9462-7',
      });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('DUPLICATE_ISBN');
      const other = await addBook(librarian);
      const taken = await librarian.patch<ErrorAnswer>(`/api/books/${other}`, {
        name: 'Another',
        author: 'Someone',
        isbn,
      });
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe('DUPLICATE_ISBN');
      expect((await librarian.get<Book>(`/api/books/${other}`)).body).toMatchObject({
        name: validBook.name,
        isbn: null,
      });
      // A book keeps its own ISBN through an update that names it again.
      const same = await librarian.patch(`/api/books/${first}`, {
        name: 'Renamed',
        author: 'Someone',
        isbn,
      });
      expect(same.status).toBe(200);
    });

    it('lets exactly one of two books added at once with one ISBN in', async () => {
      const isbn = '9780143039433';
      const other = await librarianOf(server, 'Second Librarian');
      for (let round = 0; round < 3; round += 1) {
        const answers = await Promise.all(
          [librarian, other].map((agent) =>
            agent.post<ErrorAnswer>('/api/books', { ...validBook, isbn }),
          ),
        );
        const statuses = answers.map((answer) => answer.status).sort();
        expect(statuses).toEqual(round === 0 ? [201, 409] : [409, 409]);
        for (const answer of answers)
          if (answer.status === 409) expect(answer.body.code).toBe('DUPLICATE_ISBN');
      }
      const found = await librarian.get<string>('/api/desk/books.csv');
      expect(found.body.split(isbn).length - 1).toBe(1);
    });
  });
});
