/**
 * What the server keeps in memory of the catalogue between requests, for as long as the database's
 * contents stay as they were (db/change-version.ts says when they move, for this process and every
 * other on the same database). Each entry weighs something (one, by default; bytes, for answers
 * kept as bytes), and the whole never weighs more than `capacity`.
 *
 * Entries live in two generations of half the capacity each. New and used entries go to the
 * recent one; once it is full it becomes the older one, and the older one is dropped whole. So what
 * has not been used for a generation goes, as in a least-recently-used cache, but no entry is ever
 * looked for to be evicted (a Map walked from its oldest entries after many deletions skips every
 * deleted one: 5 µs a step at 10,000 books).
 */
import type { ChangeVersion } from '../db/change-version.ts';

type Version = ReturnType<ChangeVersion['current']>;

export class CatalogueMemory<V> {
  #recent = new Map<string, V>();
  #recentWeight = 0;
  #older = new Map<string, V>();
  #version: Version;
  readonly #generation: number;

  constructor(
    private readonly changes: ChangeVersion,
    capacity: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {
    this.#generation = capacity / 2;
  }

  /** The value kept under `key`, else what `read` answers, kept if the database held still meanwhile. */
  async remember(key: string, read: () => Promise<V>): Promise<V> {
    const version = this.#currentVersion();
    const known = this.#get(key);
    if (known !== undefined) return known;
    const value = await read();
    this.#keep(key, value, version);
    return value;
  }

  /** The database's version now; everything kept under an older one is forgotten. */
  #currentVersion(): Version {
    const version = this.changes.current();
    if (version !== this.#version) {
      this.#recent = new Map();
      this.#recentWeight = 0;
      this.#older = new Map();
      this.#version = version;
    }
    return version;
  }

  #get(key: string): V | undefined {
    const recent = this.#recent.get(key);
    if (recent !== undefined) return recent;
    const older = this.#older.get(key);
    if (older !== undefined) {
      this.#older.delete(key);
      this.#addRecent(key, older, this.weigh(older));
    }
    return older;
  }

  /**
   * Keeps what was read under `readUnder`, unless the database changed while it was read or its
   * changes cannot be followed, or it alone outweighs a generation. The key may be kept already:
   * two requests for it can both read it before either keeps it.
   */
  #keep(key: string, value: V, readUnder: Version): void {
    if (readUnder === undefined || this.changes.current() !== readUnder) return;
    const weight = this.weigh(value);
    if (weight > this.#generation) return;
    this.#older.delete(key);
    const replaced = this.#recent.get(key);
    if (replaced !== undefined) {
      this.#recent.delete(key);
      this.#recentWeight -= this.weigh(replaced);
    }
    this.#addRecent(key, value, weight);
  }

  #addRecent(key: string, value: V, weight: number): void {
    if (this.#recentWeight + weight > this.#generation) {
      this.#older = this.#recent;
      this.#recent = new Map();
      this.#recentWeight = 0;
    }
    this.#recent.set(key, value);
    this.#recentWeight += weight;
  }
}
