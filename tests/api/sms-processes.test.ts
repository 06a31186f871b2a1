/**
 * Notices by SMS across real server processes (issue 37, docs/product.md#sms), on SQLite and on
 * PostgreSQL, with time moved by CLOCK_OFFSET: two instances sweeping and sending at once send
 * one SMS per chosen notice, through the same outbox rows, leases and marks as the mails.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/database.ts';
import { loanDates, validBook } from '../support/agent.ts';
import { HttpAgent } from '../support/http-agent.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { startSmsGateway, type SmsGateway } from '../support/sms-gateway.ts';
import { createTestDatabase, databaseKinds } from '../support/test-app.ts';

/** Twelve days on: a loan taken today for fourteen days is due in two. */
const DUE_IN_TWO_DAYS = '12d';

async function until(condition: () => Promise<boolean>, what: string) {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never happened: ${what}`);
}

describe.each(databaseKinds)('SMS across processes on %s', (kind) => {
  let gateway: SmsGateway;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let direct: Database;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    gateway = await startSmsGateway();
  });
  afterAll(async () => gateway.close());
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop()));
    await direct?.close();
    await database?.drop();
  });

  const start = async (env: Record<string, string> = {}) => {
    // A POST with a form body, as sms.net.bd takes it (docs/operations.md#sms-gateways).
    const server = await startServerProcess({
      DATABASE_URL: database.url,
      SMS_PROVIDER: 'http',
      SMS_URL: gateway.base,
      SMS_METHOD: 'POST',
      SMS_BODY: 'api_key=test-key&number={to}&message={text}',
      ...env,
    });
    servers.push(server);
    return server;
  };

  it('sends one SMS per chosen notice when two instances sweep and send at once', async () => {
    database = await createTestDatabase(kind);
    const setup = await start();
    const numbers: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const member = await HttpAgent.signUp(setup.url);
      const phone = `+88018${String(10_000_000 + index).padStart(8, '0')}`;
      expect((await member.request('PUT', '/api/profile/phone', { phone })).status).toBe(202);
      const number = phone.slice(1);
      await until(async () => gateway.accepted.some((sms) => sms.to === number), 'a code');
      const code = /\d{6}/.exec(gateway.accepted.find((sms) => sms.to === number)?.text ?? '');
      const verified = await member.request('POST', '/api/profile/phone/verify', {
        code: code?.[0],
      });
      expect(verified.status).toBe(200);
      // Half the members want "due soon" by SMS; the others by mail only.
      if (index % 2 === 0) {
        await member.request('PATCH', '/api/profile/sms-choices', { dueSoon: true });
        numbers.push(number);
      }
      const added = await member.request<{ insertedId: string }>('POST', '/api/books', {
        ...validBook,
        quantity: 1,
      });
      const borrowed = await member.request('POST', '/api/borrowedBooks', {
        bookId: added.body.insertedId,
        ...loanDates(),
      });
      expect(borrowed.status).toBe(201);
    }
    await servers.pop()?.stop();
    direct = openDatabase(database.url);
    const codes = gateway.accepted.length;
    expect(codes).toBe(4);

    await Promise.all([
      start({ CLOCK_OFFSET: DUE_IN_TWO_DAYS }),
      start({ CLOCK_OFFSET: DUE_IN_TWO_DAYS }),
    ]);
    const rows = () =>
      direct.db
        .selectFrom('notice')
        .select(['channel', 'status'])
        .where('kind', '=', 'dueSoon')
        .execute();
    // Once every row is settled none can be claimed again, so the count is final.
    await until(async () => {
      const all = await rows();
      return all.length === 6 && all.every((row) => row.status !== 'pending');
    }, 'four mails and two SMS settled');
    const texts = gateway.accepted.slice(codes);
    expect(texts.map((sms) => sms.to).sort()).toEqual(numbers.sort());
    expect(texts.every((sms) => sms.method === 'POST' && sms.text.includes('is due back on'))).toBe(
      true,
    );
    const sms = (await rows()).filter((row) => row.channel === 'sms');
    expect(sms).toEqual([
      { channel: 'sms', status: 'sent' },
      { channel: 'sms', status: 'sent' },
    ]);
  }, 120_000);
});
