/**
 * MARC 21 import at the desk (docs/product/marc.md, issue 34), on both databases, with real
 * records: the Melinda records shipped with @natlibfi/marc-record-serializers (ISO 2709 and
 * MARCXML) and records in Koha's shape with 952 items, MARC holdings (852) and the Library of
 * Congress's 880 fields in Bengali script. The mapping, the copies and their statuses, the dry
 * run, importing twice, skipped records, what is not MARC, the size limit, hostile text. Who may
 * call it is in authorization.test.ts; the export's round trip in marc-export.test.ts.
 */
import { request as httpRequest } from 'node:http';
import { ISO2709 } from '@natlibfi/marc-record-serializers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARC_LIMIT_BYTES } from '../../src/common/marc-schemas.ts';
import type { Copy } from '../../src/common/copies.ts';
import type { Book } from '../../src/common/types.ts';
import { signUp, type Agent } from '../support/agent.ts';
import {
  importMarc,
  isoFile,
  marcForm,
  kohaBook,
  kohaItem,
  melindaFixture,
  record,
  xmlFile,
} from '../support/marc-records.ts';
import { listenLocally } from '../support/raw-http.ts';
import { databaseKinds, startTestApp, librarianOf, type TestApp } from '../support/test-app.ts';

const bookCount = async (agent: Agent) =>
  Number((await agent.get('/api/books?limit=1')).headers['x-total-count']);

const findBook = async (agent: Agent, q: string) =>
  (await agent.get<Book[]>(`/api/books?q=${encodeURIComponent(q)}`)).body;

const copiesOf = async (agent: Agent, bookId: string) =>
  (await agent.get<Copy[]>(`/api/books/${bookId}/copies`)).body;

/** 978-0-306-40615-7 and its ISBN-10 0-306-40615-2. */
const ISBN13 = '9780306406157';
const ISBN10 = '0306406152';

/** Pather Panchali as the Library of Congress catalogues a Bengali book: romanised 245/100, 880s in Bengali. */
const patherPanchali = record([
  { tag: '001', value: '2001012345' },
  { tag: '003', value: 'DLC' },
  {
    tag: '100',
    ind: '1 ',
    subfields: [
      ['6', '880-02'],
      ['a', 'Bandyopadhyay, Bibhutibhushan,'],
      ['d', '1894-1950.'],
    ],
  },
  {
    tag: '245',
    ind: '10',
    subfields: [
      ['6', '880-01'],
      ['a', 'Pather panchali /'],
      ['c', 'Bibhutibhushan Bandyopadhyay.'],
    ],
  },
  {
    tag: '655',
    ind: ' 7',
    subfields: [
      ['a', 'উপন্যাস'],
      ['2', 'local'],
    ],
  },
  {
    tag: '880',
    ind: '1 ',
    subfields: [
      ['6', '100-02/Beng'],
      ['a', 'বন্দ্যোপাধ্যায়, বিভূতিভূষণ,'],
    ],
  },
  {
    tag: '880',
    ind: '10',
    subfields: [
      ['6', '245-01/Beng'],
      ['a', 'পথের পাঁচালী /'],
    ],
  },
  {
    tag: '852',
    subfields: [
      ['a', 'Main'],
      ['h', '891.443'],
      ['i', 'B216p'],
      ['p', 'pp0001'],
    ],
  },
]);

describe.each(databaseKinds)('MARC import on %s', (kind) => {
  let server: TestApp;
  let librarian: Agent;

  beforeAll(async () => {
    server = await startTestApp(kind);
    librarian = await librarianOf(server);
  });
  afterAll(() => server.close());

  describe('the Melinda records (National Library of Finland)', () => {
    it('reads ISO 2709 records: title without ISBD punctuation, author, and the form’s category', async () => {
      const file = Buffer.concat(
        ['from1', 'from2', 'from3'].map((name) => melindaFixture('iso2709', name)),
      );
      const report = (await importMarc(librarian, file, { category: 'History' })).body;
      expect(report).toMatchObject({ records: 3, added: 3, skippedCount: 0, dryRun: false });
      const quartet = (await findBook(librarian, 'Phantasie Quartet'))[0];
      expect(quartet).toMatchObject({
        name: 'Phantasie Quartet',
        author: 'Raajaton',
        category: 'History',
      });
      const werke = (await findBook(librarian, 'Streichorchester'))[0];
      expect(werke?.name).toBe(
        'Werke für Streichorchester: kritischer Bericht zu den Bänden 9,1 und 9,2, Skizzen, Entstehungs- und Werkgeschichte, Dokumente',
      );
    });

    it('reads MARCXML, with or without a namespace prefix, told apart by content', async () => {
      const two = melindaFixture('marcxml', '2RecordsFrom1');
      const report = (await importMarc(librarian, two, { category: 'Drama' })).body;
      expect(report).toMatchObject({ records: 2, added: 2 });
      expect((await findBook(librarian, 'Missa brevis'))[0]).toMatchObject({
        name: 'Missa brevis: A mass for accordion',
        author: 'Matti Rantanen',
        publisher: 'Sibarecords',
        publishedYear: 2012,
      });
      expect((await findBook(librarian, 'Eight seasons'))[0]?.name).toBe(
        'Eight seasons = Gavcci jahkejuogu',
      );
      const prefixed = melindaFixture('marcxml', 'from-namespace-xml1');
      expect((await importMarc(librarian, prefixed)).body).toMatchObject({ records: 1, added: 1 });
      expect((await findBook(librarian, 'hobbit'))[0]?.name).toBe(
        'The hobbit or There and back again',
      );
    });
  });

  describe("Koha's records with their items", () => {
    const drama = kohaBook({
      id: 'koha-101',
      title: 'Raktakarabi',
      subtitle: 'a play',
      author: 'Tagore, Rabindranath',
      isbn: ISBN10,
      subject: 'Drama',
      summary: 'A king behind a screen, and the girl who walks into his city.',
      items: [
        kohaItem('KB0001', '891.442 TAG'),
        kohaItem('KB0002', '891.442 TAG c.2', { lost: '1' }),
        kohaItem('KB0003', '891.442 TAG c.3', { withdrawn: '1' }),
        kohaItem('KB0004', '891.442 TAG c.4', { damaged: '2' }),
        kohaItem('KB0005', '891.442 TAG c.5', { notForLoan: '1' }),
        kohaItem('kb0006', '891.442 TAG c.6', { lost: '0', withdrawn: '0' }),
      ],
    });

    it('maps title, author, ISBN-13, description and a category named by a 650', async () => {
      const report = (await importMarc(librarian, isoFile(drama), { category: 'Novel' })).body;
      expect(report).toMatchObject({ records: 1, added: 1, copiesAdded: 6 });
      const [book] = await findBook(librarian, 'Raktakarabi');
      expect(book).toMatchObject({
        name: 'Raktakarabi: a play',
        author: 'Rabindranath Tagore',
        isbn: ISBN13,
        category: 'Drama',
        shortDescription: 'A king behind a screen, and the girl who walks into his city.',
        publisher: 'Ananda',
        publishedYear: 2019,
        // Copies on the shelf: the two neither lost, withdrawn, damaged nor kept from loan.
        quantity: 2,
      });
      const copies = await copiesOf(librarian, book?._id as string);
      expect(
        copies.map(({ barcode, status, shelfMark }) => ({ barcode, status, shelfMark })),
      ).toEqual(
        expect.arrayContaining([
          { barcode: 'KB0001', status: 'available', shelfMark: '891.442 TAG' },
          { barcode: 'KB0002', status: 'lost', shelfMark: '891.442 TAG c.2' },
          { barcode: 'KB0003', status: 'withdrawn', shelfMark: '891.442 TAG c.3' },
          { barcode: 'KB0004', status: 'damaged', shelfMark: '891.442 TAG c.4' },
          { barcode: 'KB0005', status: 'withdrawn', shelfMark: '891.442 TAG c.5' },
          { barcode: 'KB0006', status: 'available', shelfMark: '891.442 TAG c.6' },
        ]),
      );
      expect(copies).toHaveLength(6);
      // A scanned label finds the copy and its book.
      const scanned = await librarian.get<{ book: { name: string } }>(
        '/api/copies/by-barcode/KB0004',
      );
      expect(scanned.body.book.name).toBe('Raktakarabi: a play');
    });

    it('keeps the 880s’ Bengali as title and author, and the romanised ones searchable; 852 holdings become copies', async () => {
      const report = (await importMarc(librarian, xmlFile(patherPanchali), { category: 'History' }))
        .body;
      expect(report).toMatchObject({ added: 1, copiesAdded: 1 });
      const [book] = await findBook(librarian, 'পথের');
      expect(book).toMatchObject({
        name: 'পথের পাঁচালী',
        author: 'বিভূতিভূষণ বন্দ্যোপাধ্যায়',
        // The 655 names the category in Bangla.
        category: 'Novel',
        quantity: 1,
      });
      expect((await findBook(librarian, 'pather panchali')).map((found) => found._id)).toEqual([
        book?._id,
      ]);
      expect((await findBook(librarian, 'Bandyopadhyay')).map((found) => found._id)).toEqual([
        book?._id,
      ]);
      const copies = await copiesOf(librarian, book?._id as string);
      expect(copies).toMatchObject([
        { barcode: 'PP0001', status: 'available', shelfMark: '891.443 B216p' },
      ]);
    });

    it('answers a dry run with the same counts and outcomes, storing nothing; then imports; then adds nothing the second time', async () => {
      const file = isoFile(
        kohaBook({
          id: 'koha-201',
          title: 'Devdas',
          author: 'Chattopadhyay, Sarat Chandra',
          items: [kohaItem('DV0001', 'A'), kohaItem('DV0002', 'A')],
        }),
        kohaBook({
          id: 'koha-202',
          title: 'Srikanta',
          author: 'Chattopadhyay, Sarat Chandra',
          items: [kohaItem(null, 'B')],
        }),
        // The same book twice in one file: added once, then updated.
        kohaBook({
          id: 'koha-201',
          title: 'Devdas',
          subtitle: 'a novel',
          author: 'Chattopadhyay, Sarat Chandra',
          items: [kohaItem('DV0003', 'A')],
        }),
      );
      const before = await bookCount(librarian);
      const dry = (await importMarc(librarian, file, { dryRun: true })).body;
      expect(dry).toMatchObject({
        records: 3,
        added: 2,
        updated: 1,
        copiesAdded: 4,
        skippedCount: 0,
        dryRun: true,
      });
      expect(
        dry.outcomes.map((outcome) => [
          outcome.record,
          outcome.title,
          outcome.action,
          outcome.copies,
        ]),
      ).toEqual([
        [1, 'Devdas', 'add', 2],
        [2, 'Srikanta', 'add', 1],
        [3, 'Devdas: a novel', 'update', 1],
      ]);
      expect(await bookCount(librarian)).toBe(before);
      expect((await librarian.get('/api/copies/by-barcode/DV0001')).status).toBe(404);

      const real = (await importMarc(librarian, file)).body;
      expect({ ...real, dryRun: true }).toEqual(dry);
      expect(await bookCount(librarian)).toBe(before + 2);
      const [devdas] = await findBook(librarian, 'Devdas');
      expect(devdas).toMatchObject({ name: 'Devdas: a novel', quantity: 3 });
      const [srikanta] = await findBook(librarian, 'Srikanta');
      // An item without a barcode gets one, as a copy added at the desk does.
      expect((await copiesOf(librarian, srikanta?._id as string))[0]?.barcode).toMatch(/^3\d{9}$/);

      const again = (await importMarc(librarian, file)).body;
      expect(again).toMatchObject({ records: 3, added: 0, copiesAdded: 0, skippedCount: 0 });
      // Srikanta's record has nothing new; Devdas's two versions are applied again, in order.
      expect(again.outcomes.map((outcome) => outcome.action)).toEqual([
        'update',
        'unchanged',
        'update',
      ]);
      expect((await findBook(librarian, 'Devdas'))[0]?.name).toBe('Devdas: a novel');
      expect(await bookCount(librarian)).toBe(before + 2);
      expect(await copiesOf(librarian, srikanta?._id as string)).toHaveLength(1);
    });

    it('matches a book by ISBN, or by 001 with 003, and updates it', async () => {
      const first = record([
        { tag: '001', value: 'ocm-77' },
        { tag: '003', value: 'OCoLC' },
        { tag: '100', ind: '1 ', subfields: [['a', 'Ahmed, Humayun.']] },
        { tag: '245', ind: '10', subfields: [['a', 'Nondito noroke.']] },
      ]);
      expect((await importMarc(librarian, isoFile(first))).body).toMatchObject({ added: 1 });
      const corrected = record([
        { tag: '001', value: 'ocm-77' },
        { tag: '003', value: 'OCoLC' },
        { tag: '100', ind: '1 ', subfields: [['a', 'Ahmed, Humayun.']] },
        {
          tag: '245',
          ind: '10',
          subfields: [
            ['a', 'Nondito noroke :'],
            ['b', 'upanyas.'],
          ],
        },
        { tag: '952', subfields: [['p', 'NN0001']] },
      ]);
      expect((await importMarc(librarian, isoFile(corrected))).body).toMatchObject({
        added: 0,
        updated: 1,
        copiesAdded: 1,
      });
      const found = await findBook(librarian, 'Nondito');
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ name: 'Nondito noroke: upanyas', quantity: 1 });
      // The same 001 from another source is another record.
      const elsewhere = record([
        { tag: '001', value: 'ocm-77' },
        { tag: '003', value: 'BD-DhNL' },
        { tag: '245', ind: '10', subfields: [['a', 'Nondito noroke']] },
      ]);
      expect((await importMarc(librarian, isoFile(elsewhere))).body).toMatchObject({ added: 1 });
    });

    it('gives new copies of a book with waiting holds to the queue first', async () => {
      const file = isoFile(
        kohaBook({
          id: 'koha-301',
          title: 'Kabar',
          isbn: '9789848815045',
          items: [kohaItem('KA0001', 'K')],
        }),
      );
      await importMarc(librarian, file);
      const [kabar] = await findBook(librarian, 'Kabar');
      const member = (await signUp(server.app, 'Reader')).agent;
      const reader = (await signUp(server.app, 'Waiter')).agent;
      const dates = (await import('../support/agent.ts')).loanDates();
      expect(
        (await member.post('/api/borrowedBooks', { bookId: kabar?._id, ...dates })).status,
      ).toBe(201);
      expect((await reader.post('/api/holds', { bookId: kabar?._id })).status).toBe(201);
      const more = isoFile(
        kohaBook({
          id: 'koha-301',
          title: 'Kabar',
          isbn: '9789848815045',
          items: [kohaItem('KA0001', 'K'), kohaItem('KA0002', 'K')],
        }),
      );
      expect((await importMarc(librarian, more)).body).toMatchObject({
        updated: 1,
        copiesAdded: 1,
      });
      const holds = (await reader.get<{ status: string }[]>('/api/holds')).body;
      expect(holds).toMatchObject([{ status: 'ready' }]);
      expect((await librarian.get<Book>(`/api/books/${kabar?._id}`)).body.quantity).toBe(0);
    });
  });

  it('reads MARC-8 where leader/09 is blank, combining marks and all', async () => {
    const marc8 = record(
      [
        { tag: '001', value: 'marc8-1' },
        { tag: '100', ind: '1 ', subfields: [['a', 'Mu\u0001noz, Ana.']] },
        { tag: '245', ind: '10', subfields: [['a', 'Conversa\u0002c\u0003ao /']] },
      ],
      '00000nam  2200000 a 4500',
    );
    // One byte each, as MARC-8 writes them: the tilde and the cedilla come before their letter.
    const bytes = Buffer.from(ISO2709.to(marc8), 'latin1');
    for (const [placeholder, marc8Byte] of [
      [1, 0xe4],
      [2, 0xf0],
      [3, 0xe4],
    ] as const)
      bytes[bytes.indexOf(placeholder)] = marc8Byte;
    expect((await importMarc(librarian, bytes)).body).toMatchObject({ added: 1 });
    expect((await findBook(librarian, 'Conversação'))[0]).toMatchObject({
      name: 'Conversação',
      author: 'Ana Muñoz',
    });
  });

  it('adds each book and copy once when the same file is imported twice at the same moment', async () => {
    const records = Array.from({ length: 150 }, (_, index) =>
      kohaBook({
        id: `race-${index}`,
        title: `Race book ${index}`,
        items: [kohaItem(`RC${String(index).padStart(4, '0')}`, 'R')],
      }),
    );
    const file = isoFile(...records);
    const before = await bookCount(librarian);
    const [first, second] = await Promise.all([
      importMarc(librarian, file),
      importMarc(librarian, file),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.added + second.body.added).toBe(150);
    expect(first.body.copiesAdded + second.body.copiesAdded).toBe(150);
    expect(await bookCount(librarian)).toBe(before + 150);
    const [book] = await findBook(librarian, 'Race book 149');
    expect(await copiesOf(librarian, book?._id as string)).toHaveLength(1);
  });

  describe('bad input', () => {
    it('answers a file over 50 MB with 413 once it has been sent, never cutting the connection', async () => {
      const port = await listenLocally(server.app);
      const { payload, headers } = marcForm(Buffer.alloc(MARC_LIMIT_BYTES + 1024 * 1024, 0x30));
      const before = await bookCount(librarian);
      // The whole body goes out and the answer comes back on the same connection, with no error.
      const answer = await new Promise<{ status: number; body: string; sentAll: boolean }>(
        (resolve, reject) => {
          let sentAll = false;
          const sent = httpRequest(
            {
              port,
              host: '127.0.0.1',
              method: 'POST',
              path: '/api/desk/books/marc',
              headers: {
                ...headers,
                'content-length': String(payload.length),
                cookie: librarian.cookieHeader(),
                'x-xsrf-token': librarian.cookie('XSRF-TOKEN') ?? '',
              },
            },
            (response) => {
              let body = '';
              response.on('data', (chunk: Buffer) => (body += chunk.toString()));
              response.on('end', () =>
                sent.on('close', () =>
                  resolve({ status: response.statusCode ?? 0, body, sentAll }),
                ),
              );
            },
          );
          sent.on('finish', () => (sentAll = true));
          sent.on('error', reject);
          sent.end(payload);
        },
      );
      expect(answer.sentAll).toBe(true);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({
        error: expect.any(String),
        code: 'PAYLOAD_TOO_LARGE',
      });
      expect(await bookCount(librarian)).toBe(before);
    });

    it('skips a broken record, one without a title and those with bad barcodes, listing each, and stores the rest', async () => {
      const card = (await signUp(server.app, 'Card Holder')).agent;
      const { cardNumber } = (await card.get<{ cardNumber: string }>('/api/card')).body;
      const good = kohaBook({ id: 'bad-1', title: 'Good one', items: [kohaItem('GD0001', 'G')] });
      const broken = Buffer.from(isoFile(kohaBook({ id: 'bad-2', title: 'Broken' })));
      // The directory's first entry says its field starts far past the record's end.
      broken.write('99999', 24 + 7, 'latin1');
      const untitled = record([
        { tag: '001', value: 'bad-3' },
        { tag: '100', subfields: [['a', 'Nobody']] },
      ]);
      const badBarcode = kohaBook({
        id: 'bad-4',
        title: 'Hyphenated',
        items: [kohaItem('AB-12', 'H')],
      });
      const cardBarcode = kohaBook({
        id: 'bad-5',
        title: 'Card',
        items: [kohaItem(cardNumber, 'C')],
      });
      const last = kohaBook({ id: 'bad-6', title: 'Last good one' });
      const file = Buffer.concat([
        isoFile(good),
        broken,
        isoFile(untitled, badBarcode, cardBarcode, last),
      ]);
      const report = (await importMarc(librarian, file)).body;
      expect(report).toMatchObject({ records: 6, added: 2, skippedCount: 4 });
      expect(report.skipped).toEqual([
        { record: 2, code: 'BROKEN_RECORD', reason: expect.stringContaining('directory') },
        { record: 3, code: 'NO_TITLE', reason: expect.any(String) },
        { record: 4, code: 'INVALID_BARCODE', reason: expect.stringContaining('AB-12') },
        { record: 5, code: 'CARD_BARCODE', reason: expect.stringContaining(cardNumber) },
      ]);
      expect(await findBook(librarian, 'Last good one')).toHaveLength(1);
      expect(await findBook(librarian, 'Hyphenated')).toHaveLength(0);
      expect(await findBook(librarian, 'Card')).toHaveLength(0);
    });

    it.each([
      ['a CSV file', Buffer.from('name,author\nDune,Herbert\n')],
      ['a PDF', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n')],
      ['an empty file', Buffer.alloc(0)],
      ['an HTML page', Buffer.from('<!doctype html><html><body>hello</body></html>')],
    ])('refuses %s with 400 INVALID_MARC and stores nothing', async (_label, file) => {
      const before = await bookCount(librarian);
      const response = await importMarc(librarian, file);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: expect.any(String), code: 'INVALID_MARC' });
      expect(await bookCount(librarian)).toBe(before);
    });

    it('asks for a category of the library and a file', async () => {
      const file = isoFile(kohaBook({ id: 'cat-1', title: 'Uncategorised' }));
      const missing = await importMarc(librarian, file, { category: null });
      expect(missing.status).toBe(400);
      expect(missing.body.issues).toEqual([{ path: 'category', message: expect.any(String) }]);
      expect((await importMarc(librarian, file, { category: 'Poetry' })).status).toBe(400);
      expect(await findBook(librarian, 'Uncategorised')).toHaveLength(0);
      // Any case names the category.
      expect((await importMarc(librarian, file, { category: 'sci-fi' })).body.added).toBe(1);
      expect((await findBook(librarian, 'Uncategorised'))[0]?.category).toBe('Sci-Fi');
    });

    it('cleans markup, control characters and bidirectional controls out of the text', async () => {
      const hostile = record([
        { tag: '001', value: 'hostile-1' },
        { tag: '100', ind: '0 ', subfields: [['a', 'Mallory\u202e\u2066 <b>Evil</b>\u0007']] },
        {
          tag: '245',
          ind: '10',
          subfields: [['a', '<script>alert(1)</script>Safe\u200f title\u0001 <<The>> end']],
        },
        { tag: '520', subfields: [['a', 'Line one\u2028line <img src=x onerror=alert(1)> two']] },
      ]);
      expect((await importMarc(librarian, isoFile(hostile))).body.added).toBe(1);
      const [book] = await findBook(librarian, 'Safe title');
      expect(book).toMatchObject({
        name: 'alert(1) Safe title The end',
        author: 'Mallory Evil',
        shortDescription: 'Line one line two',
      });
    });
  });
});
