/**
 * What the server keeps in memory of the catalogue between requests, for as long as the database's
 * contents stay as they were (db/change-version.ts says when they move, for this process and every
 * other on the same database). Least recently used entries go first once `capacity` is reached.
 */
import type { ChangeVersion } from '../db/change-version.ts';

type Version = ReturnType<ChangeVersion['current']>;

export class CatalogueMemory<V> {
  /** Least recently used first, as Map keeps insertion order and a read moves its entry to the end. */
  #entries = new Map<string, V>();
  #version: Version;

  constructor(
    private readonly changes: ChangeVersion,
    private readonly capacity: number,
  ) {}

  /** The database's version now; everything kept under an older one is forgotten. */
  version(): Version {
    const version = this.changes.current();
    if (version !== this.#version) {
      this.#entries.clear();
      this.#version = version;
    }
    return version;
  }

  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  /**
   * Keeps what was read under `readUnder` (from `version()` before reading), unless the database
   * changed while it was read or its changes cannot be followed.
   */
  keep(key: string, value: V, readUnder: Version): void {
    if (readUnder === undefined || this.changes.current() !== readUnder) return;
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }
}
