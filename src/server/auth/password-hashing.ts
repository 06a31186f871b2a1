/**
 * Password hashing, a few at a time (issue 16). better-auth's own scrypt (N = 16384, r = 16: about
 * 95 ms of one core here, which is what makes guessing slow) runs in libuv's thread pool, which
 * the server shares with compression and file reads. Left to itself, a handful of sign-ins at once
 * took every thread of the pool and both cores for a tenth of a second each, and every other
 * answer waited behind them: in the mixed benchmark one sign-in in a hundred requests cut the
 * rate to 27% of the read-only load's, against 69% with none. At most HASHES_AT_ONCE hashes run
 * together; the others wait their turn, so sign-ins queue behind sign-ins, not readers behind them.
 * The hashes themselves are better-auth's, unchanged, so every stored password still verifies.
 */
import { hashPassword, verifyPassword } from 'better-auth/crypto';

/** One core of two for hashing, the other for everything else. */
const HASHES_AT_ONCE = 1;

let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASHES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The next in line takes this place; with nobody waiting, the place is given back.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** better-auth's `emailAndPassword.password`: its own scrypt, in turn. */
export const passwordHashing = {
  hash: (password: string) => inTurn(() => hashPassword(password)),
  verify: (data: { hash: string; password: string }) => inTurn(() => verifyPassword(data)),
};
