/**
 * SQL for a member's account as a whole (docs/product.md#accounts): what the data download reads and what
 * deleting the account removes. The tables are better-auth's (`user`, `session`, `account`,
 * `verification`) and the app's own that name the member.
 */
import type { Kysely } from 'kysely';
import type { MemberDataExport } from '../../common/types.ts';
import type { DB } from '../db/schema.ts';

const isoOf = (value: string | Date) => (value instanceof Date ? value.toISOString() : value);

/** The hash of the member's password, or null for an account with none (Google only). */
export async function passwordHashOf(db: Kysely<DB>, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('account')
    .select('password')
    .where('userId', '=', userId)
    .where('providerId', '=', 'credential')
    .executeTakeFirst();
  return row?.password ?? null;
}

/** The member's own record, as the download shows it. */
export async function memberProfile(
  db: Kysely<DB>,
  userId: string,
): Promise<MemberDataExport['profile'] | undefined> {
  const row = await db
    .selectFrom('user')
    .select(['id', 'name', 'email', 'emailVerified', 'image', 'role', 'createdAt'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return (
    row && {
      _id: row.id,
      name: row.name,
      email: row.email,
      emailVerified: Boolean(row.emailVerified),
      image: row.image,
      role: row.role,
      createdAt: isoOf(row.createdAt),
    }
  );
}

/**
 * Removes the account itself, inside the caller's transaction, once every module has let go of
 * what it keeps of the member (account-closing.ts): sessions (every device is signed out),
 * sign-in methods and password hash, reset tokens, counted sign-in attempts, and the user row.
 */
export async function eraseMember(
  tx: Kysely<DB>,
  member: { id: string; email: string },
): Promise<void> {
  await tx.deleteFrom('session').where('userId', '=', member.id).execute();
  await tx.deleteFrom('account').where('userId', '=', member.id).execute();
  await tx.deleteFrom('verification').where('value', '=', member.id).execute();
  await tx.deleteFrom('signInAttempt').where('account', '=', member.email.toLowerCase()).execute();
  await tx.deleteFrom('user').where('id', '=', member.id).execute();
}
