/**
 * Lending at the desk through the two shared server processes (docs/product/desk.md): a copy is
 * lent once however many desks scan it at once, a member's online borrow and the desk race fairly
 * for the last copy, a copy kept for one member goes to nobody else, and afterwards every book's
 * quantity is its available copies.
 */
import { describe, expect, it } from 'vitest';
import type { Copy, LibraryCard } from '../../../src/common/copies.ts';
import { loanDates, validBook } from '../../support/agent.ts';
import type { HttpAgent } from '../../support/http-agent.ts';
import { expectCirculationInvariants } from '../../support/invariants.ts';
import type { ServerProcess } from '../../support/server-process.ts';
import type { TwoProcesses } from './context.ts';

const ROUNDS = 4;

/** The same librarian's session on each instance. */
const desksOf = (pair: TwoProcesses): [HttpAgent, HttpAgent] => [
  pair.librarian,
  pair.librarian.to(pair.second.url),
];

export function deskRaces(pair: TwoProcesses): void {
  describe('lending at the desk', () => {
    const member = async (server: ServerProcess) => {
      const agent = await pair.signUpOn(server);
      const card = await agent.request<LibraryCard>('GET', '/api/card');
      return { agent, cardNumber: card.body.cardNumber };
    };
    const bookWith = async (quantity: number) => {
      const added = await pair.librarian.request<{ insertedId: string }>('POST', '/api/books', {
        ...validBook,
        quantity,
      });
      const copies = await pair.librarian.request<Copy[]>(
        'GET',
        `/api/books/${added.body.insertedId}/copies`,
      );
      return { bookId: added.body.insertedId, barcodes: copies.body.map((copy) => copy.barcode) };
    };
    const checkout = (desk: HttpAgent, cardNumber: string, barcode: string) =>
      desk.request<{ code?: string }>('POST', '/api/desk/checkout', { cardNumber, barcode });

    it('lends a copy scanned for two members at once, through both instances, to one of them', async () => {
      const { first, second, direct } = pair;
      const desks = desksOf(pair);
      const rounds = await Promise.all(
        Array.from({ length: ROUNDS }, async () => {
          const { barcodes } = await bookWith(2);
          const readers = await Promise.all([member(first), member(second)]);
          const code = barcodes[0] as string;
          return Promise.all(
            readers.map((reader, index) =>
              checkout(desks[index % 2] as HttpAgent, reader.cardNumber, code),
            ),
          );
        }),
      );
      for (const results of rounds) {
        expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
        expect(results.find((result) => result.status === 409)?.body.code).toBe(
          'COPY_NOT_AVAILABLE',
        );
      }
      await expectCirculationInvariants(direct.db);
    });

    it("lends the last copy once when a member's online borrow races the desk's checkout", async () => {
      const { first, second, direct } = pair;
      const desks = desksOf(pair);
      const rounds = await Promise.all(
        Array.from({ length: ROUNDS }, async (_, round) => {
          const { bookId, barcodes } = await bookWith(1);
          const [online, atDesk] = await Promise.all([member(first), member(second)]);
          const desk = desks[round % 2] as HttpAgent;
          return Promise.all([
            online.agent
              .to(round % 2 === 0 ? second.url : first.url)
              .request<{ code?: string }>('POST', '/api/borrowedBooks', { bookId, ...loanDates() }),
            checkout(desk, atDesk.cardNumber, barcodes[0] as string),
          ]);
        }),
      );
      for (const results of rounds) {
        expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
        expect(['NOT_AVAILABLE', 'COPY_NOT_AVAILABLE']).toContain(
          results.find((result) => result.status === 409)?.body.code,
        );
      }
      await expectCirculationInvariants(direct.db);
    });

    it('gives a copy kept for one member to that member only, whoever scans it at once', async () => {
      const { first, second, direct } = pair;
      const desks = desksOf(pair);
      const rounds = await Promise.all(
        Array.from({ length: ROUNDS }, async () => {
          const { bookId, barcodes } = await bookWith(1);
          const code = barcodes[0] as string;
          const [borrower, waiting, stranger] = await Promise.all([
            member(first),
            member(second),
            member(first),
          ]);
          expect((await checkout(desks[0], borrower.cardNumber, code)).status).toBe(201);
          expect((await waiting.agent.request('POST', '/api/holds', { bookId })).status).toBe(201);
          const back = await desks[1].request<{ hold: { cardNumber: string } | null }>(
            'POST',
            '/api/desk/checkin',
            { barcode: code },
          );
          expect(back.body.hold?.cardNumber).toBe(waiting.cardNumber);
          const scannedForStranger = await checkout(desks[0], stranger.cardNumber, code);
          expect(scannedForStranger.body.code).toBe('COPY_HELD');
          return Promise.all([
            checkout(desks[0], stranger.cardNumber, code),
            checkout(desks[1], waiting.cardNumber, code),
            stranger.agent
              .to(second.url)
              .request<{ code?: string }>('POST', '/api/borrowedBooks', { bookId, ...loanDates() }),
          ]);
        }),
      );
      for (const [stranger, waiting, online] of rounds) {
        // Kept for the waiting member, or already lent to them.
        expect(['COPY_HELD', 'COPY_NOT_AVAILABLE']).toContain(stranger?.body.code);
        expect(waiting?.status).toBe(201);
        expect(online?.status).toBe(409);
      }
      await expectCirculationInvariants(direct.db);
    });
  });
}
