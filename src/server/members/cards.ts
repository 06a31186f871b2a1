/**
 * SQL for library cards (docs/decisions/012-copies-cards-desk.md): one card number per account,
 * claimed in the barcode registry, so it is unique across cards and copies and never given again.
 */
import type { Kysely } from 'kysely';
import { newBarcodes } from '../copies/copies.ts';
import type { DB } from '../db/schema.ts';
import type { LibraryClock } from '../core/clock.ts';
import type { Member } from '../core/member.ts';

/**
 * The account's card number, issued now if it has none (an account made by sign-up gets one in
 * better-auth's hook; this covers any made another way). Two requests issuing at once: the card's
 * unique `userId` keeps one, and the other reads it.
 */
export async function cardNumberOf(
  db: Kysely<DB>,
  clock: LibraryClock,
  userId: string,
): Promise<string> {
  const found = await db
    .selectFrom('libraryCard')
    .select('cardNumber')
    .where('userId', '=', userId)
    .executeTakeFirst();
  if (found) return found.cardNumber;
  await db.transaction().execute(async (tx) => {
    const [cardNumber] = await newBarcodes(tx, 'card', 1);
    await tx
      .insertInto('libraryCard')
      .values({ cardNumber: cardNumber as string, userId, issuedAt: clock.now().toISOString() })
      .onConflict((conflict) => conflict.column('userId').doNothing())
      .execute();
  });
  return cardNumberOf(db, clock, userId);
}

/** The member a card belongs to, if the card and the account exist. */
export async function memberByCard(
  db: Kysely<DB>,
  cardNumber: string,
): Promise<(Member & { blocked: boolean; cardNumber: string }) | undefined> {
  const row = await db
    .selectFrom('libraryCard')
    .innerJoin('user', 'user.id', 'libraryCard.userId')
    .select([
      'user.id',
      'user.name',
      'user.email',
      'user.emailVerified',
      'user.blocked',
      'libraryCard.cardNumber',
    ])
    .where('libraryCard.cardNumber', '=', cardNumber)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      name: row.name,
      email: row.email,
      emailVerified: Boolean(row.emailVerified),
      blocked: Boolean(row.blocked),
      cardNumber: row.cardNumber,
    }
  );
}
