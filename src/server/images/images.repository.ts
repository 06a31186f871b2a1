/** SQL for stored images. Functions take the database or a transaction. */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { EncodedImage } from './image-encoding.ts';

/** 128 bits of the SHA-256 of the stored bytes, in hex: the image's name and its ETag. */
const imageIdOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

export const IMAGE_ID_PATTERN = /^[0-9a-f]{32}$/;

/** Stores the image unless the same bytes are stored already; answers its id either way. */
export async function storeImage(
  db: Kysely<DB>,
  image: EncodedImage,
  uploadedBy: string | null,
  now: Date,
): Promise<string> {
  const id = imageIdOf(image.bytes);
  const createdAt = now.toISOString();
  await db
    .insertInto('image')
    .values({
      id,
      bytes: image.bytes,
      width: image.width,
      height: image.height,
      uploadedBy,
      createdAt,
    })
    // The same bytes again are an upload of now: the sweep gives them their day from now on, or
    // it could erase an old unnamed copy between this upload and the form that names it.
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ createdAt }))
    .execute();
  return id;
}

export async function findImageBytes(db: Kysely<DB>, id: string): Promise<Buffer | null> {
  const row = await db.selectFrom('image').select('bytes').where('id', '=', id).executeTakeFirst();
  return row ? Buffer.from(row.bytes) : null;
}

/** The path a stored image is served at, in SQL, to find the books and members that show it. */
const servedPath = sql<string>`'/images/' || ${sql.ref('image.id')} || '.webp'`;

/** How many images `memberId` stored first since `since` (an ISO time), and in all. */
export async function countImagesBy(
  db: Kysely<DB>,
  memberId: string,
  since: string,
): Promise<{ recent: number; total: number }> {
  const row = await db
    .selectFrom('image')
    .select((eb) => [
      eb.fn.countAll().as('total'),
      eb.fn.sum(eb.case().when('createdAt', '>', since).then(1).else(0).end()).as('recent'),
    ])
    .where('uploadedBy', '=', memberId)
    .executeTakeFirstOrThrow();
  return { recent: Number(row.recent ?? 0), total: Number(row.total) };
}

/**
 * Deletes the images `memberId` stored that no book and no other member shows: a closed
 * account's photo is no longer served (issue 30). A cover they gave a book stays with the book.
 */
export async function eraseImagesOf(db: Kysely<DB>, memberId: string): Promise<void> {
  await db
    .deleteFrom('image')
    .where('uploadedBy', '=', memberId)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('book').select('book.id').where('book.image', '=', servedPath)),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('user')
            .select('user.id')
            .where('user.image', '=', servedPath)
            .where('user.id', '!=', memberId),
        ),
      ),
    )
    .execute();
}

/**
 * Every column that can name a stored image, by the path it is served at. A new one must be added
 * here, or the sweep would erase what it shows: tests/api/image-sweep.test.ts reads the
 * database's own columns named like an image and fails on one missing. Rooms, events and e-books
 * name none (an e-book's cover is inside its EPUB).
 */
export const IMAGE_COLUMNS = [
  ['book', 'image'],
  ['withdrawnBook', 'image'],
  ['user', 'image'],
] as const;

/**
 * Deletes at most `limit` images stored before `before` (an ISO time) that no column names: an
 * upload whose form was never sent, a cover replaced. Answers how many went.
 */
export async function eraseUnnamedImages(
  db: Kysely<DB>,
  before: string,
  limit: number,
): Promise<number> {
  const unnamed = db
    .selectFrom('image')
    .select('image.id')
    .where('image.createdAt', '<', before)
    .where((eb) =>
      eb.and(
        IMAGE_COLUMNS.map(([table, column]) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom(table)
                .select(sql.lit(1).as('named'))
                .where(sql.ref(`${table}.${column}`), '=', servedPath),
            ),
          ),
        ),
      ),
    )
    .limit(limit);
  const erased = await db.deleteFrom('image').where('id', 'in', unnamed).executeTakeFirst();
  return Number(erased.numDeletedRows);
}
