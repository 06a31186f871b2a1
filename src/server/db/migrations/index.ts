import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DB } from '../schema.ts';
import * as catalogueAndLoans from './0001-catalogue-and-loans.ts';
import * as searchIndexAndCategoryStats from './0002-search-index-and-category-stats.ts';
import * as catalogueChangeNotice from './0003-catalogue-change-notice.ts';
import * as narrowPostgresSearch from './0004-narrow-postgres-search.ts';
import * as sqliteSearchKeysByAge from './0005-sqlite-search-keys-by-age.ts';
import * as circulation from './0006-circulation.ts';
import * as signInAttempts from './0010-sign-in-attempts.ts';
import * as sortKeys from './0020-sort-keys.ts';
import * as withdrawnBooks from './0030-withdrawn-books.ts';
import * as bookRecords from './0040-book-records.ts';
import * as notices from './0050-notices.ts';
import * as images from './0060-images.ts';
import * as catalogueChangesByBook from './0070-catalogue-changes-by-book.ts';
import * as copiesOnlyChanges from './0080-copies-only-changes.ts';
import * as copiesAndCards from './0090-copies-and-cards.ts';
import * as roomsAndEvents from './0110-rooms-and-events.ts';
import * as ebooks from './0120-ebooks.ts';
import * as marcRecords from './0160-marc-records.ts';
import * as finesAndMembership from './0100-fines-and-membership.ts';
import * as oneMailPath from './0130-one-mail-path.ts';
import * as appointmentChanges from './0131-appointment-changes.ts';
import * as eventTimesInUtc from './0132-event-times-in-utc.ts';
import * as wordIndex from './0140-word-index.ts';
import * as libraryCategories from './0141-library-categories.ts';
import * as phonesAndSms from './0180-phones-and-sms.ts';
import * as imageReferences from './0190-image-references.ts';
import * as replacementCost from './0191-replacement-cost.ts';
import * as roomSeats from './0192-room-seats.ts';
import * as receipts from './0197-receipts.ts';
import * as tierWords from './0198-tier-words.ts';
import * as searchLexemes from './0199-search-lexemes.ts';
import * as longerBeginnings from './0200-longer-beginnings.ts';
import * as wordSample from './0201-word-sample.ts';
import * as smallWordSample from './0202-small-word-sample.ts';
import * as wordIndexBeginnings from './0203-word-index-beginnings.ts';
import * as titleWordIndex from './0204-title-word-index.ts';

/** Listed in code rather than read from disk, so the migrations ship with the server whatever runs it. */
export const migrations: Record<string, Migration> = {
  '0001-catalogue-and-loans': catalogueAndLoans,
  '0002-search-index-and-category-stats': searchIndexAndCategoryStats,
  '0003-catalogue-change-notice': catalogueChangeNotice,
  '0004-narrow-postgres-search': narrowPostgresSearch,
  '0005-sqlite-search-keys-by-age': sqliteSearchKeysByAge,
  '0006-circulation': circulation,
  '0010-sign-in-attempts': signInAttempts,
  '0020-sort-keys': sortKeys,
  '0030-withdrawn-books': withdrawnBooks,
  '0040-book-records': bookRecords,
  '0050-notices': notices,
  '0060-images': images,
  '0070-catalogue-changes-by-book': catalogueChangesByBook,
  '0080-copies-only-changes': copiesOnlyChanges,
  '0090-copies-and-cards': copiesAndCards,
  '0110-rooms-and-events': roomsAndEvents,
  '0120-ebooks': ebooks,
  '0160-marc-records': marcRecords,
  '0100-fines-and-membership': finesAndMembership,
  '0130-one-mail-path': oneMailPath,
  '0131-appointment-changes': appointmentChanges,
  '0132-event-times-in-utc': eventTimesInUtc,
  '0140-word-index': wordIndex,
  '0141-library-categories': libraryCategories,
  '0180-phones-and-sms': phonesAndSms,
  '0190-image-references': imageReferences,
  '0191-replacement-cost': replacementCost,
  '0192-room-seats': roomSeats,
  '0197-receipts': receipts,
  '0198-tier-words': tierWords,
  '0199-search-lexemes': searchLexemes,
  '0200-longer-beginnings': longerBeginnings,
  '0201-word-sample': wordSample,
  '0202-small-word-sample': smallWordSample,
  '0203-word-index-beginnings': wordIndexBeginnings,
  '0204-title-word-index': titleWordIndex,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<DB>): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error;
}
