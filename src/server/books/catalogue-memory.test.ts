import { describe, expect, it } from 'vitest';
import type { ChangeVersion } from '../db/change-version.ts';
import { CatalogueMemory } from './catalogue-memory.ts';

/** A database whose version the test moves by hand. */
function fakeChanges(): ChangeVersion & { move(): void; lose(): void } {
  let version: number | undefined = 1;
  return {
    current: () => version,
    close: async () => {},
    move: () => {
      version = (version ?? 0) + 1;
    },
    lose: () => {
      version = undefined;
    },
  };
}

const CAPACITY = 100;
const bytes = (size: number) => Buffer.alloc(size);
const weighBytes = (value: Buffer) => value.length;
const byteMemory = () => new CatalogueMemory(fakeChanges(), CAPACITY, weighBytes);

/** Reads `value` (after a turn of the event loop, as a query would) for the memory to keep. */
const read = (memory: CatalogueMemory<Buffer>, key: string, value: Buffer) =>
  memory.remember(key, async () => {
    await Promise.resolve();
    return value;
  });

/** What is kept under `key`: asked with a read too heavy ever to be kept itself. */
async function kept(memory: CatalogueMemory<Buffer>, key: string): Promise<number | undefined> {
  const probe = bytes(CAPACITY);
  const answer = await memory.remember(key, async () => probe);
  return answer === probe ? undefined : answer.length;
}

describe('catalogue memory', () => {
  it('keeps entries up to their total weight, forgetting the least recently used first', async () => {
    const memory = byteMemory();
    await read(memory, 'a', bytes(40));
    await read(memory, 'b', bytes(40));
    expect(await kept(memory, 'a')).toBe(40);
    await read(memory, 'c', bytes(40));

    expect(await kept(memory, 'b')).toBeUndefined();
    expect(await kept(memory, 'a')).toBe(40);
    expect(await kept(memory, 'c')).toBe(40);
  });

  it('counts an entry read twice at once only once, and never keeps one heavier than half the capacity', async () => {
    const memory = byteMemory();
    await Promise.all([read(memory, 'a', bytes(25)), read(memory, 'a', bytes(25))]);
    await read(memory, 'b', bytes(25));
    await read(memory, 'c', bytes(25));
    await read(memory, 'd', bytes(25));
    await read(memory, 'huge', bytes(51));

    expect(await kept(memory, 'a')).toBe(25);
    expect(await kept(memory, 'huge')).toBeUndefined();
  });

  it('never weighs more than its capacity, however many entries come', async () => {
    const memory = byteMemory();
    for (let index = 0; index < 1000; index += 1) await read(memory, `entry ${index}`, bytes(7));
    expect(await kept(memory, 'entry 999')).toBe(7);
    let weight = 0;
    for (let index = 0; index < 1000; index += 1)
      weight += (await kept(memory, `entry ${index}`)) ?? 0;
    expect(weight).toBeLessThanOrEqual(CAPACITY);
  });

  it('forgets everything once the database moves, and keeps nothing read while it moved', async () => {
    const changes = fakeChanges();
    const memory = new CatalogueMemory<string>(changes, 10);
    expect(await memory.remember('total', async () => 'first read')).toBe('first read');
    expect(await memory.remember('total', async () => 'never read')).toBe('first read');

    changes.move();
    expect(await memory.remember('total', async () => 'after the change')).toBe('after the change');

    const readWhileMoving = await memory.remember('other', async () => {
      changes.move();
      return 'stale';
    });
    expect(readWhileMoving).toBe('stale');
    expect(await memory.remember('other', async () => 'fresh')).toBe('fresh');
  });

  it('keeps nothing while changes cannot be followed', async () => {
    const changes = fakeChanges();
    const memory = new CatalogueMemory<string>(changes, 10);
    changes.lose();
    await memory.remember('total', async () => 'one');
    expect(await memory.remember('total', async () => 'two')).toBe('two');
  });
});
