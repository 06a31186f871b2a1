/**
 * Books as the JSON bytes the API sends, kept in memory between requests: a book is read,
 * serialized and encoded once, then answered from here until the database's contents change
 * (db/change-version.ts says when, for this process and every other on the same database).
 * Borrowing and returning never read from here: their rules run on the database's rows, in
 * transactions.
 */
import type { ChangeVersion } from '../db/change-version.ts';

/** About 1 kB each: some 10 MB for the books readers open most, a tenth of a 100,000-book catalogue. */
export const BOOK_CACHE_CAPACITY = 10_000;

/**
 * The bytes of `json` in memory of their own: small buffers are otherwise cut from a shared 8 kB
 * slab, which a kept book would hold on to whole.
 */
function jsonBytes(json: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
  bytes.write(json);
  return bytes;
}

export class BookCache {
  /** Least recently used first, as Map keeps insertion order and a read moves its book to the end. */
  #books = new Map<string, Buffer>();
  #version: string | number | undefined;

  constructor(
    private readonly changes: ChangeVersion,
    private readonly capacity = BOOK_CACHE_CAPACITY,
  ) {}

  /**
   * The JSON of each id's book, in the order given, undefined where there is no such book. Books
   * not held are loaded (`load`, one query for all of them, serialized) and kept, unless the
   * database changed while they were read.
   */
  async books(
    ids: readonly string[],
    load: (ids: string[]) => Promise<{ id: string; json: string }[]>,
  ): Promise<(Buffer | undefined)[]> {
    const version = this.#currentVersion();
    const found = new Map<string, Buffer>();
    for (const id of ids) {
      const json = this.#books.get(id);
      if (json === undefined) continue;
      found.set(id, json);
      this.#books.delete(id);
      this.#books.set(id, json);
    }
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      const loaded = await load([...new Set(missing)]);
      const keep = version !== undefined && this.changes.current() === version;
      for (const { id, json } of loaded) {
        const bytes = jsonBytes(json);
        found.set(id, bytes);
        if (keep) this.#keep(id, bytes);
      }
    }
    return ids.map((id) => found.get(id));
  }

  /** The database's version now; what was kept under an older one is forgotten. */
  #currentVersion(): string | number | undefined {
    const version = this.changes.current();
    if (version !== this.#version) {
      this.#books.clear();
      this.#version = version;
    }
    return version;
  }

  #keep(id: string, json: Buffer) {
    this.#books.set(id, json);
    if (this.#books.size > this.capacity) {
      const oldest = this.#books.keys().next().value;
      if (oldest !== undefined) this.#books.delete(oldest);
    }
  }
}
