/**
 * The catalogue between HTTP and SQL: reading books, lists, facets and categories, and the edits
 * that change them, with what readers ask for answered from the cache.
 *
 * A book, a whole list answer with its headers, the categories, the facets and the total of a
 * search are each kept as the JSON bytes sent and compressed once (json-answer.ts), in
 * least-recently-used memories of a fixed budget (`lru-cache`). They are forgotten when the
 * catalogue changes, as the database tells (db/change-version.ts), and nothing is forgotten when a
 * member signs in or a session is written:
 * - a change that moved only a book's copies (a borrow, a return, a hold, a copy added: `quantity`,
 *   `holds`, `updatedAt`) forgets that book's answer, the list answers that show it, the lists
 *   and totals of books on the shelf (`available=true`, which it may enter or leave) and the
 *   facets (which count copies on the shelf). Every other list and total keeps its books, order
 *   and count, and the categories show no copies, so they stay;
 * - any other change (an edit, a book added or withdrawn, anything the database cannot name)
 *   forgets the changed books' answers and every list, total, facet and category.
 * Borrowing and returning never read from the cache: their rules run on the database's rows, in
 * transactions (circulation/copies.service.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { BookCreate, BookFacetsQuery, BookUpdate, BooksQuery } from '../../common/schemas.ts';
import type {
  Book,
  BookFacets,
  DeleteResult,
  InsertResult,
  UpdateResult,
} from '../../common/types.ts';
import type { LibraryClock } from '../core/clock.ts';
import type { Copies } from '../circulation/copies.service.ts';
import type { CatalogueChange, CatalogueChanges } from '../db/change-version.ts';
import type { BookRow, DB } from '../db/schema.ts';
import { ApiError } from '../http-errors.ts';
import { JsonAnswer } from '../json-answer.ts';
import { decodeCursor, encodeCursor, nextPageLink } from '../pagination.ts';
import { roundedEstimate, type MatchCount } from './match-count.ts';
import { planSearch, searchFilter, type SearchPlan } from './search-plan.ts';
import type { WordCount } from './word-search.ts';
import { searchWords } from './search-words.ts';
import { ON_SHELF_ONLY, TaggedCache } from './tagged-cache.ts';
import { duplicateIsbn, guardingIsbn } from './isbn-conflict.ts';
import {
  countBooks,
  countByCategory,
  findBookById,
  findBookPage,
  incrementQuantity,
  isbnTaken,
  listCategories,
  updateBook,
  earliestDueDates,
} from './books.repository.ts';
import { toBook } from './book-answer.ts';
import { insertBook } from './book-rows.ts';
import type { BookCursor, BookFilter, CategoryMatches } from './book-query.ts';

/**
 * The books readers open most: at about 1 kB a book, a tenth of a 100,000-book catalogue. Weighed in
 * bytes, as a book's content alone may take 60 kB.
 */
const KEPT_BOOK_BYTES = 10 * 1024 * 1024;

/**
 * List answers kept whole: the pages readers ask for again and again (a category's first, the
 * first of a popular search) then cost what a single book does.
 */
const KEPT_LIST_BYTES = 8 * 1024 * 1024;

/** Searches and filters whose totals are kept; a total is a few dozen bytes. */
const COUNTED_FILTERS = 10_000;

/** Searches whose facets are kept; an answer is a few hundred bytes. */
const COUNTED_FACETS = 2_000;

/** One answer of GET /api/books: the JSON and the headers that go with it. */
export interface ListAnswer {
  body: JsonAnswer;
  total: number;
  /** The total is an estimate (a search of more than COUNTED_MATCHES books). */
  estimated: boolean;
  link?: string;
  /** The words looked for instead of a search's, when it found nothing as typed. */
  corrected?: string;
}

/** A list answer as kept: with the books it shows and whether it lists books on the shelf only. */
interface KeptList extends ListAnswer {
  books: string[];
  availableOnly: boolean;
}

/** A search's total as kept, with how its words are looked for (search-plan.ts). */
interface KeptTotal extends MatchCount {
  availableOnly: boolean;
  plan?: SearchPlan;
}

/**
 * A cursor's key: the last book's `createdAt`, after its tier in a search's relevance order
 * (`1|2026-…`), so the next page starts in that tier.
 */
function cursorKey(book: BookRow & { tier?: number }): string {
  return book.tier === undefined ? book.createdAt : `${book.tier}|${book.createdAt}`;
}

/** The plan of a search with no word in it: no book has its words. */
const NOTHING: SearchPlan = { by: 'words', words: [] };

function cursorFrom(key: string, id: string): BookCursor {
  const tiered = /^([012])\|(.+)$/.exec(key);
  if (!tiered) return { createdAt: key, id };
  return { createdAt: tiered[2] ?? '', id, tier: Number(tiered[1]) as 0 | 1 | 2 };
}

/**
 * What a change of copies finds a kept answer by: the books it shows, and whether it counts only
 * those on the shelf.
 */
const tagsOfList = (list: KeptList) =>
  list.availableOnly ? [...list.books, ON_SHELF_ONLY] : list.books;
const tagsOfTotal = (counted: KeptTotal) => (counted.availableOnly ? [ON_SHELF_ONLY] : []);

/**
 * The tags whose answers a change forgets: when only copies moved, those showing the books it
 * names and those counting copies on the shelf; any other change forgets every one (undefined).
 */
const tagsForgottenBy = (change: CatalogueChange) =>
  change !== 'everything' && change.copiesOnly ? [...change.books, ON_SHELF_ONLY] : undefined;

/** Whether a change forgets an answer tagged with `tags` (the rule of Books' #forget). */
function forgetsTagged(change: CatalogueChange, tags: string[]): boolean {
  const forgotten = tagsForgottenBy(change);
  return forgotten === undefined || tags.some((tag) => forgotten.includes(tag));
}

const forgetsBook = (change: CatalogueChange, id: string) =>
  change === 'everything' || change.books.includes(id);

/** Changes a read may overlap and still be judged by; a read that overlaps more is not kept. */
const HEARD_KEPT = 256;

/** Where the service keeps answers: lru-cache's and tagged ones alike. */
interface Cache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): unknown;
}

const bookNotFound = () => new ApiError(404, 'BOOK_NOT_FOUND', 'No book has this id');

/**
 * The facets of a search from its matches per category: on the shelf only, when asked. Estimated
 * figures are rounded to two figures here, each sum from the figures before rounding.
 */
function toFacets(
  { categories: matches, estimated }: { categories: CategoryMatches[]; estimated: boolean },
  availableOnly: boolean,
  corrected: string | undefined,
): BookFacets {
  const shown = (figure: number) => (estimated ? roundedEstimate(figure) : figure);
  const sum = (figures: number[]) => shown(figures.reduce((total, figure) => total + figure, 0));
  const counted = matches
    .map(({ name, count, available }) => ({ name, count: availableOnly ? available : count }))
    .filter((category) => category.count > 0);
  return {
    total: sum(counted.map(({ count }) => count)),
    available: sum(matches.map(({ available }) => available)),
    categories: counted.map(({ name, count }) => ({ name, count: shown(count) })),
    estimated,
    corrected: corrected ?? null,
  };
}

/** The cache weighed in the bytes of its answers (the compressed forms beside them are not counted). */
const byBytes = <V>(maxSize: number, bytesOf: (value: V) => Buffer) => ({
  maxSize,
  sizeCalculation: (value: V) => Math.max(1, bytesOf(value).length),
});

/** The most books written in one transaction. */
const ADDED_AT_ONCE = 100;

/** A book a request asked to add, and how to answer that request. */
interface WaitingBook {
  book: BookCreate;
  added: (insertedId: string) => void;
  failed: (error: unknown) => void;
}

/** How many reads of the catalogue there were, and how many the cache answered (the benchmark reports it). */
export interface CacheFigures {
  reads: number;
  fromCache: number;
}

export class Books {
  readonly #books = new LRUCache<string, JsonAnswer>(
    byBytes<JsonAnswer>(KEPT_BOOK_BYTES, (book) => book.bytes),
  );
  readonly #lists = new TaggedCache<KeptList>(
    byBytes<KeptList>(KEPT_LIST_BYTES, (answer) => answer.body.bytes),
    tagsOfList,
  );
  readonly #totals = new TaggedCache<KeptTotal>({ max: COUNTED_FILTERS }, tagsOfTotal);
  readonly #facets = new LRUCache<string, JsonAnswer>({ max: COUNTED_FACETS });
  readonly #categories = new LRUCache<string, JsonAnswer>({ max: 1 });
  readonly #figures: CacheFigures = { reads: 0, fromCache: 0 };
  /** The latest changes heard, and how many have been: what a read that overlapped them checks. */
  readonly #heard: CatalogueChange[] = [];
  #heardCount = 0;
  readonly #waitingToBeAdded: WaitingBook[] = [];
  #adding = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly changes: CatalogueChanges,
    private readonly copies: Copies,
    private readonly clock: LibraryClock,
  ) {
    changes.onChange((change) => this.#forget(change));
  }

  /**
   * A changed book's own answer goes, and the facets, which count copies on the shelf. When only
   * copies moved, a list keeps its books, order and total unless it shows the book or lists books
   * on the shelf (its filters are category, words and availability; no order sorts by copies),
   * and the categories show no copies. Any other change may move a book into or out of any list,
   * count or category, so they all go.
   */
  #forget(change: CatalogueChange): void {
    this.#heard.push(change);
    if (this.#heard.length > HEARD_KEPT) this.#heard.shift();
    this.#heardCount += 1;
    if (change === 'everything') this.#books.clear();
    else for (const id of change.books) this.#books.delete(id);
    this.#facets.clear();
    const tags = tagsForgottenBy(change);
    if (tags) {
      this.#lists.forgetTagged(tags);
      this.#totals.forgetTagged(tags);
      return;
    }
    this.#lists.clear();
    this.#totals.clear();
    this.#categories.clear();
  }

  /** The changes heard since `count` had been, or undefined when some of them are no longer kept. */
  #heardSince(count: number): CatalogueChange[] | undefined {
    const since = this.#heardCount - count;
    return since > this.#heard.length ? undefined : this.#heard.slice(this.#heard.length - since);
  }

  /**
   * The value kept under `key`, else what `read` answers, kept unless a change heard while it was
   * read would have forgotten it (`forgottenBy`, the rule of #forget for this cache), or the
   * changes cannot be followed. Under load a read often overlaps a borrow of some other book,
   * which leaves it as true as before. `counted` reads are the ones a request asks for, which the
   * figures count.
   */
  async #remember<V extends object>(
    cache: Cache<NoInfer<V>>,
    key: string,
    read: () => Promise<V>,
    forgottenBy: (change: CatalogueChange, value: V) => boolean,
    counted = true,
  ): Promise<V> {
    const following = (await this.changes.current()) !== undefined;
    const heardBefore = this.#heardCount;
    if (counted) this.#figures.reads += 1;
    const kept = following ? cache.get(key) : undefined;
    if (kept !== undefined) {
      if (counted) this.#figures.fromCache += 1;
      return kept;
    }
    const value = await read();
    // Brings this process up to date first, so that a change read meanwhile is judged too.
    if (!following || (await this.changes.current()) === undefined) return value;
    const heardMeanwhile = this.#heardSince(heardBefore);
    if (heardMeanwhile && !heardMeanwhile.some((change) => forgottenBy(change, value)))
      cache.set(key, value);
    return value;
  }

  cacheFigures(): CacheFigures {
    return { ...this.#figures };
  }

  /**
   * How many books match, and for a search how its words are looked for (search-plan.ts).
   * Counting a frequent word's matches is most of a search's work, and every page of that search
   * (Load more) shows the same total, so totals are kept like books. Matches a count read in
   * order (`ranked`) go to this request's page alone, never into the kept total.
   */
  async #countMatches(
    base: BookFilter,
    q: string | undefined,
  ): Promise<{ filter: BookFilter; counted: WordCount; corrected?: string }> {
    const words = q === undefined ? [] : searchWords(q);
    const key = JSON.stringify([base.category, base.availableOnly, words, q?.trim()]);
    let ranked: WordCount['ranked'];
    const kept = await this.#remember(
      this.#totals,
      key,
      async (): Promise<KeptTotal> => {
        const availableOnly = base.availableOnly === true;
        if (q === undefined || q.trim() === '')
          return { ...(await countBooks(this.db, base)), availableOnly };
        // Characters that are neither letters nor digits only part words: alone, they find nothing.
        if (words.length === 0) return { total: 0, estimated: false, availableOnly, plan: NOTHING };
        const { plan, counted } = await planSearch(this.db, base, q, words);
        ({ ranked } = counted);
        return { total: counted.total, estimated: counted.estimated, availableOnly, plan };
      },
      (change, total) => forgetsTagged(change, tagsOfTotal(total)),
      false,
    );
    const corrected = kept.plan?.by === 'words' ? kept.plan.corrected : undefined;
    return {
      filter: kept.plan ? searchFilter(base, kept.plan) : base,
      counted: { total: kept.total, estimated: kept.estimated, ranked },
      corrected,
    };
  }

  async #readList(query: BooksQuery): Promise<KeptList> {
    const base: BookFilter = {
      category: query.category,
      availableOnly: query.available === 'true',
    };
    const { filter, counted, corrected } = await this.#countMatches(base, query.q);
    const sort = query.sort ?? (filter.queryWords ? 'relevance' : 'newest');
    const after = query.cursor
      ? (({ key, id }) => cursorFrom(key, id))(decodeCursor(query.cursor))
      : undefined;
    const offset = !after && query.page ? (query.page - 1) * query.limit : 0;
    const { ranked, ...matches } = counted;
    const page = { limit: query.limit + 1, sort, after, offset, matches, ranked };
    const found = counted.total === 0 ? [] : await findBookPage(this.db, filter, page);
    const shown = found.slice(0, query.limit);
    const last = shown.at(-1);
    // Newest first and relevance continue after their last book; the other orders are paged by number.
    const byNumber = (query.page && !after) || (sort !== 'newest' && sort !== 'relevance');
    let link: string | undefined;
    if (found.length > query.limit && last) {
      const next: Record<string, string> = byNumber
        ? { page: String((query.page ?? 1) + 1) }
        : { cursor: encodeCursor({ key: cursorKey(last), id: last.id }) };
      link = nextPageLink('/api/books', query, next);
    }
    return {
      body: JsonAnswer.of(await this.#toBooks(shown)),
      ...counted,
      link,
      corrected,
      books: shown.map((book) => book.id),
      availableOnly: filter.availableOnly === true,
    };
  }

  /**
   * Books as answered: one with no copy on the shelf says when its first loan is due back. A
   * borrow or return changes the book's quantity and so forgets its answers; a renewal moves a due
   * date without a catalogue change, so a kept answer may name the earlier date until the book
   * next changes.
   */
  async #toBooks(rows: BookRow[]): Promise<Book[]> {
    const out = rows.filter((row) => row.quantity <= 0).map((row) => row.id);
    const due = await earliestDueDates(this.db, out);
    return rows.map((row) => toBook(row, due.get(row.id) ?? null));
  }

  /** One page of books as GET /api/books answers it, with its total and the link to the next. */
  list(query: BooksQuery): Promise<ListAnswer> {
    return this.#remember(
      this.#lists,
      JSON.stringify(query),
      () => this.#readList(query),
      (change, list) => forgetsTagged(change, tagsOfList(list)),
    );
  }

  /** A search's matches per category. Its words are counted in any case, as `q` is. */
  facets(query: BookFacetsQuery): Promise<JsonAnswer> {
    const words = query.q === undefined ? [] : searchWords(query.q);
    const availableOnly = query.available === 'true';
    return this.#remember(
      this.#facets,
      JSON.stringify([words, availableOnly, query.q?.trim()]),
      async () => {
        const { filter, counted, corrected } = await this.#countMatches({}, query.q);
        const matches =
          counted.total === 0
            ? { categories: [], estimated: false }
            : await countByCategory(this.db, filter);
        return JsonAnswer.of(toFacets(matches, availableOnly, corrected));
      },
      // Every change forgets the facets: they count copies on the shelf.
      () => true,
    );
  }

  categories(): Promise<JsonAnswer> {
    return this.#remember(
      this.#categories,
      'all',
      async () => JsonAnswer.of(await listCategories(this.db)),
      (change) => tagsForgottenBy(change) === undefined,
    );
  }

  /** A book's title and author, as a copy's or a loan's answer names it; undefined when there is none. */
  async titleOf(id: string): Promise<{ _id: string; name: string; author: string } | undefined> {
    const row = await findBookById(this.db, id);
    return row && { _id: row.id, name: row.name, author: row.author };
  }

  book(id: string): Promise<JsonAnswer> {
    return this.#remember(
      this.#books,
      id,
      async () => {
        const row = await findBookById(this.db, id);
        if (!row) throw bookNotFound();
        const [book] = await this.#toBooks([row]);
        return JsonAnswer.of(book);
      },
      (change) => forgetsBook(change, id),
    );
  }

  /**
   * Adds a book, answering once it is committed. Books that arrive while others are being written
   * wait and are written together, in one transaction (a group commit): a durable commit costs a
   * disk flush, and flushing once for many books is what lets 16 connections add 20,000 books in
   * well under a minute. Each is acknowledged only after the commit that holds it.
   */
  async add(book: BookCreate): Promise<InsertResult> {
    // Looked up first to answer plainly; the unique index decides a race (isbn-conflict.ts).
    if (book.isbn && (await isbnTaken(this.db, book.isbn))) throw duplicateIsbn();
    return guardingIsbn(() => this.#addWithOthers(book));
  }

  #addWithOthers(book: BookCreate): Promise<InsertResult> {
    return new Promise((resolve, reject) => {
      this.#waitingToBeAdded.push({
        book,
        added: (insertedId) => resolve({ acknowledged: true, insertedId }),
        failed: reject,
      });
      if (!this.#adding) void this.#addWaiting();
    });
  }

  async #addWaiting(): Promise<void> {
    this.#adding = true;
    while (this.#waitingToBeAdded.length > 0) {
      const batch = this.#waitingToBeAdded.splice(0, ADDED_AT_ONCE);
      try {
        const ids = await this.db.transaction().execute(async (tx) => {
          const inserted: string[] = [];
          for (const { book } of batch) inserted.push(await insertBook(tx, book, this.clock.now()));
          return inserted;
        });
        batch.forEach((waiting, index) => waiting.added(ids[index] as string));
      } catch {
        // One book the database refuses must not fail the others: each is added alone.
        await Promise.all(
          batch.map(async (waiting) => {
            try {
              waiting.added(await insertBook(this.db, waiting.book, this.clock.now()));
            } catch (error) {
              waiting.failed(error);
            }
          }),
        );
      }
    }
    this.#adding = false;
  }

  /** Edits run with the book locked, so a copy borrowed or returned meanwhile is never overwritten. */
  async update(id: string, changes: BookUpdate): Promise<UpdateResult> {
    const outcome = await guardingIsbn(() =>
      this.copies.editStock(id, async (tx) => {
        if (changes.isbn && (await isbnTaken(tx, changes.isbn, id))) throw duplicateIsbn();
        return updateBook(tx, id, changes, this.clock.now());
      }),
    );
    if (!outcome) throw bookNotFound();
    return { acknowledged: true, matchedCount: outcome.matched, modifiedCount: outcome.modified };
  }

  async increment(id: string): Promise<UpdateResult> {
    if (!(await this.copies.editStock(id, (tx) => incrementQuantity(tx, id, this.clock.now()))))
      throw bookNotFound();
    return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
  }

  /** Withdraw (docs/product.md#librarians): decided by Copies, under the book's lock. */
  async withdraw(id: string): Promise<DeleteResult> {
    await this.copies.withdraw(id);
    return { acknowledged: true, deletedCount: 1 };
  }

  /** Says on closing how much of the catalogue's reading the cache answered. */
  logFigures(log: FastifyBaseLogger): void {
    const { reads, fromCache } = this.#figures;
    log.info({ catalogueCache: { reads, fromCache } }, 'catalogue reads answered from the cache');
  }
}
