/**
 * The digital library's invariant through the two shared server processes
 * (docs/product/digital-library.md): ten members borrow a title's last digital copy at once
 * through both. Exactly one e-loan is made; the others may join the waiting list, each in a place
 * of its own; a lent title never has more current e-loans plus kept copies than copies.
 */
import { describe, expect, it } from 'vitest';
import { insertBook } from '../../../src/server/books/book-rows.ts';
import { storeEbookFile, writeEbookStock } from '../../../src/server/ebooks/ebook-files.ts';
import { writeEpub } from '../../../src/server/ebooks/epub-writer.ts';
import { validBook } from '../../support/agent.ts';
import type { TwoProcesses } from './context.ts';

export function ebooksRaces(pair: TwoProcesses): void {
  describe('e-loans', () => {
    /** Current e-loans and kept copies of the title, read from the rows themselves. */
    const taken = async (bookId: string) => {
      const loans = await pair.direct.db
        .selectFrom('ebookLoan')
        .select('id')
        .where('bookId', '=', bookId)
        .where('endedAt', 'is', null)
        .execute();
      const kept = await pair.direct.db
        .selectFrom('ebookWait')
        .select('id')
        .where('bookId', '=', bookId)
        .where('status', '=', 'ready')
        .execute();
      return loans.length + kept.length;
    };

    it('makes exactly one e-loan of the last copy, and queues the rest in places of their own', async () => {
      const bookId = await insertBook(
        pair.direct.db,
        { ...validBook, category: 'Novel', quantity: 1 },
        new Date(),
      );
      const bytes = Buffer.from(
        writeEpub({
          identifier: 'urn:uuid:race',
          title: 'The Race',
          author: 'Tester',
          language: 'en',
          chapters: [{ title: 'One', paragraphs: ['A race for one copy.'] }],
        }),
      );
      await storeEbookFile(pair.direct.db, {
        bookId,
        bytes,
        uploadedBy: null,
        uploadedAt: new Date().toISOString(),
      });
      await writeEbookStock(pair.direct.db, bookId, {
        access: 'lend',
        copies: 1,
        available: 1,
        waiting: 0,
      });

      const members = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          pair.signUpOn(index % 2 ? pair.second : pair.first),
        ),
      );
      const borrows = await Promise.all(
        members.map((member) => member.request('POST', `/api/ebooks/${bookId}/loans`)),
      );
      expect(borrows.filter((answer) => answer.status === 201)).toHaveLength(1);
      expect(
        borrows.filter(
          (answer) =>
            answer.status === 409 &&
            (answer.body as { code: string }).code === 'EBOOK_NOT_AVAILABLE',
        ),
      ).toHaveLength(9);
      expect(await taken(bookId)).toBe(1);

      const refused = members.filter((_, index) => borrows[index]?.status !== 201);
      const joined = await Promise.all(
        refused.map((member) =>
          member.request<{ position: number }>('POST', `/api/ebooks/${bookId}/waitlist`),
        ),
      );
      expect(joined.map((answer) => answer.status)).toEqual(refused.map(() => 201));
      expect(joined.map((answer) => answer.body.position).sort((a, b) => a - b)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9,
      ]);
      const book = await pair.direct.db
        .selectFrom('book')
        .select(['ebookAvailable', 'ebookWaiting'])
        .where('id', '=', bookId)
        .executeTakeFirstOrThrow();
      expect(book).toEqual({ ebookAvailable: 0, ebookWaiting: 9 });
      expect(await taken(bookId)).toBe(1);
    });
  });
}
