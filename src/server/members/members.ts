/**
 * SQL for accounts as the library sees them: role and block (docs/product.md#librarians). The `user` table
 * is better-auth's; `role` and `blocked` are its additional fields (auth/auth.ts), written here
 * only by the desk and the librarian CLI.
 */
import { sql, type Kysely } from 'kysely';
import type { Role } from '../../common/constants.ts';
import type { DeskMember } from '../../common/types.ts';
import { dialectOf } from '../db/database.ts';
import { likePattern } from '../db/like-pattern.ts';
import { retryingTransaction } from '../db/retrying-transaction.ts';
import type { DB } from '../db/schema.ts';

/** SQLite has no boolean: better-auth stores one as 0 or 1 there. */
const storedBoolean = (db: Kysely<DB>, value: boolean) =>
  dialectOf(db) === 'sqlite' ? Number(value) : value;

const toRole = (value: unknown): Role => (value === 'librarian' ? 'librarian' : 'member');

/**
 * Whether the member may take books (`active`), is blocked from borrowing and holding, or has
 * deleted their account since the request began (`gone`). Read inside circulation's transactions,
 * with the member's row locked against deletion until the transaction ends (PostgreSQL: FOR
 * SHARE; SQLite has one writer), so a loan or hold is never stored for an account being deleted.
 */
export async function memberStanding(
  db: Kysely<DB>,
  userId: string,
): Promise<'active' | 'blocked' | 'gone'> {
  const query = db.selectFrom('user').select('blocked').where('id', '=', userId);
  const row = await (dialectOf(db) === 'postgres' ? query.forShare() : query).executeTakeFirst();
  if (!row) return 'gone';
  return row.blocked ? 'blocked' : 'active';
}

/**
 * Locks the member's row until the transaction ends (PostgreSQL: FOR UPDATE), so a borrow or hold
 * that read the member (memberStanding) has committed, or waits and then finds them gone.
 */
export async function lockMember(db: Kysely<DB>, userId: string) {
  const query = db.selectFrom('user').select(['id', 'email']).where('id', '=', userId);
  return (dialectOf(db) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * Whether `userId` is the library's only librarian. Every librarian's row is locked (in one
 * order, as changeMember locks them), so two last librarians leaving at once cannot both go.
 */
export async function isLastLibrarian(tx: Kysely<DB>, userId: string): Promise<boolean> {
  const query = tx.selectFrom('user').select('id').where('role', '=', 'librarian').orderBy('id');
  const librarians = await (dialectOf(tx) === 'postgres' ? query.forUpdate() : query).execute();
  return librarians.length === 1 && librarians[0]?.id === userId;
}

function membersMatching(db: Kysely<DB>, q: string | undefined) {
  let query = db.selectFrom('user');
  if (q) {
    const pattern = likePattern(q);
    query = query.where(
      sql<boolean>`(lower(${sql.ref('user.name')}) like ${pattern} escape '\\' or lower(${sql.ref('user.email')}) like ${pattern} escape '\\')`,
    );
  }
  return query;
}

/** One page of members matching `q` (in name or e-mail), by name, with their loans now. */
export async function listMembers(
  db: Kysely<DB>,
  options: { q?: string; id?: string; today: string; limit: number; offset: number },
): Promise<DeskMember[]> {
  let query = membersMatching(db, options.q).leftJoin('membership', 'membership.userId', 'user.id');
  if (options.id !== undefined) query = query.where('user.id', '=', options.id);
  const rows = await query
    .select((eb) => [
      'membership.expiresOn',
      eb
        .selectFrom('fineEntry')
        .select(
          sql<
            number | string | null
          >`sum(case when "kind" = 'overdue' or "kind" = 'lost' then "amount" else -"amount" end)`.as(
            'owed',
          ),
        )
        .whereRef('fineEntry.userId', '=', 'user.id')
        .as('owed'),
      'user.id',
      'user.name',
      'user.email',
      'user.role',
      'user.blocked',
      eb
        .selectFrom('loan')
        .select((inner) => inner.fn.countAll<number | string>().as('loans'))
        .whereRef('loan.userId', '=', 'user.id')
        .where('loan.returnedAt', 'is', null)
        .as('loans'),
      eb
        .selectFrom('loan')
        .select((inner) => inner.fn.countAll<number | string>().as('overdue'))
        .whereRef('loan.userId', '=', 'user.id')
        .where('loan.returnedAt', 'is', null)
        .where('loan.returnDate', '<', options.today)
        .as('overdue'),
    ])
    .orderBy('user.name')
    .orderBy('user.id')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    email: row.email,
    role: toRole(row.role),
    loans: Number(row.loans),
    overdue: Number(row.overdue),
    blocked: Boolean(row.blocked),
    // Written at sign-up; an account whose sign-up stopped before it gets it when next served.
    expiresOn: row.expiresOn ?? '',
    balance: Math.max(0, Number(row.owed ?? 0)),
  }));
}

export async function countMembers(db: Kysely<DB>, q: string | undefined): Promise<number> {
  const { count } = await membersMatching(db, q)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Why a desk change of a member was refused (docs/product/desk.md), or that it was made. */
export type MemberChangeOutcome = 'changed' | 'notFound' | 'selfChange' | 'lastLibrarian';

/**
 * Sets a member's role or block for the librarian `actorId`: never their own revoke or block
 * (`selfChange`), never the revoke of the last librarian (`lastLibrarian`). Every librarian's row
 * is locked first (PostgreSQL: FOR UPDATE, in one order; SQLite has one writer, and a loser that
 * read before another's commit is run again), so two librarians revoking each other at once
 * cannot both succeed.
 */
export async function changeMember(
  db: Kysely<DB>,
  actorId: string,
  userId: string,
  changes: { role?: Role; blocked?: boolean },
): Promise<MemberChangeOutcome> {
  if (userId === actorId && (changes.role === 'member' || changes.blocked === true))
    return 'selfChange';
  return retryingTransaction(db, (tx) => changeLocked(tx, userId, changes));
}

async function changeLocked(
  tx: Kysely<DB>,
  userId: string,
  changes: { role?: Role; blocked?: boolean },
): Promise<MemberChangeOutcome> {
  const librarians = tx
    .selectFrom('user')
    .select(['id'])
    .where('role', '=', 'librarian')
    .orderBy('id');
  const locked = await (
    dialectOf(tx) === 'postgres' ? librarians.forUpdate() : librarians
  ).execute();
  const target = await tx
    .selectFrom('user')
    .select(['id', 'role'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!target) return 'notFound';
  const revoking = changes.role === 'member' && toRole(target.role) === 'librarian';
  if (revoking && locked.length <= 1) return 'lastLibrarian';
  if (changes.role === undefined && changes.blocked === undefined) return 'changed';
  await tx
    .updateTable('user')
    .set({
      ...(changes.role === undefined ? {} : { role: changes.role }),
      ...(changes.blocked === undefined ? {} : { blocked: storedBoolean(tx, changes.blocked) }),
    })
    .where('id', '=', userId)
    .execute();
  return 'changed';
}

/** Sets the role of the account with this e-mail (any case); answers false when there is none. */
export async function setRoleByEmail(db: Kysely<DB>, email: string, role: Role): Promise<boolean> {
  const result = await db
    .updateTable('user')
    .set({ role })
    .where(sql<boolean>`lower(${sql.ref('email')}) = ${email.trim().toLowerCase()}`)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Closing the member's account (profile/account-closing.ts): their library card goes (its number
 * stays taken in the barcode registry, never given again), and the count of their bookings and
 * registrations.
 */
export async function forgetMember(tx: Kysely<DB>, memberId: string): Promise<void> {
  await tx.deleteFrom('libraryCard').where('userId', '=', memberId).execute();
  await tx.deleteFrom('appointmentChange').where('userId', '=', memberId).execute();
}
