/**
 * Holds under concurrency: copies coming back at once go to the queue in order, and the sweep of
 * expired holds run by two instances at once passes each copy on once.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book, Hold, Loan } from '../../src/common/types.ts';
import { buildApp } from '../../src/server/app.ts';
import { addDays } from '../../src/common/calendar.ts';
import { addBook, loanDates, signUp, type Agent } from '../support/agent.ts';
import { expectCirculationInvariants, readShelves } from '../support/invariants.ts';
import {
  databaseKinds,
  MovableClock,
  startTestApp,
  testConfig,
  type TestApp,
} from '../support/test-app.ts';

describe.each(databaseKinds)('holds under concurrency on %s', (kind) => {
  let server: TestApp;
  let secondInstance: FastifyInstance;
  let librarian: Agent;
  const clock = new MovableClock();

  beforeAll(async () => {
    server = await startTestApp(kind, {}, clock);
    // A second server on the same database, as a second process behind a load balancer would be.
    secondInstance = await buildApp(testConfig(server.databaseUrl), {
      logger: false,
      systemNow: clock.now,
    });
    librarian = (await signUp(server.app, 'Librarian')).agent;
  });
  afterAll(async () => {
    await secondInstance.close();
    await server.close();
  });

  const member = async () => (await signUp(server.app)).agent;
  const borrow = (agent: Agent, bookId: string) =>
    agent.post<{ insertedId: string }>('/api/borrowedBooks', {
      bookId,
      ...loanDates(14, clock.date()),
    });
  const holdOf = async (agent: Agent) => (await agent.get<Hold[]>('/api/holds')).body[0];

  it('gives copies returned at once to the oldest holds, one each, in the order placed', async () => {
    const copies = 4;
    const bookId = await addBook(librarian, { quantity: copies });
    const readers = await Promise.all(Array.from({ length: copies }, member));
    const loans = await Promise.all(readers.map((reader) => borrow(reader, bookId)));
    const queue: Agent[] = [];
    for (let place = 0; place < 7; place += 1) {
      const agent = await member();
      expect((await agent.post('/api/holds', { bookId })).body).toMatchObject({
        position: place + 1,
      });
      queue.push(agent);
    }

    const returns = await Promise.all(
      readers.map((reader, index) =>
        reader.delete(`/api/borrowedBooks/${loans[index]?.body.insertedId}`),
      ),
    );
    expect(returns.map((response) => response.status)).toEqual(readers.map(() => 200));

    const holds = await Promise.all(queue.map(holdOf));
    expect(holds.map((hold) => hold?.status)).toEqual([
      ...Array.from({ length: copies }, () => 'ready'),
      'waiting',
      'waiting',
      'waiting',
    ]);
    expect(holds.slice(copies).map((hold) => hold?.position)).toEqual([1, 2, 3]);
    expect((await librarian.get<Book>(`/api/books/${bookId}`)).body).toMatchObject({
      quantity: 0,
      holds: 3,
    });
    await expectCirculationInvariants(server.app.database.db);
  });

  it('lets only the member a copy is kept for borrow it, however many try at once', async () => {
    const bookId = await addBook(librarian, { quantity: 1 });
    const reader = await member();
    const loan = (await borrow(reader, bookId)).body.insertedId;
    const waiting = await member();
    await waiting.post('/api/holds', { bookId });
    await reader.delete(`/api/borrowedBooks/${loan}`);
    const others = await Promise.all(Array.from({ length: 5 }, member));
    const attempts = await Promise.all([...others, waiting].map((agent) => borrow(agent, bookId)));
    expect(attempts.map((attempt) => attempt.status)).toEqual([409, 409, 409, 409, 409, 201]);
    expect((await waiting.get<Loan[]>('/api/borrowedBooks')).body).toHaveLength(1);
  });

  it('keeps one member to HOLDS_MAX holds, and one hold per book, when they place many at once', async () => {
    const lender = await member();
    const books: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const id = await addBook(librarian, { quantity: 1 });
      await borrow(lender, id);
      books.push(id);
    }
    const second = await member();
    for (let index = 0; index < 3; index += 1) {
      const id = await addBook(librarian, { quantity: 1 });
      await borrow(second, id);
      books.push(id);
    }
    const agent = await member();
    const placed = await Promise.all(
      [...books, books[0] ?? '', books[0] ?? ''].map((bookId) =>
        agent.post('/api/holds', { bookId }),
      ),
    );
    expect(placed.filter((response) => response.status === 201)).toHaveLength(3);
    expect((await agent.get<Hold[]>('/api/holds')).body).toHaveLength(3);
    await expectCirculationInvariants(server.app.database.db);
  });

  it('renews a loan at most RENEWALS_MAX times however many renewals race, through two instances', async () => {
    const agent = await member();
    const bookId = await addBook(librarian);
    const loan = (await borrow(agent, bookId)).body.insertedId;
    const viaSecond = agent.to(secondInstance);
    const renewals = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        (index % 2 === 0 ? agent : viaSecond).post(`/api/borrowedBooks/${loan}/renew`),
      ),
    );
    expect(renewals.filter((response) => response.status === 200)).toHaveLength(2);
    const [current] = (await agent.get<Loan[]>('/api/borrowedBooks')).body;
    expect(current).toMatchObject({
      renewals: 2,
      returnDate: addDays(loanDates(14, clock.date()).borrowedDate, 14 * 3),
    });
  });

  it('expires each hold once when two instances sweep at the same moment', async () => {
    const books: { id: string; queue: Agent[] }[] = [];
    for (let index = 0; index < 6; index += 1) {
      const id = await addBook(librarian, { quantity: 1 });
      const reader = await member();
      const loan = (await borrow(reader, id)).body.insertedId;
      const queue = [await member(), await member(), await member()];
      for (const agent of queue) await agent.post('/api/holds', { bookId: id });
      await reader.delete(`/api/borrowedBooks/${loan}`);
      books.push({ id, queue });
    }

    clock.advanceDays(4);
    await Promise.all([
      server.app.holds.sweepExpired(),
      secondInstance.holds.sweepExpired(),
      server.app.holds.sweepExpired(),
      secondInstance.holds.sweepExpired(),
    ]);

    const shelves = await readShelves(server.app.database.db);
    for (const book of books) {
      const [first, second, third] = await Promise.all(book.queue.map(holdOf));
      expect(first).toBeUndefined();
      expect(second?.status).toBe('ready');
      expect(third).toMatchObject({ status: 'waiting', position: 1 });
      expect(shelves.get(book.id)).toEqual({ quantity: 0, onLoan: 0, kept: 1 });
    }
    await expectCirculationInvariants(server.app.database.db);
  });
});
