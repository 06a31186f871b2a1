/**
 * A MARC import of 10,000 records (issue 34), on both databases, over a real socket while
 * `/api/health` is asked every 50 ms: every record is stored with its copies, and the server
 * answers others throughout. The figures it prints (the import's time, health's worst wait) are
 * recorded in docs/performance.md; nothing here asserts a speed.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarcImportReport } from '../../src/common/marc-schemas.ts';
import { setRoleByEmail } from '../../src/server/members/members.ts';
import { signUp, type Agent } from '../support/agent.ts';
import { isoFile, kohaBook, kohaItem, marcForm, record } from '../support/marc-records.ts';
import { listenLocally } from '../support/raw-http.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';

const RECORDS = 10_000;

/** Koha records, one in five in Bengali script with its romanised 245 and 100, each with one or two items. */
function catalogue(): Buffer {
  const records = Array.from({ length: RECORDS }, (_, index) => {
    const items = [kohaItem(`SC${String(index).padStart(6, '0')}A`, `${index % 1000}.1 SCA`)];
    if (index % 3 === 0)
      items.push(
        kohaItem(`SC${String(index).padStart(6, '0')}B`, `${index % 1000}.1 SCA`, {
          lost: index % 2 ? '1' : '',
        }),
      );
    if (index % 5 === 0)
      return record([
        { tag: '001', value: `scale-${index}` },
        {
          tag: '100',
          ind: '1 ',
          subfields: [
            ['6', '880-02'],
            ['a', `Lekhok, Nam ${index},`],
          ],
        },
        {
          tag: '245',
          ind: '10',
          subfields: [
            ['6', '880-01'],
            ['a', `Boi ${index} /`],
          ],
        },
        {
          tag: '880',
          ind: '1 ',
          subfields: [
            ['6', '100-02'],
            ['a', `লেখক, নাম ${index}`],
          ],
        },
        {
          tag: '880',
          ind: '10',
          subfields: [
            ['6', '245-01'],
            ['a', `বই ${index} /`],
          ],
        },
        { tag: '520', subfields: [['a', 'একটি উপন্যাস, গ্রামের এক পরিবারের গল্প।']] },
        ...items,
      ]);
    return kohaBook({
      id: `scale-${index}`,
      title: `Scale book ${index}`,
      subtitle: 'a novel in three parts',
      author: `Writer, Number ${index}`,
      subject: index % 2 ? 'Drama' : 'History',
      summary: 'A family in a river village, over three generations.',
      items,
    });
  });
  return isoFile(...records);
}

describe.each(databaseKinds)('a MARC import of 10,000 records on %s', (kind) => {
  let server: TestApp;
  let librarian: Agent;
  let port: number;

  beforeAll(async () => {
    server = await startTestApp(kind);
    const signed = await signUp(server.app, 'Librarian');
    await setRoleByEmail(server.app.database.db, signed.email, 'librarian');
    librarian = signed.agent;
    port = await listenLocally(server.app);
  });
  afterAll(() => server.close());

  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const asked = httpRequest({ port, host: '127.0.0.1', path }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      asked.on('error', reject);
      asked.end();
    });

  it(
    'stores every record and copy while /api/health keeps answering',
    { timeout: 600_000 },
    async () => {
      const file = catalogue();
      const { payload, headers } = marcForm(file, 'Novel');
      let importing = true;
      const waits: number[] = [];
      const health = (async () => {
        while (importing) {
          const asked = performance.now();
          expect(await get('/api/health')).toBe(200);
          waits.push(performance.now() - asked);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const started = performance.now();
      const report = await new Promise<MarcImportReport>((resolve, reject) => {
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
            response.on('end', () => resolve(JSON.parse(body) as MarcImportReport));
          },
        );
        sent.on('error', reject);
        sent.end(payload);
      });
      const seconds = (performance.now() - started) / 1000;
      importing = false;
      await health;
      expect(report).toMatchObject({
        records: RECORDS,
        added: RECORDS,
        skippedCount: 0,
        copiesAdded: RECORDS + Math.ceil(RECORDS / 3),
      });
      const counted = await librarian.get('/api/books?limit=1');
      expect(Number(counted.headers['x-total-count'])).toBe(RECORDS);
      const sorted = [...waits].sort((a, b) => a - b);
      const worst = sorted[sorted.length - 1] ?? 0;
      const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? 0;
      // The journal's figures (docs/performance.md), read from the test's output.
      console.log(
        `[marc-scale ${kind}] ${RECORDS} records, ${(file.length / 1024 / 1024).toFixed(1)} MB: ` +
          `import ${seconds.toFixed(1)} s; /api/health asked ${waits.length} times, ` +
          `worst ${worst.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms`,
      );
    },
  );
});
