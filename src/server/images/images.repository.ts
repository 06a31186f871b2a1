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
  await db
    .insertInto('image')
    .values({
      id,
      bytes: image.bytes,
      width: image.width,
      height: image.height,
      uploadedBy,
      createdAt: now.toISOString(),
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
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
