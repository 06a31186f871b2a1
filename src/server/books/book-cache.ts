/**
 * Books as the JSON bytes the API sends, kept in memory between requests: a book is read,
 * serialized and encoded once (compressed once per encoding, json-answer.ts), then answered from
 * here until the database's contents change.
 * Borrowing and returning never read from here: their rules run on the database's rows, in
 * transactions.
 */
import type { ChangeVersion } from '../db/change-version.ts';
import { JsonAnswer } from '../json-answer.ts';
import { CatalogueMemory } from './catalogue-memory.ts';

/**
 * The books readers open most: at about 1 kB a book, a tenth of a 100,000-book catalogue. Weighed in
 * bytes, as a book's content alone may take 60 kB.
 */
const BOOK_CACHE_BYTES = 10 * 1024 * 1024;

export class BookCache {
  #memory: CatalogueMemory<JsonAnswer>;

  constructor(changes: ChangeVersion) {
    this.#memory = new CatalogueMemory(changes, BOOK_CACHE_BYTES, (book) => book.bytes.length);
  }

  /**
   * The JSON of each id's book, in the order given, undefined where there is no such book. Books
   * not held are loaded (`load`, one query for all of them, serialized) and kept, unless the
   * database changed while they were read.
   */
  async books(
    ids: readonly string[],
    load: (ids: string[]) => Promise<{ id: string; json: string }[]>,
  ): Promise<(JsonAnswer | undefined)[]> {
    const version = this.#memory.version();
    const found = new Map<string, JsonAnswer>();
    for (const id of ids) {
      const json = this.#memory.get(id);
      if (json !== undefined) found.set(id, json);
    }
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      for (const { id, json } of await load([...new Set(missing)])) {
        const book = JsonAnswer.fromJson(json);
        found.set(id, book);
        this.#memory.keep(id, book, version);
      }
    }
    return ids.map((id) => found.get(id));
  }
}
