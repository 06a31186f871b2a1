/**
 * Password hashes take turns (password-hashing.ts): better-auth's own scrypt, so every stored
 * password still verifies, one hash at a time, first come first served, a failed hash giving its
 * turn up, and a full line refusing the next at once.
 */
import type * as BetterAuthCrypto from 'better-auth/crypto';
import { verifyPassword as betterAuthVerify } from 'better-auth/crypto';
import { describe, expect, it, vi } from 'vitest';

/** Spies on better-auth's functions, counting how many run at once. */
const watch = vi.hoisted(() => ({ running: 0, most: 0, order: [] as string[] }));

vi.mock('better-auth/crypto', async (original) => {
  const real = await original<typeof BetterAuthCrypto>();
  const counted =
    <A extends unknown[], R>(name: (...args: A) => string, work: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      watch.running += 1;
      watch.most = Math.max(watch.most, watch.running);
      watch.order.push(name(...args));
      try {
        return await work(...args);
      } finally {
        watch.running -= 1;
      }
    };
  return {
    ...real,
    hashPassword: counted((password: string) => `hash ${password}`, real.hashPassword),
    verifyPassword: counted(
      ({ password }: { hash: string; password: string }) => `verify ${password}`,
      real.verifyPassword,
    ),
  };
});

const hashing = await import('./password-hashing.ts');
const { hashingFor, SHARE_PER_ACCOUNT, SHARE_PER_ADDRESS, WAITING_AT_MOST } = hashing;
/** Every server's scheme: better-auth's scrypt, in turn. */
const passwordHashing = hashing.passwordHashing();

describe('password hashing', () => {
  it('hashes as better-auth does, so its own verification accepts the hash', async () => {
    const hash = await passwordHashing.hash('Kadam-Tree-77');
    expect(await betterAuthVerify({ hash, password: 'Kadam-Tree-77' })).toBe(true);
    expect(await passwordHashing.verify({ hash, password: 'Kadam-Tree-77' })).toBe(true);
    expect(await passwordHashing.verify({ hash, password: 'kadam-tree-77' })).toBe(false);
  });

  it('runs one hash at a time, in the order they were asked for', async () => {
    watch.most = 0;
    watch.order.length = 0;
    const hash = await passwordHashing.hash('first');
    await Promise.all([
      passwordHashing.verify({ hash, password: 'a' }),
      passwordHashing.hash('b'),
      passwordHashing.verify({ hash, password: 'c' }),
    ]);
    expect(watch.most).toBe(1);
    expect(watch.order).toEqual(['hash first', 'verify a', 'hash b', 'verify c']);
  });

  it('gives its turn up when a hash fails', async () => {
    await expect(passwordHashing.verify({ hash: 'not a hash', password: 'x' })).rejects.toThrow();
    const hash = await passwordHashing.hash('after');
    expect(await passwordHashing.verify({ hash, password: 'after' })).toBe(true);
  });

  it('refuses a sign-in at once, as too many, when the line is full, and serves the line', async () => {
    const hash = await passwordHashing.hash('line');
    const line = Array.from({ length: 1 + WAITING_AT_MOST }, () =>
      passwordHashing.verify({ hash, password: 'line' }),
    );
    await expect(passwordHashing.verify({ hash, password: 'line' })).rejects.toMatchObject({
      statusCode: 429,
    });
    expect(await Promise.all(line)).toEqual(line.map(() => true));
  });

  it('gives each address and account a bounded share of the line, and others their turn', async () => {
    const hash = await passwordHashing.hash('share');
    const verifyAs = (address: string, account: string | null) =>
      hashingFor({ address, account }, () => passwordHashing.verify({ hash, password: 'share' }));
    const flood = Array.from({ length: SHARE_PER_ADDRESS + 1 }, (_, index) =>
      verifyAs('192.0.2.1', `guess${index}@example.org`).then(
        () => 'checked',
        (error: { statusCode?: number }) => error.statusCode,
      ),
    );
    const oneAccount = Array.from({ length: SHARE_PER_ACCOUNT + 1 }, (_, index) =>
      verifyAs(`198.51.100.${index}`, 'victim@example.org').then(
        () => 'checked',
        (error: { statusCode?: number }) => error.statusCode,
      ),
    );
    const bystander = verifyAs('203.0.113.9', 'reader@example.org');
    expect(await Promise.all(flood)).toEqual([
      ...Array.from({ length: SHARE_PER_ADDRESS }, () => 'checked'),
      429,
    ]);
    expect(await Promise.all(oneAccount)).toEqual([
      ...Array.from({ length: SHARE_PER_ACCOUNT }, () => 'checked'),
      429,
    ]);
    expect(await bystander).toBe(true);
    // Once served, the address has its whole share again.
    expect(await verifyAs('192.0.2.1', null)).toBe(true);
  }, 120_000);
});
