/**
 * SQL for members' mobile numbers and the codes that confirm them (docs/product.md#sms): the
 * `memberPhone` and `phoneCode` tables of migration 0180.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** The member's number and when it was confirmed, if they have one. */
export async function phoneOf(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('memberPhone')
    .select(['phone', 'verifiedAt'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** Keeps `phone` as the member's number, not confirmed yet (replacing the one they had). */
export async function keepUnconfirmedPhone(
  db: Kysely<DB>,
  userId: string,
  phone: string,
): Promise<void> {
  await db
    .insertInto('memberPhone')
    .values({ userId, phone, verifiedAt: null })
    .onConflict((conflict) => conflict.column('userId').doUpdateSet({ phone, verifiedAt: null }))
    .execute();
}

export async function confirmPhone(db: Kysely<DB>, userId: string, at: string): Promise<void> {
  await db
    .updateTable('memberPhone')
    .set({ verifiedAt: at })
    .where('userId', '=', userId)
    .execute();
}

/** How many codes were sent to the member since `since` (the hourly limit). */
export async function codesSince(db: Kysely<DB>, userId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('phoneCode')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('userId', '=', userId)
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Voids the member's codes still waiting: only the newest code works. */
export async function voidPendingCodes(db: Kysely<DB>, userId: string): Promise<void> {
  await db
    .updateTable('phoneCode')
    .set({ status: 'void' })
    .where('userId', '=', userId)
    .where('status', '=', 'pending')
    .execute();
}

export async function insertCode(
  db: Kysely<DB>,
  code: {
    id: string;
    userId: string;
    phone: string;
    codeHash: string;
    createdAt: string;
    expiresAt: string;
  },
): Promise<void> {
  await db.insertInto('phoneCode').values(code).execute();
}

/** The member's code still waiting, if any. */
export async function pendingCodeOf(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('phoneCode')
    .select(['id', 'phone', 'codeHash', 'expiresAt', 'tries'])
    .where('userId', '=', userId)
    .where('status', '=', 'pending')
    .orderBy('createdAt', 'desc')
    .executeTakeFirst();
}

/** A wrong try: counted, and the code voided at the last one allowed. */
export async function countWrongTry(
  db: Kysely<DB>,
  id: string,
  tries: number,
  triesMax: number,
): Promise<void> {
  await db
    .updateTable('phoneCode')
    .set({ tries, ...(tries >= triesMax ? { status: 'void' as const } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function markCodeUsed(db: Kysely<DB>, id: string): Promise<void> {
  await db.updateTable('phoneCode').set({ status: 'used' }).where('id', '=', id).execute();
}

/**
 * Forgets the member's number. Their codes of the last hour stay (voided) while the hourly limit
 * reads them, so removing a number is no way round it.
 */
export async function deletePhone(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom('memberPhone').where('userId', '=', userId).execute();
  await voidPendingCodes(db, userId);
}

/** Forgets the member's codes settled before `before`: no limit reads them any more. */
export async function deleteOldCodes(
  db: Kysely<DB>,
  userId: string,
  before: string,
): Promise<void> {
  await db
    .deleteFrom('phoneCode')
    .where('userId', '=', userId)
    .where('createdAt', '<=', before)
    .where('status', '!=', 'pending')
    .execute();
}

/** Forgets everything of the member's number (their account is closed). */
export async function deleteAllOfPhone(db: Kysely<DB>, userId: string): Promise<void> {
  await db.deleteFrom('memberPhone').where('userId', '=', userId).execute();
  await db.deleteFrom('phoneCode').where('userId', '=', userId).execute();
}
