/**
 * The pair of server processes every two-process race shares (issue 39, item 8): booting and
 * migrating a server is the slow part of these tests, so one pair on one PostgreSQL database
 * serves them all. Races stay independent by making their own books, members and rooms, and by
 * reading only their own rows, save for invariants that hold for every row whoever wrote it.
 */
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../../../src/server/db/database.ts';
import { confirmationLink } from '../../support/agent.ts';
import { HttpAgent } from '../../support/http-agent.ts';
import {
  SERVER_PROCESS_SECRET,
  startServerProcess,
  type ServerProcess,
} from '../../support/server-process.ts';
import { createTestDatabase } from '../../support/test-app.ts';

/** The librarian LIBRARIAN_EMAILS names: a librarian from sign-up on, on both servers. */
const LIBRARIAN_EMAIL = 'desk@library.test';

export interface TwoProcesses {
  /** Both instances stand behind one public origin, as behind a load balancer. */
  publicOrigin: string;
  /** The shared database's address, for a raw connection that holds a lock. */
  databaseUrl: string;
  first: ServerProcess;
  second: ServerProcess;
  /** A direct handle on the database, to read what the servers stored. */
  direct: Database;
  /** A librarian signed in on the first instance (`.to(second.url)` for the other). */
  librarian: HttpAgent;
  /** A member signed up afresh on the given instance. */
  signUpOn(server: ServerProcess): Promise<HttpAgent>;
}

/**
 * Registers the hooks that start the pair before the races and stop it after, and answers the
 * context the races read once the pair is up (its fields are empty while tests are collected).
 */
export function sharedPair(): TwoProcesses {
  const publicOrigin = 'http://library.localhost';
  const context = { publicOrigin } as TwoProcesses;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const database = await createTestDatabase('postgres');
    drop = database.drop;
    const env = {
      DATABASE_URL: database.url,
      PUBLIC_URL: publicOrigin,
      LIBRARIAN_EMAILS: LIBRARIAN_EMAIL,
    };
    const [first, second] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    const librarian = new HttpAgent(first.url, publicOrigin);
    await librarian.request('GET', '/api/health');
    await librarian.request('POST', '/api/auth/sign-up/email', {
      name: 'Desk',
      email: LIBRARIAN_EMAIL,
      password: 'Library123',
      image: '/images/avatar-placeholder.svg',
    });
    await librarian.request('GET', await confirmationLink(LIBRARIAN_EMAIL, SERVER_PROCESS_SECRET));
    Object.assign(context, {
      databaseUrl: database.url,
      first,
      second,
      direct: openDatabase(database.url),
      librarian,
      signUpOn: (server: ServerProcess) => HttpAgent.signUp(server.url, publicOrigin),
    });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([context.first?.stop(), context.second?.stop()]);
    await context.direct?.close();
    await drop?.();
  });

  return context;
}
