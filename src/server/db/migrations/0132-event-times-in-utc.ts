/**
 * Events' times in UTC (issue 33): they were stored as typed, so `2026-11-27T19:00:00+14:00`
 * compared as text with instants in UTC and an ended event stayed "upcoming". Every instant is
 * now stored as `toISOString()` writes it; this rewrites the events stored before.
 * Frozen history: literals only.
 */
import type { Kysely } from 'kysely';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const events: { id: string; startsAt: string; endsAt: string }[] = await db
    .selectFrom('libraryEvent')
    .select(['id', 'startsAt', 'endsAt'])
    .execute();
  for (const event of events) {
    const startsAt = new Date(event.startsAt).toISOString();
    const endsAt = new Date(event.endsAt).toISOString();
    if (startsAt === event.startsAt && endsAt === event.endsAt) continue;
    await db
      .updateTable('libraryEvent')
      .set({ startsAt, endsAt })
      .where('id', '=', event.id)
      .execute();
  }
}

export async function down(): Promise<void> {
  // The times as typed are not kept; UTC means the same instants.
}
