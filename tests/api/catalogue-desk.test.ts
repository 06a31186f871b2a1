/**
 * The catalogue's CSV at the desk (docs/product.md#librarians, issue 12), on both databases (the
 * book records' fields are in book-records.test.ts): the export's format and its round trip; the import's all-or-nothing report; what a hostile
 * client can do to the import. Who may call what is in authorization.test.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book, DeskStats } from '../../src/common/types.ts';
import type { Agent } from '../support/agent.ts';
import { addBook, bookCount, loanDates, signUp, validBook } from '../support/agent.ts';
import { listenLocally, openSocket, parseResponse, readUntilClosed } from '../support/raw-http.ts';
import {
  databaseKinds,
  MovableClock,
  startTestApp,
  librarianOf,
  type TestApp,
} from '../support/test-app.ts';
import { enValidation } from '../../src/common/i18n/en-validation.ts';
import { parseCatalogueCsv } from '../../src/server/desk/catalogue-csv.ts';

const HEADER =
  'name,author,category,owned,rating,shortDescription,image,content,isbn,publisher,publishedYear,language';
/** The header of an export from before issue 36, when `owned` was called `quantity`. */
const LEGACY_HEADER = HEADER.replace(',owned,', ',quantity,');

interface ErrorAnswer {
  error: string;
  code: string;
  issues?: { row?: number; path: string; message: string }[];
}

const importCsv = (agent: Agent, csv: string | Buffer) =>
  agent.request<{ imported: number } & ErrorAnswer>({
    method: 'POST',
    url: '/api/desk/books/import',
    headers: { 'content-type': 'text/csv; charset=utf-8' },
    payload: csv,
  });

const exportCsv = (agent: Agent) => agent.get<string>('/api/desk/books.csv');

/** A row of the export: every cell quoted (cells given with their inner quotes doubled). */
const quotedRow = (cells: string[]) => cells.map((cell) => `"${cell}"`).join(',');

describe.each(databaseKinds)('the catalogue CSV on %s', (kind) => {
  let server: TestApp;
  let librarian: Agent;
  const clock = new MovableClock();

  beforeAll(async () => {
    server = await startTestApp(kind, {}, clock);
    librarian = await librarianOf(server);
  });
  afterAll(() => server.close());

  describe('the import', () => {
    it('gives the copies a row lists their barcodes, a lost one kept lost, the others on the shelf', async () => {
      const csv =
        `${HEADER},copies\n` +
        'Listed Copies,Someone,Novel,2,4,x,/covers/dune.svg,,,,,,"lstc0001 available; LSTC0002 onLoan; LSTC0003 lost"\n' +
        'New Barcodes,Someone,Novel,2,4,x,/covers/dune.svg,,,,,,\n';
      const response = await importCsv(librarian, csv);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const [listed] = (await librarian.get<Book[]>('/api/books?q=Listed%20Copies')).body;
      expect(listed?.quantity).toBe(2);
      const copies = await librarian.get<{ barcode: string; status: string }[]>(
        `/api/books/${listed?._id}/copies`,
      );
      expect(copies.body.map(({ barcode, status }) => `${barcode} ${status}`).sort()).toEqual([
        'LSTC0001 available',
        'LSTC0002 available',
        'LSTC0003 lost',
      ]);
      const [fresh] = (await librarian.get<Book[]>('/api/books?q=New%20Barcodes')).body;
      const freshCopies = await librarian.get<unknown[]>(`/api/books/${fresh?._id}/copies`);
      expect(freshCopies.body).toHaveLength(2);
    });

    it('reads an earlier export’s quantity column as owned: the same copies either way', async () => {
      /** A book's quantity, and its copies by status and barcode without the file's prefix. */
      const stockOf = async (name: string) => {
        const [book] = (await librarian.get<Book[]>(`/api/books?q=${encodeURIComponent(name)}`))
          .body;
        const { body } = await librarian.get<{ barcode: string; status: string }[]>(
          `/api/books/${book?._id}/copies`,
        );
        const listed = body.filter(({ barcode }) => /^(OWN|OLD)/.test(barcode));
        return {
          quantity: book?.quantity,
          statuses: body.map(({ status }) => status).sort(),
          listed: listed.map(({ barcode, status }) => `${barcode.slice(3)} ${status}`).sort(),
        };
      };
      const file = (header: string, prefix: string) =>
        `${header},copies\n` +
        `${prefix} Listed,Someone,Novel,2,4,x,/covers/dune.svg,,,,,,"${prefix}00001 available; ${prefix}00002 onLoan; ${prefix}00003 lost"\n` +
        `${prefix} Fresh,Someone,Novel,3,4,x,/covers/dune.svg,,,,,,\n`;
      const current = await importCsv(librarian, file(HEADER, 'OWN'));
      expect(current.status, JSON.stringify(current.body)).toBe(200);
      const legacy = await importCsv(librarian, file(LEGACY_HEADER, 'OLD'));
      expect(legacy.status, JSON.stringify(legacy.body)).toBe(200);
      expect(legacy.body.imported).toBe(2);
      const listed = await stockOf('OWN Listed');
      expect(listed).toEqual({
        quantity: 2,
        statuses: ['available', 'available', 'lost'],
        listed: ['00001 available', '00002 available', '00003 lost'],
      });
      expect(await stockOf('OLD Listed')).toEqual(listed);
      const fresh = await stockOf('OWN Fresh');
      expect(fresh).toEqual({
        quantity: 3,
        statuses: ['available', 'available', 'available'],
        listed: [],
      });
      expect(await stockOf('OLD Fresh')).toEqual(fresh);
    });

    it('refuses a header with both owned and quantity, naming the two, and adds nothing', async () => {
      const before = await bookCount(librarian);
      const response = await importCsv(
        librarian,
        `${HEADER},quantity\nBoth Columns,Someone,Novel,2,4,x,/covers/dune.svg,,,,,,2\n`,
      );
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION');
      expect(response.body.error).toContain('both owned and quantity');
      expect(response.body.issues).toEqual([
        {
          row: 1,
          path: 'owned',
          message: enValidation.importIssues.ownedTwice('owned', 'quantity'),
        },
      ]);
      expect(await bookCount(librarian)).toBe(before);
      expect((await librarian.get<Book[]>('/api/books?q=Both%20Columns')).body).toEqual([]);
    });

    it('names each wrong copy of a file, and imports nothing', async () => {
      await importCsv(
        librarian,
        `${HEADER},copies\nTaken,A,Novel,1,4,x,/covers/dune.svg,,,,,,TKN00001 available\n`,
      );
      const before = await bookCount(librarian);
      const csv =
        `${HEADER},copies\n` +
        'One,A,Novel,2,4,x,/covers/dune.svg,,,,,,"DUP00001 available; nonsense; BAD00001 borrowed"\n' +
        'Two,A,Novel,1,4,x,/covers/dune.svg,,,,,,"DUP00001 available; TKN00001 available"\n';
      const response = await importCsv(librarian, csv);
      expect(response.status).toBe(400);
      expect(response.body.issues).toEqual([
        { row: 2, path: 'copies', message: enValidation.importIssues.copyEntry('nonsense') },
        {
          row: 2,
          path: 'copies',
          message: enValidation.importIssues.copyEntry('BAD00001 borrowed'),
        },
        { row: 2, path: 'copies', message: enValidation.importIssues.copiesCount(2, 1) },
        { row: 3, path: 'copies', message: enValidation.importIssues.copiesCount(1, 2) },
        { row: 3, path: 'copies', message: enValidation.importIssues.barcodeAgain('DUP00001', 2) },
        { row: 3, path: 'copies', message: enValidation.importIssues.barcodeTaken('TKN00001') },
      ]);
      expect(await bookCount(librarian)).toBe(before);
    });

    it('takes a spreadsheet’s file: BOM, Bangla, quoted commas and line breaks', async () => {
      const csv =
        '\uFEFF' +
        `${HEADER}\r\n` +
        'পথের পাঁচালী,বিভূতিভূষণ বন্দ্যোপাধ্যায়,Novel,2,4.8,"অপু ও দুর্গা, নিশ্চিন্দিপুরে",/covers/pather-panchali.svg,"প্রথম অনুচ্ছেদ\r\n\r\nদ্বিতীয় অনুচ্ছেদ",81-7066-034-3,"Mitra, Ghosh",1929,bn\r\n' +
        '"Comma, Inc.",Someone,History,1,3,"He said ""yes""",/covers/the-histories.svg,,,,,\r\n';
      const response = await importCsv(librarian, Buffer.from(csv, 'utf8'));
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ imported: 2 });
      // By its ISBN, the one book; by its title, first (the Latin records follow across scripts).
      const found = await librarian.get<Book[]>('/api/books?q=81-7066-034-3');
      expect(found.body).toHaveLength(1);
      const byTitle = await librarian.get<Book[]>(
        `/api/books?q=${encodeURIComponent('পথের পাঁচালী')}`,
      );
      expect(byTitle.body[0]?.isbn).toBe('9788170660347');
      expect(found.body[0]).toMatchObject({
        name: 'পথের পাঁচালী',
        author: 'বিভূতিভূষণ বন্দ্যোপাধ্যায়',
        shortDescription: 'অপু ও দুর্গা, নিশ্চিন্দিপুরে',
        content: 'প্রথম অনুচ্ছেদ\r\n\r\nদ্বিতীয় অনুচ্ছেদ',
        isbn: '9788170660347',
        publisher: 'Mitra, Ghosh',
        publishedYear: 1929,
        language: 'bn',
        quantity: 2,
      });
      const comma = await librarian.get<Book[]>(`/api/books?q=${encodeURIComponent('Comma Inc')}`);
      expect(comma.body[0]).toMatchObject({
        name: 'Comma, Inc.',
        shortDescription: 'He said "yes"',
        content: '',
        isbn: null,
        publishedYear: null,
      });
    });

    it('imports nothing when a row is wrong, and names every bad row and field', async () => {
      const before = await bookCount(librarian);
      const taken = '9780306406157';
      await addBook(librarian, { isbn: taken });
      const rows = [
        'Good,Author,Novel,1,4,Fine,/covers/dune.svg,,,,,',
        'Bad Category,Author,Poetry,1,4,Fine,/covers/dune.svg,,,,,',
        ',Nobody,Novel,-1,9,Fine,/covers/dune.svg,,978-0-306-40615-8,,3000,xx',
        'Twice,Author,Novel,1,4,Fine,/covers/dune.svg,,978-1-56619-909-4,,,',
        'Twice Again,Author,Novel,1,4,Fine,/covers/dune.svg,,1-56619-909-3,,,',
        `Taken,Author,Novel,1,4,Fine,/covers/dune.svg,,${taken},,,`,
        'Short,Row',
      ];
      const response = await importCsv(librarian, [HEADER, ...rows].join('\n'));
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION');
      expect(response.body.error).toMatch(/^Nothing was imported: 5 rows have problems/);
      const named = (response.body.issues ?? []).map((issue) => `${issue.row}:${issue.path}`);
      expect(named).toEqual(
        expect.arrayContaining([
          '3:category',
          '4:name',
          '4:owned',
          '4:rating',
          '4:isbn',
          '4:publishedYear',
          '4:language',
          '6:isbn',
          '7:isbn',
          '8:',
        ]),
      );
      expect(named).not.toContain('2:name');
      expect(named).not.toContain('5:isbn');
      expect(response.body.issues?.find((issue) => issue.row === 6)?.message).toBe(
        'The ISBN of row 5 again',
      );
      expect(await bookCount(librarian)).toBe(before + 1);
    });

    it('writes its report in the language of the page that sent the file, else in English', async () => {
      const csv = [
        HEADER,
        'Twice,Author,Novel,1,4,Fine,/covers/dune.svg,,978-1-56619-909-4,,,',
        'Again,Author,Novel,1,4,Fine,/covers/dune.svg,,1-56619-909-3,,,',
        'Future,Author,Novel,1,4,Fine,/covers/dune.svg,,,,3000,',
      ].join('\n');
      const send = (acceptLanguage?: string) =>
        librarian.request<ErrorAnswer>({
          method: 'POST',
          url: '/api/desk/books/import',
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
          },
          payload: csv,
        });
      const bangla = await send('bn-BD,bn;q=0.9');
      expect(bangla.status).toBe(400);
      expect(bangla.body.code).toBe('VALIDATION');
      expect(bangla.body.issues).toEqual([
        { row: 3, path: 'isbn', message: '২ নম্বর সারির ISBN আবার এসেছে' },
        {
          row: 4,
          path: 'publishedYear',
          message: 'প্রকাশের বছর ১০০০ থেকে এ বছরের মধ্যে হতে হবে',
        },
      ]);
      const english = await send();
      expect(english.body.issues).toEqual([
        { row: 3, path: 'isbn', message: 'The ISBN of row 2 again' },
        {
          row: 4,
          path: 'publishedYear',
          message: 'Published year must be between 1000 and this year',
        },
      ]);
      const header = await librarian.request<ErrorAnswer>({
        method: 'POST',
        url: '/api/desk/books/import',
        headers: { 'content-type': 'text/csv; charset=utf-8', 'accept-language': 'bn' },
        payload: 'name,author,colour\nA,B,red\n',
      });
      expect(header.body.issues).toContainEqual({
        row: 1,
        path: 'colour',
        message: 'শিরোনামের সারিতে অচেনা কলাম: colour',
      });
    });

    it('names a header that lacks a column or has one unknown, and a quote left open', async () => {
      const missing = await importCsv(librarian, 'name,author,colour\nA,B,red\n');
      expect(missing.status).toBe(400);
      const paths = (missing.body.issues ?? []).map((issue) => `${issue.row}:${issue.path}`);
      expect(paths).toEqual(expect.arrayContaining(['1:category', '1:isbn', '1:colour']));
      const open = await importCsv(
        librarian,
        `${HEADER}\n"Unclosed,Author,Novel,1,4,x,/c.svg,,,,,\n`,
      );
      expect(open.status).toBe(400);
      expect(open.body.issues?.[0]?.message).toMatch(/not valid CSV/);
      const empty = await importCsv(librarian, '');
      expect(empty.status).toBe(400);
    });

    it('reads and checks a 10 MB file in steps, so other requests are answered meanwhile (issue 30)', async () => {
      const row = 'Steady Reading,Some Author,Novel,1,4,A line,/covers/dune.svg,,,,,\n';
      const big =
        `${HEADER}\n${row.repeat(Math.floor((9.5 * 1024 * 1024) / row.length))}` +
        'Last Row,Some Author,Poetry,1,4,A line,/covers/dune.svg,,,,,\n';
      // Turns the event loop gives others while the file is read: none when it is read in one go.
      let turns = 0;
      let reading = true;
      const countTurn = () => {
        if (!reading) return;
        turns += 1;
        setImmediate(countTurn);
      };
      setImmediate(countTurn);
      const parsed = await parseCatalogueCsv(big, enValidation.importIssues);
      reading = false;
      expect(parsed.rows.length).toBeGreaterThan(100_000);
      expect(turns).toBeGreaterThan(10);

      // Through the API: the file is refused whole (its last row), and health is answered first.
      const before = await bookCount(librarian);
      let importDone = false;
      const imported = importCsv(librarian, big).finally(() => (importDone = true));
      const health = await server.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(importDone).toBe(false);
      const answer = await imported;
      expect(answer.status).toBe(400);
      expect(answer.body.issues?.[0]).toMatchObject({ path: 'category' });
      expect(await bookCount(librarian)).toBe(before);
    }, 120_000);

    it('refuses a body over 10 MB with 413, and a JSON body with 415', async () => {
      const before = await bookCount(librarian);
      const row = 'Big,Author,Novel,1,4,x,/covers/dune.svg,,,,,\n';
      const big = HEADER + '\n' + row.repeat(Math.ceil((10 * 1024 * 1024) / row.length) + 1);
      const response = await importCsv(librarian, big);
      expect(response.status).toBe(413);
      expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
      const json = await librarian.post<ErrorAnswer>('/api/desk/books/import', [validBook]);
      expect(json.status).toBe(415);
      expect(await bookCount(librarian)).toBe(before);
    });

    it('answers any file with 200 or a 4xx in the API’s shape, and a refusal adds nothing', async () => {
      const piece = fc.oneof(
        fc.constantFrom(HEADER, '\n', '\r\n', ',', '"', '""', '\uFEFF', 'পাঠাগার', '\u0000', "'="),
        fc.constantFrom('Novel', '1', '4.5', '/covers/dune.svg', '978-0-306-40615-7', 'bn', '2001'),
        fc.string({ unit: 'grapheme', maxLength: 12 }),
      );
      const file = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join(''));
      await fc.assert(
        fc.asyncProperty(file, async (csv) => {
          const before = await bookCount(librarian);
          const response = await importCsv(librarian, csv);
          if (response.status === 200) return;
          expect(response.status).toBeGreaterThanOrEqual(400);
          expect(response.status).toBeLessThan(500);
          expect(response.body).toMatchObject({
            error: expect.any(String),
            code: expect.any(String),
          });
          expect(await bookCount(librarian)).toBe(before);
        }),
        { numRuns: 60 },
      );
    });

    it('needs the XSRF token like every change', async () => {
      librarian.sendXsrf = false;
      try {
        const response = await importCsv(librarian, `${HEADER}\n`);
        expect(response.status).toBe(403);
        expect(response.body.code).toBe('CSRF');
      } finally {
        librarian.sendXsrf = true;
      }
    });
  });

  describe('the export', () => {
    it('is a private UTF-8 attachment whose owned column counts the copies owned', async () => {
      const borrower = await signUp(server.app, 'Borrower');
      const id = await addBook(librarian, { name: '=HYPERLINK("x")', quantity: 3 });
      const loan = await borrower.agent.post('/api/borrowedBooks', {
        bookId: id,
        ...loanDates(14, clock.date()),
      });
      expect(loan.status).toBe(201);
      const response = await exportCsv(librarian);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="catalogue.csv"');
      expect(response.headers['cache-control']).toBe('private, no-store');
      // A byte-order mark first, by which spreadsheets on Windows read Bengali (issue 35).
      expect(
        response.body.startsWith(`\uFEFF${quotedRow([...HEADER.split(','), 'copies'])}\n`),
      ).toBe(true);
      expect(response.body.split('\n')[0]).toContain('"category","owned","rating"');
      // Two on the shelf and one on loan: the library owns three. The name is no formula.
      const line = response.body.split('\n').find((row) => row.includes('HYPERLINK(""x"")'));
      expect(line).toContain(quotedRow(['\'=HYPERLINK(""x"")', validBook.author, 'Novel', '3']));
      // Each copy by its barcode and status, in the barcodes' order.
      const { body: copies } = await librarian.get<{ barcode: string; status: string }[]>(
        `/api/books/${id}/copies`,
      );
      const listed = copies
        .map((copy) => `${copy.barcode} ${copy.status}`)
        .sort()
        .join('; ');
      expect(line?.endsWith(`,"${listed}"`)).toBe(true);
      expect(listed).toContain(' onLoan');
      const stats = await librarian.get<DeskStats>('/api/desk/stats');
      expect(stats.body.onLoan).toBeGreaterThan(0);
    });

    it('quotes every cell and starts no formula, after a semicolon or with a full-width sign (issue 30)', async () => {
      await addBook(librarian, {
        name: '＝HYPERLINK("http://phish.example")',
        author: "Notes;=cmd|' /C calc'!A0",
        shortDescription: "plain;+1+1;'@SUM(A1);－2;＠x;＋y",
        content: '',
      });
      const { body } = await exportCsv(librarian);
      const line = body.split('\n').find((row) => row.includes('HYPERLINK(""http://phish'));
      expect(line).toMatch(/,"([A-Z0-9]+ available; ){2}[A-Z0-9]+ available"$/);
      expect(line?.slice(0, line.lastIndexOf(',"') + 2)).toBe(
        quotedRow([
          '\'＝HYPERLINK(""http://phish.example"")',
          "Notes;'=cmd|' /C calc'!A0",
          'Novel',
          String(validBook.quantity),
          String(validBook.rating),
          "plain;'+1+1;''@SUM(A1);'－2;'＠x;'＋y",
          validBook.image,
          '',
          '',
          '',
          '',
          '',
        ]) + ',"',
      );
    });

    it('starts no formula with a small sign, or a segment opening with spaces (issue 33)', async () => {
      await addBook(librarian, {
        name: '﹦HYPERLINK("http://phish.example/small")',
        author: 'Guarded Author',
        shortDescription: 'plain; =1+1;\u00A0+cmd; ﹢2;﹣3;﹫x',
        content: '',
      });
      const { body } = await exportCsv(librarian);
      const line = body.split('\n').find((row) => row.includes('phish.example/small'));
      expect(line).toContain('"\'﹦HYPERLINK');
      expect(line).toContain("\"plain;' =1+1;'\u00A0+cmd;' ﹢2;'﹣3;'﹫x\"");
    });

    it('round-trips: export, import into an empty library, export again gives the same bytes', async () => {
      const first = (await exportCsv(librarian)).body;
      const fresh = await startTestApp(kind);
      try {
        const other = await librarianOf(fresh);
        const imported = await importCsv(other, first);
        expect(imported.status, JSON.stringify(imported.body)).toBe(200);
        expect(imported.body.imported).toBe(await bookCount(librarian));
        const second = (await exportCsv(other)).body;
        // The same copies by their barcodes; the file has no loans, so the copy lent is on the shelf.
        expect(first).toMatch(/ onLoan[;"]/);
        const lentComeBack = first.replace(/ (onLoan|held)(?=[;"])/g, ' available');
        expect(Buffer.from(second).equals(Buffer.from(lentComeBack))).toBe(true);
      } finally {
        await fresh.close();
      }
    });
  });

  it('closes an import whose body trickles in, with a 408, and adds nothing', async () => {
    const slow = await startTestApp(kind, {
      REQUEST_TIMEOUT: '2',
      HEADERS_TIMEOUT: '1',
      KEEP_ALIVE_TIMEOUT: '1',
    });
    try {
      const agent = await librarianOf(slow);
      const port = await listenLocally(slow.app);
      const body = `${HEADER}\nSlow,Author,Novel,1,4,x,/covers/dune.svg,,,,,\n`;
      const socket = await openSocket(port);
      const closed = readUntilClosed(socket, 8000);
      socket.write(
        'POST /api/desk/books/import HTTP/1.1\r\nHost: localhost\r\n' +
          `Cookie: ${agent.cookieHeader()}\r\nX-XSRF-TOKEN: ${agent.cookie('XSRF-TOKEN')}\r\n` +
          `Content-Type: text/csv\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      let at = 0;
      const timer = setInterval(() => {
        if (socket.destroyed || at >= body.length) clearInterval(timer);
        else socket.write(body[at++] ?? '');
      }, 200);
      const response = parseResponse(await closed);
      clearInterval(timer);
      expect(response.status).toBe(408);
      expect(await bookCount(agent)).toBe(0);
    } finally {
      await slow.close();
    }
  });
});
