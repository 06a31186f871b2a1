/**
 * A least-recently-used cache (`lru-cache`) whose answers carry tags, so that a change can forget
 * just the answers tagged with what it touched: a list answer is tagged with the books it shows,
 * and a list or total filtered by copies on the shelf with ON_SHELF_ONLY (books.service.ts).
 */
import { LRUCache } from 'lru-cache';

/** The tag of answers that depend on which books have a copy on the shelf. */
export const ON_SHELF_ONLY = 'available=true';

export class TaggedCache<V extends object> {
  readonly #answers: LRUCache<string, V>;
  /** The keys of the answers kept under each tag. */
  readonly #keysByTag = new Map<string, Set<string>>();
  #clearing = false;

  /** `tagsOf` answers the same tags for a value every time it is asked. */
  constructor(
    options: LRUCache.Options<string, V, unknown>,
    private readonly tagsOf: (value: V) => Iterable<string>,
  ) {
    // Called for every answer that leaves: evicted, deleted, replaced or cleared.
    this.#answers = new LRUCache<string, V>({
      ...options,
      dispose: (value, key) => this.#untag(key, value),
    });
  }

  get(key: string): V | undefined {
    return this.#answers.get(key);
  }

  set(key: string, value: V): void {
    this.#answers.set(key, value);
    // An answer larger than the whole cache is not kept, nor tagged.
    if (this.#answers.peek(key) !== value) return;
    for (const tag of this.tagsOf(value)) {
      const keys = this.#keysByTag.get(tag);
      if (keys) keys.add(key);
      else this.#keysByTag.set(tag, new Set([key]));
    }
  }

  /** Forgets every answer that carries one of `tags`, and no other. */
  forgetTagged(tags: Iterable<string>): void {
    for (const tag of tags)
      for (const key of [...(this.#keysByTag.get(tag) ?? [])]) this.#answers.delete(key);
  }

  clear(): void {
    this.#clearing = true;
    this.#answers.clear();
    this.#clearing = false;
    this.#keysByTag.clear();
  }

  #untag(key: string, value: V): void {
    if (this.#clearing) return;
    for (const tag of this.tagsOf(value)) {
      const keys = this.#keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#keysByTag.delete(tag);
    }
  }
}
