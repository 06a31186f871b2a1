/**
 * Crash safety, which needs a real process to kill: a server killed with SIGKILL in the middle of
 * a borrow/return load, then restarted on the same database, and one killed while books are added
 * from many connections. Each test kills its server, so it keeps its own; the races between two
 * live servers share one pair in two-processes.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { validBook, loanDates } from '../support/agent.ts';
import { addBookOver, HttpAgent } from '../support/http-agent.ts';
import { expectCirculationInvariants, readShelves } from '../support/invariants.ts';
import { startServerProcess } from '../support/server-process.ts';
import { createTestDatabase, databaseKinds } from '../support/test-app.ts';

const dates = loanDates();

type LoanState = 'held' | 'returning' | 'returned';

describe.each(databaseKinds)('crash safety on %s', (kind) => {
  it('loses nothing acknowledged when the server is killed mid-load', async () => {
    const database = await createTestDatabase(kind);
    let server = await startServerProcess({ DATABASE_URL: database.url });
    const direct = openDatabase(database.url);
    try {
      const librarian = await HttpAgent.signUp(server.url);
      const copies = 2;
      const bookIds = await Promise.all(
        Array.from({ length: 5 }, () => addBookOver(librarian, copies)),
      );
      const members = await Promise.all(
        Array.from({ length: 6 }, () => HttpAgent.signUp(server.url)),
      );
      const loans = new Map<string, LoanState>();
      let killed = false;

      const work = async (member: HttpAgent, seed: number) => {
        for (let step = seed; !killed; step += 1) {
          try {
            const mine = [...loans].filter(
              ([id, state]) => state === 'held' && id.startsWith(`${seed}:`),
            );
            if (mine.length > 0 && step % 3 === 0) {
              const [key] = mine[0] as [string, LoanState];
              loans.set(key, 'returning');
              const response = await member.request(
                'DELETE',
                `/api/borrowedBooks/${key.split(':')[1]}`,
              );
              if (response.status === 200) loans.set(key, 'returned');
            } else {
              const bookId = bookIds[step % bookIds.length];
              const response = await member.request<{ insertedId: string }>(
                'POST',
                '/api/borrowedBooks',
                { bookId, ...dates },
              );
              if (response.status === 201) loans.set(`${seed}:${response.body.insertedId}`, 'held');
            }
          } catch {
            return; // The server is gone.
          }
        }
      };
      const load = Promise.all(members.map((member, index) => work(member, index)));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      killed = true;
      server.child.kill('SIGKILL');
      await Promise.all([load, server.exited]);
      expect([...loans.values()].filter((state) => state === 'returned').length).toBeGreaterThan(0);

      server = await startServerProcess({ DATABASE_URL: database.url });
      const stored = new Map(
        (await direct.db.selectFrom('loan').select(['id', 'returnedAt']).execute()).map((row) => [
          row.id,
          row.returnedAt,
        ]),
      );
      for (const [key, state] of loans) {
        const id = key.split(':')[1] as string;
        // Every acknowledged loan is stored; a returned one as history, with its return time.
        expect(stored.has(id)).toBe(true);
        if (state === 'held') expect(stored.get(id)).toBeNull();
        if (state === 'returned') expect(stored.get(id)).toEqual(expect.any(String));
      }
      await expectCirculationInvariants(direct.db);
      const shelves = await readShelves(direct.db);
      for (const bookId of bookIds) {
        const shelf = shelves.get(bookId);
        expect((shelf?.quantity ?? 0) + (shelf?.onLoan ?? 0)).toBe(copies);
      }
      const after = await HttpAgent.signUp(server.url);
      // Six members can hold every copy when the kill comes; then a new book stands in.
      const open =
        bookIds.find((bookId) => (shelves.get(bookId)?.quantity ?? 0) > 0) ??
        (await addBookOver(after, 1));
      expect(
        (await after.request('POST', '/api/borrowedBooks', { bookId: open, ...dates })).status,
      ).toBe(201);
    } finally {
      await server.stop();
      await direct.close();
      await database.drop();
    }
  }, 60_000);

  it('keeps every book it acknowledged when killed while books are added from many connections', async () => {
    const database = await createTestDatabase(kind);
    const server = await startServerProcess({ DATABASE_URL: database.url });
    const direct = openDatabase(database.url);
    try {
      const editor = await HttpAgent.signUp(server.url);
      const acknowledged: string[] = [];
      let killed = false;
      const add = async () => {
        while (!killed) {
          try {
            const response = await editor.request<{ insertedId: string }>(
              'POST',
              '/api/books',
              validBook,
            );
            if (response.status === 201) acknowledged.push(response.body.insertedId);
          } catch {
            return; // The server is gone.
          }
        }
      };
      const load = Promise.all(Array.from({ length: 16 }, add));
      // Killed as soon as a few dozen books are acknowledged, with many more on their way.
      while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 5));
      killed = true;
      server.child.kill('SIGKILL');
      await Promise.all([load, server.exited]);

      const stored = new Set(
        (await direct.db.selectFrom('book').select('id').execute()).map((row) => row.id),
      );
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await server.stop();
      await direct.close();
      await database.drop();
    }
  }, 60_000);
});
