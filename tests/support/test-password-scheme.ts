/**
 * The API tests' password scheme: scrypt as better-auth's, with a 16th of its work (N = 1024
 * instead of 16384). The tests make hundreds of accounts, and better-auth's hash takes a tenth of
 * a second of a core: it was most of the suite's time. Hashes still differ per salt and are
 * checked in constant time, so every test of passwords still means what it says; the servers the
 * process tests start, and every real server, hash with better-auth's own.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordScheme } from '../../src/server/auth/password-hashing.ts';

const COST = { N: 1024, r: 16, p: 1 };
const KEY_BYTES = 64;

const derive = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, COST, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

export const testPasswordScheme: PasswordScheme = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await derive(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [salt, key] = hash.split(':');
    if (!salt || !key) throw new Error('Invalid password hash');
    return timingSafeEqual(await derive(password, salt), Buffer.from(key, 'hex'));
  },
};
