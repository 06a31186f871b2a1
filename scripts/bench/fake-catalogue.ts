/**
 * A large, realistic catalogue for the benchmark: made-up titles, authors (Bengali and others,
 * some in Bengali script), descriptions of the demo's lengths, copies on the shelf, and members
 * holding loans. Rows go straight into the tables in batches, through the same triggers as the
 * app's writes, so the search index and the category figures are those a real library would have.
 * A fixed seed makes every run generate the same catalogue.
 */
import { randomUUID } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { BORROW_LIMIT, DEFAULT_CATEGORIES } from '../../src/common/constants.ts';
import { bookKeysOf } from '../../src/server/books/book-rows.ts';
import { demoCatalogue } from '../../src/server/seed/demo-books.ts';
import type { DB, NewLoanRow, NewBookRow } from '../../src/server/db/schema.ts';
import { POSTGRES_SEARCH_INDEXES, SQLITE_SEARCH_INDEXES } from './search-indexes.ts';

/** Rows per INSERT: well under SQLite's and PostgreSQL's limits on bound parameters. */
const BATCH = 500;
const YEARS_OF_ADDITIONS = 10;

/** mulberry32: a small seeded generator, so the catalogue is the same on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST_NAMES = [
  'Rabindranath',
  'Humayun',
  'Selina',
  'Sunil',
  'Taslima',
  'Anisul',
  'Shahidul',
  'Jahanara',
  'Syed',
  'Akhtaruzzaman',
  'Nasreen',
  'Mahmudul',
  'Kazi',
  'Sufia',
  'Zahir',
  'Rokeya',
  'Farida',
  'Imdadul',
  'Shirshendu',
  'Ashapurna',
  'Bani',
  'Tahmima',
  'Monica',
  'Amitav',
  'Jhumpa',
  'Arundhati',
  'Agatha',
  'George',
  'Isaac',
  'Ursula',
  'Gabriel',
  'Chinua',
  'Haruki',
  'Toni',
  'Leo',
  'Fyodor',
  'Jane',
  'Charles',
  'Virginia',
  'Orhan',
  'Anwara',
  'Buddhadeva',
  'Hasan',
  'Mahasweta',
  'Manik',
  'Jibanananda',
  'Shamsur',
  'Sadat',
  'Tarashankar',
  'Nirad',
  'Kamala',
  'Salman',
  'Rohinton',
  'Vikram',
  'Kiran',
  'Sarat',
  'Abul',
  'Nazrul',
  'Sukumar',
  'Lila',
  'Samaresh',
  'Bibhuti',
  'Mohammad',
  'Fatema',
  'Rashid',
  'Nilufar',
  'Kamrul',
  'Shaheen',
  'Dilruba',
  'Arif',
];
const LAST_NAMES = [
  'Ahmed',
  'Hossain',
  'Rahman',
  'Chowdhury',
  'Islam',
  'Haque',
  'Gangopadhyay',
  'Mukherjee',
  'Chattopadhyay',
  'Bandyopadhyay',
  'Sen',
  'Das',
  'Roy',
  'Begum',
  'Khatun',
  'Anam',
  'Ali',
  'Tagore',
  'Ghosh',
  'Basu',
  'Majumdar',
  'Christie',
  'Orwell',
  'Asimov',
  'Le Guin',
  'García Márquez',
  'Achebe',
  'Murakami',
  'Morrison',
  'Tolstoy',
  'Dostoevsky',
  'Austen',
  'Dickens',
  'Woolf',
  'Pamuk',
  'Ghosh',
  'Lahiri',
  'Roy',
  'Ali',
  'Kamal',
  'Sarkar',
  'Bhattacharya',
  'Chakraborty',
  'Dutta',
  'Mitra',
  'Bose',
  'Karim',
  'Siddiqui',
  'Mahmud',
  'Kabir',
  'Talukder',
  'Mia',
  'Sultana',
  'Akter',
  'Nandi',
  'Pal',
  'Saha',
  'Barua',
  'Naipaul',
  'Rushdie',
  'Seth',
  'Desai',
  'Mistry',
  'Ishiguro',
  'Calvino',
  'Borges',
  'Neruda',
  'Kafka',
  'Mann',
  'Hesse',
];
const BENGALI_AUTHORS = [
  'হুমায়ূন আহমেদ',
  'সেলিনা হোসেন',
  'সুনীল গঙ্গোপাধ্যায়',
  'জহির রায়হান',
  'আনিসুল হক',
  'শহীদুল জহির',
  'আশাপূর্ণা দেবী',
  'শীর্ষেন্দু মুখোপাধ্যায়',
];
const ADJECTIVES = [
  'Silent',
  'Golden',
  'Forgotten',
  'Last',
  'Hidden',
  'Red',
  'Distant',
  'Broken',
  'Endless',
  'Secret',
  'Burning',
  'Quiet',
  'Wandering',
  'Lost',
  'Bright',
  'Dark',
  'Monsoon',
  'Northern',
  'Salt',
  'Paper',
  'Iron',
  'Glass',
  'Restless',
  'Green',
  'Hungry',
  'Crimson',
  'Hollow',
  'Sleeping',
  'Seventh',
  'Frozen',
  'Wild',
  'Silver',
  'Painted',
  'Invisible',
  'Ancient',
  'Scarlet',
  'Drowned',
  'Twelfth',
  'Borrowed',
  'Gentle',
];
const NOUNS = [
  'River',
  'City',
  'Garden',
  'Empire',
  'Village',
  'Storm',
  'Harbour',
  'Lantern',
  'Station',
  'Delta',
  'Boatman',
  'Orchard',
  'Kingdom',
  'Frontier',
  'Mirror',
  'Voyage',
  'Letter',
  'Bridge',
  'Market',
  'Island',
  'Machine',
  'Witness',
  'Festival',
  'Monastery',
  'Archive',
  'Tide',
  'Lighthouse',
  'Caravan',
  'Temple',
  'Orphan',
  'Doctor',
  'Weaver',
  'Ferry',
  'Canal',
  'Tea Garden',
  'Fisherman',
  'Revolution',
  'Cartographer',
  'Palace',
  'Schoolhouse',
  'Emperor',
  'Poet',
  'Train',
  'Forest',
  'Mango Tree',
  'Rickshaw',
];
const BENGALI_TITLES = [
  'নদীর গান',
  'শেষ বিকেলের আলো',
  'মেঘের ছায়া',
  'হারানো শহর',
  'সোনার তরী',
  'জলের অক্ষর',
  'পদ্মার ঢেউ',
  'নীল দরজা',
  'অচেনা পথ',
  'বৃষ্টির দিন',
  'দূরের পাখি',
  'চাঁদের পাহাড়',
  'আলোর মিছিল',
  'রাতের ট্রেন',
  'সমুদ্রের ডাক',
  'ভাঙা সেতু',
];
const PLACES = [
  'Dhaka',
  'Sylhet',
  'Chittagong',
  'the Sundarbans',
  'Rajshahi',
  'Calcutta',
  'the Padma',
  'Khulna',
  'Barisal',
  'the North',
  'the Bay',
  'Comilla',
  'Mymensingh',
  'Rangpur',
  'Noakhali',
  'Bogura',
  'Jessore',
  'Cox’s Bazar',
  'Srimangal',
  'Old Dhaka',
];
const SENTENCES = [
  'A family of {place} holds on through a decade of floods, feuds and small mercies.',
  'An old schoolteacher keeps a diary that the whole town would rather forget.',
  'Two friends take different sides when the {noun} changes hands.',
  'A young clerk discovers a ledger that rewrites the history of {place}.',
  'The monsoon arrives early, and with it a stranger who knows every secret of the village.',
  'Told in letters, the story follows a marriage across three cities and forty years.',
  'A detective with a weak heart and a sharp memory investigates a death at the {noun}.',
  'In a future where water is rationed, an engineer builds a {noun} that should not exist.',
  'The author writes with warmth and wit about ordinary people in extraordinary times.',
  'Readers return to it for its vivid characters and its patient, generous humanity.',
  'Part adventure, part elegy, it is a portrait of {place} that few books have matched.',
  'A historian traces how trade, faith and war shaped the lands along {place}.',
];

const pick = <T>(random: () => number, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;

function title(random: () => number): string {
  const shape = random();
  if (shape < 0.1) return pick(random, BENGALI_TITLES);
  if (shape < 0.4) return `The ${pick(random, ADJECTIVES)} ${pick(random, NOUNS)}`;
  if (shape < 0.65) return `The ${pick(random, NOUNS)} of ${pick(random, PLACES)}`;
  if (shape < 0.85) return `${pick(random, NOUNS)} and ${pick(random, NOUNS)}`;
  return `${pick(random, ADJECTIVES)} ${pick(random, NOUNS)}s`;
}

function author(random: () => number): string {
  if (random() < 0.08) return pick(random, BENGALI_AUTHORS);
  return `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`;
}

function paragraph(random: () => number, sentences: number): string {
  return Array.from({ length: sentences }, () =>
    pick(random, SENTENCES)
      .replace('{place}', pick(random, PLACES))
      .replace('{noun}', pick(random, NOUNS).toLowerCase()),
  ).join(' ');
}

export function fakeBook(random: () => number, id: string, createdAt: string): NewBookRow {
  const name = title(random);
  const writer = author(random);
  const shortDescription = paragraph(random, 2);
  return {
    id,
    name,
    author: writer,
    category: pick(random, DEFAULT_CATEGORIES),
    // One book in ten has every copy out on loan.
    quantity: random() < 0.1 ? 0 : 1 + Math.floor(random() * 6),
    rating: Math.round((1 + random() * 4) * 10) / 10,
    shortDescription,
    image: pick(random, demoCatalogue).image,
    content: paragraph(random, 8),
    ...bookKeysOf({ name, author: writer, shortDescription }),
    createdAt,
    updatedAt: createdAt,
  };
}

/** Writes `count` rows made by `row`, in transactions of one batch each. */
async function inBatches<R>(
  db: Kysely<DB>,
  count: number,
  row: (index: number) => R,
  write: (tx: Kysely<DB>, rows: R[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) =>
      row(start + offset),
    );
    await db.transaction().execute((tx) => write(tx, rows));
  }
}

/** Books loaded per transaction in bulk: large enough that commits cost nothing, small enough to hold in memory. */
const BULK = 20_000;

const BOOK_COLUMNS = [
  'id',
  'name',
  'author',
  'category',
  'quantity',
  'rating',
  'shortDescription',
  'image',
  'content',
  'searchText',
  'searchKey',
  'searchDescription',
  'sortName',
  'sortAuthor',
  'createdAt',
  'updatedAt',
] as const;

/** PostgreSQL's type of each column's array, for `unnest`. */
const POSTGRES_ARRAY_TYPES: Record<(typeof BOOK_COLUMNS)[number], string> = {
  id: 'text[]',
  name: 'text[]',
  author: 'text[]',
  category: 'text[]',
  quantity: 'integer[]',
  rating: 'float8[]',
  shortDescription: 'text[]',
  image: 'text[]',
  content: 'text[]',
  searchText: 'text[]',
  searchKey: 'text[]',
  searchDescription: 'text[]',
  sortName: 'text[]',
  sortAuthor: 'text[]',
  createdAt: 'text[]',
  updatedAt: 'text[]',
};

/**
 * What the triggers on `book` keep beside every book, made once for all of them after a bulk load
 * into an empty catalogue: the category figures (migration 0002) and the search index (SQLite:
 * keyed by age as migration 0005 files books; PostgreSQL: `bookSearchText`, migration 0004).
 * Kept row by row, they made a million books take a quarter of an hour.
 */
const REBUILT_CATEGORY_STATS = `insert into "categoryStat" ("name", "count", "available")
  select "category", count(*), sum(case when "quantity" > 0 then 1 else 0 end) from "book" group by "category"`;

/** Loads books into SQLite on a connection of its own, with the triggers set aside until the end. */
function sqliteLoader(file: string) {
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const triggers = sqlite
    .prepare<[], { name: string; sql: string }>(
      `select "name", "sql" from sqlite_master where type = 'trigger' and tbl_name = 'book'`,
    )
    .all();
  for (const { name } of triggers) sqlite.exec(`drop trigger "${name}"`);
  const insert = sqlite.prepare(
    `insert into "book" (${BOOK_COLUMNS.map((column) => `"${column}"`).join(', ')})
     values (${BOOK_COLUMNS.map((column) => `@${column}`).join(', ')})`,
  );
  const load = sqlite.transaction((rows: NewBookRow[]) => {
    for (const row of rows) insert.run(row);
  });
  const finish = sqlite.transaction(() => {
    sqlite.exec(`delete from "categoryStat"; ${REBUILT_CATEGORY_STATS}`);
    sqlite.exec(SQLITE_SEARCH_INDEXES);
    for (const trigger of triggers) sqlite.exec(trigger.sql);
  });
  return {
    load: async (rows: NewBookRow[]) => load(rows),
    close: async () => {
      finish();
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
      sqlite.close();
    },
  };
}

/**
 * Loads books into PostgreSQL a batch per statement, one array per column unnested, with the
 * triggers off for this session (the benchmark's own cluster, where it is the superuser).
 */
async function postgresLoader(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('set synchronous_commit = off');
  await client.query('set session_replication_role = replica');
  const text = `insert into "book" (${BOOK_COLUMNS.map((column) => `"${column}"`).join(', ')})
    select * from unnest(${BOOK_COLUMNS.map((column, index) => `$${index + 1}::${POSTGRES_ARRAY_TYPES[column]}`).join(', ')})`;
  return {
    load: async (rows: NewBookRow[]) => {
      await client.query(
        text,
        BOOK_COLUMNS.map((column) => rows.map((row) => row[column])),
      );
    },
    close: async () => {
      await client.query('begin');
      await client.query(`delete from "categoryStat"`);
      await client.query(REBUILT_CATEGORY_STATS);
      for (const statement of POSTGRES_SEARCH_INDEXES) await client.query(statement);
      await client.query('commit');
      await client.end();
    },
  };
}

/**
 * Adds `count` books, oldest first, spread evenly over the last ten years; answers their ids.
 * Straight into the database's tables in large batches, never through the API, into a catalogue
 * that must be empty: what the triggers keep beside each book is made once at the end.
 */
export async function addFakeBooks(
  url: string,
  kind: 'sqlite' | 'postgres',
  count: number,
  seed = 1,
): Promise<string[]> {
  const random = seededRandom(seed);
  const ids = Array.from({ length: count }, () => randomUUID());
  const end = Date.now() - 60_000;
  const step = Math.floor((YEARS_OF_ADDITIONS * 365 * 86_400_000) / Math.max(count, 1));
  const loader = kind === 'sqlite' ? sqliteLoader(url) : await postgresLoader(url);
  try {
    for (let start = 0; start < count; start += BULK) {
      const rows = ids
        .slice(start, start + BULK)
        .map((id, offset) =>
          fakeBook(random, id, new Date(end - (count - start - offset) * step).toISOString()),
        );
      await loader.load(rows);
    }
  } finally {
    await loader.close();
  }
  return ids;
}

const isoDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Creates `count` members directly in better-auth's `user` table (they never sign in) and gives
 * each one to BORROW_LIMIT loans of distinct books, as a busy library has.
 */
export async function addFakeMembersWithLoans(
  db: Kysely<DB>,
  bookIds: string[],
  count: number,
  seed = 2,
): Promise<number> {
  const random = seededRandom(seed);
  const members = Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    name: `Member ${index + 1}`,
    email: `member-${index + 1}@bench.example.org`,
  }));
  const now = new Date().toISOString();
  // better-auth's own table is not in our schema type; its columns are those of its migrations.
  const users = db as unknown as Kysely<{ user: Record<string, unknown> }>;
  for (let start = 0; start < count; start += BATCH) {
    const rows = members.slice(start, start + BATCH).map((member) => ({
      ...member,
      // 0 reads as false in both databases' boolean columns (SQLite has no booleans).
      emailVerified: 0,
      image: '/images/avatar-placeholder.svg',
      createdAt: now,
      updatedAt: now,
    }));
    await users.insertInto('user').values(rows).execute();
  }
  const loans: NewLoanRow[] = members.flatMap((member) => {
    const held = 1 + Math.floor(random() * BORROW_LIMIT);
    const books = new Set(Array.from({ length: held }, () => pick(random, bookIds)));
    const borrowed = Date.now() - Math.floor(random() * 20) * 86_400_000;
    return [...books].map((bookId, index) => ({
      id: randomUUID(),
      bookId,
      userId: member.id,
      userName: member.name,
      userEmail: member.email,
      slot: index + 1,
      borrowedDate: isoDate(borrowed),
      returnDate: isoDate(borrowed + 14 * 86_400_000),
      createdAt: new Date(borrowed).toISOString(),
    }));
  });
  await inBatches(
    db,
    loans.length,
    (index) => loans[index] as NewLoanRow,
    (tx, rows) => tx.insertInto('loan').values(rows).execute(),
  );
  return loans.length;
}
