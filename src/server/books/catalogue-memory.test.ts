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

const bytes = (size: number) => Buffer.alloc(size);
const weighBytes = (value: Buffer) => value.length;

describe('catalogue memory', () => {
  it('keeps entries up to their total weight, forgetting the least recently used first', () => {
    const changes = fakeChanges();
    const memory = new CatalogueMemory(changes, 100, weighBytes);
    const version = memory.version();
    memory.keep('a', bytes(40), version);
    memory.keep('b', bytes(40), version);
    memory.get('a');
    memory.keep('c', bytes(40), version);

    expect(memory.get('b')).toBeUndefined();
    expect(memory.get('a')?.length).toBe(40);
    expect(memory.get('c')?.length).toBe(40);
  });

  it('counts a replaced entry once, and never keeps one heavier than half the capacity', () => {
    const memory = new CatalogueMemory(fakeChanges(), 100, weighBytes);
    const version = memory.version();
    memory.keep('a', bytes(30), version);
    memory.keep('a', bytes(30), version);
    memory.keep('b', bytes(20), version);
    memory.keep('huge', bytes(51), version);

    expect(memory.get('a')?.length).toBe(30);
    expect(memory.get('b')?.length).toBe(20);
    expect(memory.get('huge')).toBeUndefined();
  });

  it('never weighs more than its capacity, however many entries come', () => {
    const memory = new CatalogueMemory(fakeChanges(), 100, weighBytes);
    const version = memory.version();
    for (let index = 0; index < 1000; index += 1) memory.keep(`entry ${index}`, bytes(7), version);
    const kept = Array.from({ length: 1000 }, (_, index) => memory.get(`entry ${index}`)).filter(
      (value) => value !== undefined,
    );
    expect(kept.length * 7).toBeLessThanOrEqual(100);
    expect(memory.get('entry 999')?.length).toBe(7);
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
