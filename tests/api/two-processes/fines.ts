/**
 * The ledger's guarantees through the two shared server processes
 * (docs/product/fines-and-membership.md): a late loan returned by its member on one and checked in
 * at the desk on the other at the same moment is charged once; two payments racing for one
 * balance are not both taken.
 */
import { describe, expect, it } from 'vitest';
import { addDays, dayIn } from '../../../src/common/calendar.ts';
import { CIRCULATION_DEFAULTS } from '../../../src/common/constants.ts';
import type { Fines } from '../../../src/common/types.ts';
import { loanDates, validBook } from '../../support/agent.ts';
import type { TwoProcesses } from './context.ts';

export function finesRaces(pair: TwoProcesses): void {
  describe('fines', () => {
    /** A member of `first` with a loan ten days late: its dates moved back, as if borrowed 24 days ago. */
    async function lateLoan() {
      const member = await pair.signUpOn(pair.first);
      const book = await pair.librarian.request<{ insertedId: string }>(
        'POST',
        '/api/books',
        validBook,
      );
      const loan = await member.request<{ insertedId: string }>('POST', '/api/borrowedBooks', {
        bookId: book.body.insertedId,
        ...loanDates(),
      });
      const today = dayIn(CIRCULATION_DEFAULTS.libraryTimezone, new Date());
      await pair.direct.db
        .updateTable('loan')
        .set({ borrowedDate: addDays(today, -24), returnDate: addDays(today, -10) })
        .where('id', '=', loan.body.insertedId)
        .execute();
      const session = await member.request<{ user: { id: string } }>(
        'GET',
        '/api/auth/get-session',
      );
      return { member, memberId: session.body.user.id, loanId: loan.body.insertedId };
    }

    it('charges a loan returned by its member and checked in at the desk at once, once', async () => {
      const { librarian, second, direct } = pair;
      for (let round = 0; round < 3; round += 1) {
        const { member, loanId } = await lateLoan();
        const results = await Promise.all([
          member.request('DELETE', `/api/borrowedBooks/${loanId}`),
          librarian.to(second.url).request('POST', `/api/desk/loans/${loanId}/return`),
        ]);
        expect(results.map((result) => result.status).sort()).toEqual([200, 404]);
        const charges = await direct.db
          .selectFrom('fineEntry')
          .select(['kind', 'amount'])
          .where('loanId', '=', loanId)
          .execute();
        expect(charges).toEqual([{ kind: 'overdue', amount: 20 }]);
        expect((await member.request<Fines>('GET', '/api/fines')).body.balance).toBe(20);
      }
    });

    it('takes one of two payments of 15 racing for a balance of 20', async () => {
      const { librarian, second } = pair;
      const { member, memberId, loanId } = await lateLoan();
      await member.request('DELETE', `/api/borrowedBooks/${loanId}`);
      const path = `/api/desk/members/${memberId}/payments`;
      const results = await Promise.all([
        librarian.request('POST', path, { amount: 15 }),
        librarian.to(second.url).request('POST', path, { amount: 15 }),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual([201, 400]);
      expect((await member.request<Fines>('GET', '/api/fines')).body.balance).toBe(5);
    });
  });
}
