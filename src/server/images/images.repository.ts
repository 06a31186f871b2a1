/** SQL for stored images. Functions take the database or a transaction. */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
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
  now = new Date(),
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
