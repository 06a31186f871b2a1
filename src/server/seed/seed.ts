/** Fills an empty catalogue with the demo books, once, even when several servers start together. */
import type { Kysely } from 'kysely';
import type { LibraryClock } from '../core/clock.ts';
import type { DB } from '../db/schema.ts';
import { insertBook } from '../books/book-rows.ts';
import { demoCatalogue } from './demo-books.ts';
import { demoEbooks } from './demo-ebooks.ts';
import { seedDemoEbooks } from './seed-ebooks.ts';

const SEED_MARK = 'demo-catalogue-seeded';

export async function seedDemoCatalogue(db: Kysely<DB>, clock: LibraryClock): Promise<number> {
  return db.transaction().execute(async (tx) => {
    // The first server to write this mark seeds; any other waits for its commit, then sees the mark.
    const marked = await tx
      .insertInto('appMeta')
      .values({ key: SEED_MARK, value: clock.now().toISOString() })
      .onConflict((conflict) => conflict.column('key').doNothing())
      .executeTakeFirst();
    const books = await tx.selectFrom('book').select('id').limit(1).execute();
    if (!marked.numInsertedOrUpdatedRows || books.length > 0) return 0;
    // The first book of the list is the newest, so it leads the newest-first catalogue.
    const start = clock.now().getTime() - demoCatalogue.length * 1000;
    for (const [index, book] of demoCatalogue.entries()) {
      await insertBook(tx, book, new Date(start + (demoCatalogue.length - index) * 1000));
    }
    await seedDemoEbooks(tx, start);
    return demoCatalogue.length + demoEbooks.length;
  });
}
