/**
 * Sorting the catalogue by title, author and rating (GET /api/books?sort=), at 100,000 books.
 *
 * Titles and authors are sorted by keys of their own, `sortName` and `sortAuthor`: the text lower
 * case and without the accents of Latin letters, so that "Ángel" sorts among the a's and "the" with
 * "The", alike in both databases. PostgreSQL compares them by code point (`collate "C"`), as
 * SQLite does, so both give one order whatever the cluster's locale. The application writes the
 * keys with every book it adds or changes; this migration writes them for the books already there,
 * with the fold as it was when it was written (a copy, so that this history never changes).
 *
 * Each order has an index, and one behind the category for a category's lists, so a page is a
 * walk down an index rather than a sort of the catalogue.
 */
import { PostgresIntrospector, sql, type Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The fold of this migration's time: lower case, canonically decomposed, Latin accents dropped. */
const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

/** Books are rewritten this many at a time: one statement each, in one transaction. */
const BATCH = 500;

const INDEXES: [name: string, columns: string[]][] = [
  ['book_title', ['sortName', 'id']],
  ['book_category_title', ['category', 'sortName', 'id']],
  ['book_author', ['sortAuthor', 'sortName', 'id']],
  ['book_category_author', ['category', 'sortAuthor', 'sortName', 'id']],
  ['book_rating', ['rating desc', 'createdAt desc', 'id desc']],
  ['book_category_rating', ['category', 'rating desc', 'createdAt desc', 'id desc']],
];

async function writeSortKeys(db: AnyDb): Promise<void> {
  let after = '';
  for (;;) {
    const books: { id: string; name: string; author: string }[] = await db
      .selectFrom('book')
      .select(['id', 'name', 'author'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    const last = books.at(-1);
    if (!last) return;
    const keys = (key: (book: { name: string; author: string }) => string) =>
      sql`case "id" ${sql.join(
        books.map((book) => sql`when ${book.id} then ${key(book)}`),
        sql` `,
      )} end`;
    await sql`update "book" set
      "sortName" = ${keys((book) => fold(book.name))},
      "sortAuthor" = ${keys((book) => fold(book.author))}
      where "id" in (${sql.join(books.map((book) => book.id))})`.execute(db);
    after = last.id;
  }
}

export async function up(db: AnyDb): Promise<void> {
  const isPostgres = db.introspection instanceof PostgresIntrospector;
  const collation = isPostgres ? sql` collate "C"` : sql``;
  for (const column of ['sortName', 'sortAuthor']) {
    await sql`alter table "book" add column ${sql.id(column)} text${collation} not null default ''`.execute(
      db,
    );
  }
  // SQLite runs migrations outside a transaction; one transaction writes every key at once.
  if (db.isTransaction) await writeSortKeys(db);
  else await db.transaction().execute(writeSortKeys);
  for (const [name, columns] of INDEXES) {
    await db.schema.createIndex(name).on('book').columns(columns).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
  await db.schema.alterTable('book').dropColumn('sortAuthor').execute();
  await db.schema.alterTable('book').dropColumn('sortName').execute();
}
