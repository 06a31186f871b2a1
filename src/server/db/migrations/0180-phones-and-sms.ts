/**
 * Members' phones and notices by SMS (docs/product.md#sms, docs/decisions/022-phones-and-sms.md):
 * - `notice.channel`: `email` or `sms`. An event the member wants by SMS has one row per channel,
 *   so `notice_once` becomes (kind, subjectId, until, channel): each channel's message is recorded
 *   once, claimed, retried and marked sent on its own. Rows written before are e-mails.
 * - `memberPhone`: the member's mobile number (`+8801` and nine digits) and when it was confirmed
 *   (null until the code sent to it is given back).
 * - `phoneCode`: the codes sent to confirm a number: the code's HMAC only, when it stops being good,
 *   the wrong tries, and whether it was used or voided. Counted per member per hour.
 * - `smsChoice`: the kinds of notice a member wants by SMS; no row means no (all off at first).
 * Frozen history: literals only.
 */
import { sql, type Kysely } from 'kysely';
import { migrationDialect } from './dialect.ts';

// Migrations are frozen history: they take `Kysely<any>` because the schema type describes only the newest state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const NOTICE_COLUMNS = `"id", "kind", "subjectId", "until", "userId", "bookId", "bookName", "createdAt", "status", "attempts", "nextAttemptAt", "leaseToken", "leaseUntil", "sentAt", "lastError", "payload"`;

async function createNoticeIndexes(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('notice_due')
    .on('notice')
    .columns(['status', 'nextAttemptAt'])
    .execute();
  await db.schema
    .createIndex('notice_member')
    .on('notice')
    .columns(['userId', 'createdAt'])
    .execute();
}

/**
 * SQLite cannot change a table's unique constraint, so the outbox is built anew with `channel`
 * in its key and its rows copied (as migration 0100 did for the kind's CHECK).
 */
async function rebuildSqliteNotices(db: AnyDb, withChannel: boolean): Promise<void> {
  const channel = withChannel
    ? `"channel" varchar(8) default 'email' not null check ("channel" = 'email' or "channel" = 'sms'),`
    : '';
  const key = withChannel
    ? `"kind", "subjectId", "until", "channel"`
    : `"kind", "subjectId", "until"`;
  await sql
    .raw(
      `create table "noticeNext" (
    "id" varchar(64) primary key,
    "kind" varchar(32) not null,
    "subjectId" varchar(64) not null,
    "until" varchar(32) not null,
    "userId" varchar(255) not null,
    "bookId" varchar(64) not null,
    "bookName" text not null,
    "createdAt" varchar(32) not null,
    "status" varchar(16) default 'pending' not null check ("status" = 'pending' or "status" = 'sent' or "status" = 'optedOut' or "status" = 'obsolete' or "status" = 'failed'),
    "attempts" integer default 0 not null,
    "nextAttemptAt" varchar(32) not null,
    "leaseToken" varchar(64),
    "leaseUntil" varchar(32),
    "sentAt" varchar(32),
    "lastError" text,
    "payload" text,
    ${channel}
    constraint "notice_once" unique (${key}))`,
    )
    .execute(db);
  // Going back keeps the e-mails: an SMS row would collide with its e-mail's key.
  const rows = withChannel ? '' : `where "channel" = 'email'`;
  await sql
    .raw(
      `insert into "noticeNext" (${NOTICE_COLUMNS}) select ${NOTICE_COLUMNS} from "notice" ${rows}`,
    )
    .execute(db);
  await sql`drop table "notice"`.execute(db);
  await sql`alter table "noticeNext" rename to "notice"`.execute(db);
  await createNoticeIndexes(db);
}

async function addChannel(db: AnyDb): Promise<void> {
  if (migrationDialect(db) === 'sqlite') return rebuildSqliteNotices(db, true);
  await sql`alter table "notice"
    add column "channel" varchar(8) default 'email' not null
      check ("channel" = 'email' or "channel" = 'sms'),
    drop constraint "notice_once",
    add constraint "notice_once" unique ("kind", "subjectId", "until", "channel")`.execute(db);
}

async function dropChannel(db: AnyDb): Promise<void> {
  if (migrationDialect(db) === 'sqlite') return rebuildSqliteNotices(db, false);
  await sql`delete from "notice" where "channel" = 'sms'`.execute(db);
  await sql`alter table "notice"
    drop constraint "notice_once",
    drop column "channel",
    add constraint "notice_once" unique ("kind", "subjectId", "until")`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  await addChannel(db);
  await db.schema
    .createTable('memberPhone')
    .addColumn('userId', 'varchar(255)', (col) => col.primaryKey())
    .addColumn('phone', 'varchar(16)', (col) => col.notNull())
    .addColumn('verifiedAt', 'varchar(32)')
    .execute();
  await db.schema
    .createTable('phoneCode')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('userId', 'varchar(255)', (col) => col.notNull())
    .addColumn('phone', 'varchar(16)', (col) => col.notNull())
    .addColumn('codeHash', 'varchar(64)', (col) => col.notNull())
    .addColumn('createdAt', 'varchar(32)', (col) => col.notNull())
    .addColumn('expiresAt', 'varchar(32)', (col) => col.notNull())
    .addColumn('tries', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`"tries" >= 0`),
    )
    .addColumn('status', 'varchar(8)', (col) =>
      col
        .notNull()
        .defaultTo('pending')
        .check(sql`"status" = 'pending' or "status" = 'used' or "status" = 'void'`),
    )
    .execute();
  await db.schema
    .createIndex('phoneCode_member')
    .on('phoneCode')
    .columns(['userId', 'createdAt'])
    .execute();
  await db.schema
    .createTable('smsChoice')
    .addColumn('userId', 'varchar(255)', (col) => col.notNull())
    .addColumn('kind', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('smsChoice_pk', ['userId', 'kind'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('smsChoice').execute();
  await db.schema.dropTable('phoneCode').execute();
  await db.schema.dropTable('memberPhone').execute();
  await dropChannel(db);
}
