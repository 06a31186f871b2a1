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
 *
 * Each client has a bounded share of the line (issue 30): 100 password checks at once from one
 * session filled it, and other members' sign-ins waited 7–9 s or were refused. A request's hashes
 * count against its address and, where the request names one, its account (`hashingFor`); past
 * SHARE_PER_ADDRESS or SHARE_PER_ACCOUNT of them in line, the next is refused at once (429).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { APIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';

/** One core of two for hashing, the other for everything else. */
const HASHES_AT_ONCE = 1;

/** About five seconds of hashing on this machine: a sign-in waits no longer than that. */
export const WAITING_AT_MOST = 50;

/** A reading room signing in at once fits, and so does a benchmark signing up ten members. */
export const SHARE_PER_ADDRESS = 16;

/** A member's sign-in in two tabs at once fits in it. */
export const SHARE_PER_ACCOUNT = 2;

/** Whom a request's hashes are for: the client's address, and the account when it names one. */
export interface HashingClient {
  address: string;
  account: string | null;
}

const currentClient = new AsyncLocalStorage<HashingClient>();

/** Runs `work` (a request to better-auth) with its hashes counted against `client`'s share. */
export const hashingFor = <T>(client: HashingClient, work: () => Promise<T>): Promise<T> =>
  currentClient.run(client, work);

let running = 0;
const waiting: (() => void)[] = [];
/** How many hashes each address and account has in line, running or waiting. */
const inLine = new Map<string, number>();

function sharesOf(client: HashingClient | undefined): [key: string, share: number][] {
  if (!client) return [];
  const shares: [string, number][] = [[`address ${client.address}`, SHARE_PER_ADDRESS]];
  if (client.account) shares.push([`account ${client.account}`, SHARE_PER_ACCOUNT]);
  return shares;
}

function joinLine(keys: string[]) {
  for (const key of keys) inLine.set(key, (inLine.get(key) ?? 0) + 1);
}

function leaveLine(keys: string[]) {
  for (const key of keys) {
    const left = (inLine.get(key) ?? 1) - 1;
    if (left > 0) inLine.set(key, left);
    else inLine.delete(key);
  }
}

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const shares = sharesOf(currentClient.getStore());
  if (shares.some(([key, share]) => (inLine.get(key) ?? 0) >= share)) {
    throw new APIError('TOO_MANY_REQUESTS', {
      message: 'Too many sign-ins from you at once. Please try again in a moment.',
    });
  }
  if (running >= HASHES_AT_ONCE && waiting.length >= WAITING_AT_MOST) {
    throw new APIError('TOO_MANY_REQUESTS', {
      message: 'Too many people are signing in right now. Please try again in a moment.',
    });
  }
  const keys = shares.map(([key]) => key);
  joinLine(keys);
  if (running >= HASHES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    leaveLine(keys);
    // The next in line takes this place; with nobody waiting, the place is given back.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** How passwords are hashed and checked: better-auth's `emailAndPassword.password`. */
export interface PasswordScheme {
  hash: (password: string) => Promise<string>;
  verify: (data: { hash: string; password: string }) => Promise<boolean>;
}

/** better-auth's own scrypt: what every server uses. */
export const BETTER_AUTH_SCRYPT: PasswordScheme = { hash: hashPassword, verify: verifyPassword };

/**
 * The scheme's hashes, in turn. Only the API tests give another scheme (a cheaper scrypt, their
 * accounts being made by the hundred); every server runs better-auth's.
 */
export const passwordHashing = (scheme: PasswordScheme = BETTER_AUTH_SCRYPT): PasswordScheme => ({
  hash: (password) => inTurn(() => scheme.hash(password)),
  verify: (data) => inTurn(() => scheme.verify(data)),
});
