/**
 * Password hashing, a few at a time (issue 16). better-auth's own scrypt (N = 16384, r = 16: about
 * 95 ms of one core here, which is what makes guessing slow) runs in libuv's thread pool, which
 * the server shares with compression and file reads. Left to itself, a handful of sign-ins at once
 * took every thread of the pool and both cores for a tenth of a second each, and every other
 * answer waited behind them: in the mixed benchmark one sign-in in a hundred requests cut the
 * rate to 27% of the read-only load's, against 69% with none. At most HASHES_AT_ONCE hashes run
 * together; the others wait their turn, so sign-ins queue behind sign-ins, not readers behind them.
 * Past WAITING_AT_MOST in line, a sign-in is refused at once (429, RATE_LIMITED: "try again in a
 * moment") rather than kept waiting, so a flood of sign-ins from many addresses cannot hold
 * requests open without end. The hashes themselves are better-auth's, unchanged, so every stored
 * password still verifies.
 */
import { APIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';

/** One core of two for hashing, the other for everything else. */
const HASHES_AT_ONCE = 1;

/** About five seconds of hashing on this machine: a sign-in waits no longer than that. */
export const WAITING_AT_MOST = 50;

let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASHES_AT_ONCE && waiting.length >= WAITING_AT_MOST) {
    throw new APIError('TOO_MANY_REQUESTS', {
      message: 'Too many people are signing in right now. Please try again in a moment.',
    });
  }
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
