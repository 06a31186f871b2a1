/**
 * Books as the JSON bytes the API sends, kept in memory between requests: a book is read,
 * serialized and encoded once, then answered from here until the database's contents change.
 * Borrowing and returning never read from here: their rules run on the database's rows, in
 * transactions.
 */
import type { ChangeVersion } from '../db/change-version.ts';
import { CatalogueMemory } from './catalogue-memory.ts';

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
  #memory: CatalogueMemory<Buffer>;

  constructor(changes: ChangeVersion, capacity = BOOK_CACHE_CAPACITY) {
    this.#memory = new CatalogueMemory(changes, capacity);
  }

  /**
   * The JSON of each id's book, in the order given, undefined where there is no such book. Books
   * not held are loaded (`load`, one query for all of them, serialized) and kept, unless the
   * database changed while they were read.
   */
  async books(
    ids: readonly string[],
    load: (ids: string[]) => Promise<{ id: string; json: string }[]>,
  ): Promise<(Buffer | undefined)[]> {
    const version = this.#memory.version();
    const found = new Map<string, Buffer>();
    for (const id of ids) {
      const json = this.#memory.get(id);
      if (json !== undefined) found.set(id, json);
    }
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      for (const { id, json } of await load([...new Set(missing)])) {
        const bytes = jsonBytes(json);
        found.set(id, bytes);
        this.#memory.keep(id, bytes, version);
      }
    }
    return ids.map((id) => found.get(id));
  }
}
