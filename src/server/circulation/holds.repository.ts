/** SQL for holds: members queueing for a book, oldest first, and the copies kept for them. */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Category } from '../../common/constants.ts';
import type { DeskHold, Hold } from '../../common/types.ts';
import type { DB } from '../db/schema.ts';
import type { Member } from '../core/member.ts';

/** The member's holds as far as the rules need them. */
export async function memberHolds(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('hold')
    .select(['id', 'bookId', 'slot', 'status', 'copyId', 'readyUntil'])
    .where('userId', '=', userId)
    .execute();
}

export async function findMemberHold(db: Kysely<DB>, userId: string, holdId: string) {
  return db
    .selectFrom('hold')
    .select(['id', 'bookId', 'status', 'copyId'])
    .where('id', '=', holdId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** Any member's hold (the desk), with whose it is. */
export async function findHold(db: Kysely<DB>, holdId: string) {
  return db
    .selectFrom('hold')
    .select(['id', 'bookId', 'status', 'copyId', 'userId', 'userName', 'userEmail'])
    .where('id', '=', holdId)
    .executeTakeFirst();
}

/** The ready hold a copy is kept for, with its member's card. */
export async function holdKeeping(db: Kysely<DB>, copyId: string) {
  return db
    .selectFrom('hold')
    .leftJoin('libraryCard', 'libraryCard.userId', 'hold.userId')
    .select([
      'hold.id',
      'hold.userId',
      'hold.userName',
      'hold.readyUntil',
      'libraryCard.cardNumber',
    ])
    .where('hold.copyId', '=', copyId)
    .where('hold.status', '=', 'ready')
    .executeTakeFirst();
}

export async function insertHold(
  db: Kysely<DB>,
  hold: { bookId: string; member: Member; slot: number; placedAt: string },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('hold')
    .values({
      id,
      bookId: hold.bookId,
      userId: hold.member.id,
      userName: hold.member.name,
      userEmail: hold.member.email,
      slot: hold.slot,
      status: 'waiting',
      placedAt: hold.placedAt,
      readyUntil: null,
    })
    .execute();
  return id;
}

export async function deleteHold(db: Kysely<DB>, holdId: string): Promise<boolean> {
  const result = await db.deleteFrom('hold').where('id', '=', holdId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Names the copy kept for each hold the queue just served. */
export async function keepCopiesFor(
  db: Kysely<DB>,
  served: { id: string; copyId: string | null }[],
): Promise<void> {
  for (const hold of served) {
    await db.updateTable('hold').set({ copyId: hold.copyId }).where('id', '=', hold.id).execute();
  }
}

/** Holds with their books and queue places: one member's, or everybody's (the desk). */
async function holdListing(db: Kysely<DB>, userId: string | undefined): Promise<DeskHold[]> {
  let query = db
    .selectFrom('hold as mine')
    .innerJoin('book', 'book.id', 'mine.bookId')
    .select((eb) => [
      'mine.id',
      'mine.bookId',
      'mine.status',
      'mine.readyUntil',
      'mine.userName',
      'mine.userEmail',
      'book.name',
      'book.author',
      'book.category',
      'book.image',
      eb
        .selectFrom('hold as ahead')
        .select((inner) => inner.fn.countAll<number | string>().as('ahead'))
        .whereRef('ahead.bookId', '=', 'mine.bookId')
        .where('ahead.status', '=', 'waiting')
        .where(
          sql<boolean>`(${sql.ref('ahead.placedAt')}, ${sql.ref('ahead.id')}) <= (${sql.ref('mine.placedAt')}, ${sql.ref('mine.id')})`,
        )
        .as('position'),
    ]);
  if (userId !== undefined) query = query.where('mine.userId', '=', userId);
  const rows = await query.orderBy('mine.placedAt', 'desc').orderBy('mine.id', 'desc').execute();
  return rows.map((row) => ({
    _id: row.id,
    bookId: row.bookId,
    status: row.status,
    position: row.status === 'waiting' ? Number(row.position) : null,
    readyUntil: row.readyUntil,
    userName: row.userName,
    userEmail: row.userEmail,
    bookDetails: {
      _id: row.bookId,
      name: row.name,
      title: row.name,
      author: row.author,
      category: row.category as Category,
      image: row.image,
    },
  }));
}

/** The member's holds with their books; a waiting hold's position counts the holds placed before it. */
export async function listMemberHolds(db: Kysely<DB>, userId: string): Promise<Hold[]> {
  const holds = await holdListing(db, userId);
  return holds.map((hold) => ({
    _id: hold._id,
    bookId: hold.bookId,
    status: hold.status,
    position: hold.position,
    readyUntil: hold.readyUntil,
    bookDetails: hold.bookDetails,
  }));
}

/** Every member's holds, newest first, with whose they are. */
export async function listAllHolds(db: Kysely<DB>): Promise<DeskHold[]> {
  return holdListing(db, undefined);
}
