/**
 * Sessions, stock and the catalogue's lists through the two shared server processes: a session
 * made on one instance is good on the other, members borrowing through both get exactly the
 * copies there are, renames racing loans keep the stock, lists hear of loans made elsewhere, and
 * an account closing through one while a hold is placed through the other leaves no orphan.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Book, Loan } from '../../../src/common/types.ts';
import { VALID_PASSWORD, validBook, loanDates } from '../../support/agent.ts';
import { addBookOver, HttpAgent } from '../../support/http-agent.ts';
import { expectCirculationInvariants, readShelves } from '../../support/invariants.ts';
import type { ServerProcess } from '../../support/server-process.ts';
import type { TwoProcesses } from './context.ts';

const dates = loanDates();

export function sessionsAndStockRaces(pair: TwoProcesses): void {
  describe('sessions and stock', () => {
    /** How many connections listen for the catalogue's notices. */
    const listeners = async () =>
      Number(
        (
          await sql<{ count: string }>`select count(*) as "count" from pg_stat_activity
            where datname = current_database() and query like 'listen %'`.execute(pair.direct.db)
        ).rows[0]?.count,
      );
    const instance = (index: number) => (index % 2 === 0 ? pair.first : pair.second);
    const signUpOn = (server: ServerProcess) => pair.signUpOn(server);
    it('accepts a session made on one instance on the other', async () => {
      const { first, second } = pair;
      const member = await signUpOn(first);
      const onSecond = member.to(second.url);
      expect((await onSecond.request('GET', '/api/borrowedBooks')).status).toBe(200);
      expect((await onSecond.request('POST', '/api/auth/sign-out', {})).status).toBe(200);
      expect((await member.request('GET', '/api/borrowedBooks')).status).toBe(401);
    });

    it('lends exactly the copies there are when members borrow through both at once', async () => {
      const { first, direct } = pair;
      const librarian = await signUpOn(first);
      const bookId = await addBookOver(librarian, 4);
      const members = await Promise.all(
        Array.from({ length: 12 }, (_, index) => signUpOn(instance(index))),
      );
      const results = await Promise.all(
        members.map((member) => member.request('POST', '/api/borrowedBooks', { bookId, ...dates })),
      );
      expect(results.filter((result) => result.status === 201)).toHaveLength(4);
      expect(results.filter((result) => result.status === 409)).toHaveLength(8);
      expect((await librarian.request<Book>('GET', `/api/books/${bookId}`)).body.quantity).toBe(0);
      await expectCirculationInvariants(direct.db);

      const borrowers = members.filter((_, index) => results[index]?.status === 201);
      const returns = await Promise.all(
        borrowers.map(async (member, index) => {
          const viaOther = member.to(instance(index + 1).url);
          const [loan] = (await viaOther.request<Loan[]>('GET', '/api/borrowedBooks')).body;
          return viaOther.request('DELETE', `/api/borrowedBooks/${loan?._id}`);
        }),
      );
      expect(returns.every((result) => result.status === 200)).toBe(true);
      expect((await librarian.request<Book>('GET', `/api/books/${bookId}`)).body.quantity).toBe(4);
    });

    it('keeps one member to three loans when they borrow many books through both at once', async () => {
      const { first, second, direct } = pair;
      const librarian = await signUpOn(second);
      const member = await signUpOn(first);
      const bookIds = await Promise.all(Array.from({ length: 8 }, () => addBookOver(librarian, 1)));
      const results = await Promise.all(
        bookIds.map((bookId, index) =>
          member
            .to(instance(index).url)
            .request('POST', '/api/borrowedBooks', { bookId, ...dates }),
        ),
      );
      expect(results.filter((result) => result.status === 201)).toHaveLength(3);
      expect((await member.request<Loan[]>('GET', '/api/borrowedBooks')).body).toHaveLength(3);
      await expectCirculationInvariants(direct.db);
    });

    it('keeps the stock when the book is renamed through both while members borrow and return', async () => {
      const { first, direct } = pair;
      const librarian = await signUpOn(first);
      const bookId = await addBookOver(librarian, 1);
      const members = await Promise.all(
        Array.from({ length: 6 }, (_, index) => signUpOn(instance(index))),
      );
      // Each member borrows, then gives back, while renames that do not name the quantity race them.
      const circulate = async (member: HttpAgent) => {
        for (let round = 0; round < 3; round += 1) {
          const borrowed = await member.request<{ insertedId: string }>(
            'POST',
            '/api/borrowedBooks',
            {
              bookId,
              ...dates,
            },
          );
          if (borrowed.status === 201)
            await member.request('DELETE', `/api/borrowedBooks/${borrowed.body.insertedId}`);
        }
      };
      const rename = async (index: number) => {
        for (let round = 0; round < 3; round += 1) {
          const editor = librarian.to(instance(index + round).url);
          const response = await editor.request('PATCH', `/api/books/${bookId}`, {
            name: `Gitanjali, printing ${index}.${round}`,
            author: validBook.author,
          });
          expect(response.status).toBe(200);
        }
      };
      await Promise.all([
        ...members.map(circulate),
        ...Array.from({ length: 6 }, (_, index) => rename(index)),
      ]);
      const shelves = await readShelves(direct.db);
      expect(shelves.get(bookId)).toEqual({ quantity: 1, onLoan: 0, kept: 0 });
      await expectCirculationInvariants(direct.db);
    });

    it("keeps the lists without a book another instance lends, and shows that book's copies at once", async () => {
      const { first, second, direct } = pair;
      const librarian = await signUpOn(first);
      const stamp = Date.now();
      const addNamed = async (name: string, category: string) => {
        const response = await librarian.request<{ insertedId: string }>('POST', '/api/books', {
          ...validBook,
          name,
          category,
          quantity: 1,
        });
        expect(response.status).toBe(201);
        return response.body.insertedId;
      };
      // A server listens for notices from its first read of the catalogue on, and keeps nothing before.
      await Promise.all([first, second].map((server) => fetch(`${server.url}/api/books?limit=1`)));
      await expect.poll(listeners).toBe(2);
      const lent = await addNamed(`Kapalkundala ${stamp}`, 'Thriller');
      const untouched = await addNamed(`Durgeshnandini ${stamp}`, 'Drama');
      const reader = new HttpAgent(first.url, pair.publicOrigin);
      const namesOn = async (url: string) =>
        (await reader.request<Book[]>('GET', url)).body.map((book) => book.name);
      const quantitiesOn = async (url: string) =>
        (await reader.request<Book[]>('GET', url)).body.map((book) => book.quantity);
      const dramas = '/api/books?category=Drama&limit=1';
      const search = `/api/books?q=Kapalkundala ${stamp}`;
      const onShelf = `${search}&available=true`;
      // Both books' notices have reached the second instance (and the first, its own).
      await expect
        .poll(
          async () => (await librarian.to(second.url).request<Book[]>('GET', search)).body.length,
        )
        .toBe(1);
      expect(await namesOn(dramas)).toEqual([`Durgeshnandini ${stamp}`]);
      expect(await quantitiesOn(onShelf)).toEqual([1]);
      // Renamed behind every server's back: no trigger runs, so no server hears of it, and a list
      // the first instance kept still shows the old name.
      await direct.db.transaction().execute(async (tx) => {
        await sql`set local session_replication_role = replica`.execute(tx);
        await tx
          .updateTable('book')
          .set({ name: 'Renamed unheard' })
          .where('id', '=', untouched)
          .execute();
      });
      expect(await namesOn(dramas)).toEqual([`Durgeshnandini ${stamp}`]);

      const member = await signUpOn(second);
      const loan = await member.request('POST', '/api/borrowedBooks', { bookId: lent, ...dates });
      expect(loan.status).toBe(201);
      await expect.poll(() => quantitiesOn(search)).toEqual([0]);
      expect(await quantitiesOn(onShelf)).toEqual([]);
      expect(await namesOn(dramas)).toEqual([`Durgeshnandini ${stamp}`]);

      // An edit through the second instance empties every list the first one kept.
      const edited = await librarian.to(second.url).request('PATCH', `/api/books/${lent}`, {
        name: `Rajsingha ${stamp}`,
        author: validBook.author,
      });
      expect(edited.status).toBe(200);
      // The kept search by the old name shows the book until the first instance hears of the edit
      // (a search by the new name would not wait: it is new there, so read afresh at once).
      await expect.poll(() => namesOn(search)).toEqual([]);
      expect(await namesOn(dramas)).toEqual(['Renamed unheard']);
      expect(await namesOn(`/api/books?q=Rajsingha ${stamp}`)).toEqual([`Rajsingha ${stamp}`]);
    });

    it('leaves no hold of a deleted member when the account closes through one while a hold is placed through the other', async () => {
      const { first, second, direct } = pair;
      const lender = await signUpOn(first);
      const bookId = await addBookOver(lender, 1);
      const other = await addBookOver(lender, 1);
      // The one copy is out, so members may queue for it.
      const lent = await lender.request('POST', '/api/borrowedBooks', { bookId, ...dates });
      expect(lent.status).toBe(201);
      const member = await signUpOn(first);
      const session = await member.request<{ user: { id: string } }>(
        'GET',
        '/api/auth/get-session',
      );
      const userId = session.body.user.id;
      // The interleaving the review hit by chance, made certain: a row not yet committed takes the
      // member's first hold place, so the hold being placed waits after reading the member...
      const blocker = new pg.Client({ connectionString: pair.databaseUrl });
      await blocker.connect();
      await blocker.query('begin');
      await blocker.query(
        `insert into hold (id, "bookId", "userId", "userName", "userEmail", slot, status, "placedAt")
         values ('blocker', $1, $2, 'x', 'x', 1, 'waiting', $3)`,
        [other, userId, new Date().toISOString()],
      );
      const waiting = async () =>
        Number(
          (
            await sql<{ count: string }>`select count(*) as "count" from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`.execute(direct.db)
          ).rows[0]?.count,
        );
      // A loaded machine may take seconds to reach each wait; the blocker goes whatever happens,
      // or the servers' stop would wait on its lock.
      let closed: Promise<{ status: number }>;
      const held = member.to(second.url).request('POST', '/api/holds', { bookId });
      try {
        await expect.poll(waiting, { timeout: 15_000 }).toBe(1);
        // ...and the account closes meanwhile, through the other server.
        let closedYet = false;
        closed = member
          .request('DELETE', '/api/profile', { password: VALID_PASSWORD })
          .finally(() => (closedYet = true));
        await expect
          .poll(async () => closedYet || (await waiting()) === 2, { timeout: 15_000 })
          .toBe(true);
      } finally {
        await blocker.query('rollback');
        await blocker.end();
      }
      const [closing, holding] = await Promise.all([closed, held]);
      expect(closing.status).toBe(200);
      expect([201, 401]).toContain(holding.status);
      const orphans = await direct.db
        .selectFrom('hold')
        .leftJoin('user', 'user.id', 'hold.userId')
        .select('hold.id')
        .where('user.id', 'is', null)
        .execute();
      expect(orphans).toEqual([]);
      await expectCirculationInvariants(direct.db);
    });
  });
}
