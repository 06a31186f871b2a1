/**
 * End-to-end journeys in Debian's Chromium against the production build, served by the real
 * server on a fresh SQLite database seeded with the demo catalogue.
 */
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { LATER_DAYS, LATER_PORT } from './tests/e2e/later-library.ts';
import { E2E_AUTH_SECRET, E2E_LIBRARIANS } from './tests/e2e/librarians.ts';
import { SERVER_COMMAND } from './tests/support/server-process.ts';

const port = Number(process.env.E2E_PORT ?? 3107);
/**
 * Debian's Chromium, in its headless shell where installed (the `chromium-headless-shell` package,
 * the same build as /usr/bin/chromium without the browser's windows): the full browser opens a
 * window with its own toolbar renderer for every journey's context, which took twice the CPU and
 * made the suite 2.5 times slower on two cores (docs/decisions/028-browser-journeys-in-the-headless-shell.md).
 * A journey watched in a window (`--headed`, `--debug`, `--ui`) needs the full browser.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const watched = process.argv.some((arg) => ['--headed', '--debug', '--ui'].includes(arg));
const chromium =
  process.env.CHROMIUM_PATH ??
  (!watched && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
const baseURL = `http://localhost:${port}`;
// In the environment, like the outbox below, so the test workers find the same file: a journey
// may plant what the server would refuse (security.spec.ts).
process.env.E2E_DATABASE_FILE ??= path.join(
  tmpdir(),
  `pathagar-e2e-${process.pid}-${Date.now()}.db`,
);
const databaseFile = process.env.E2E_DATABASE_FILE;
// Where the servers write their mails (no SMTP server), which journeys read the links from. Kept
// in the environment, so the test workers, which load this file again, see the same directory.
process.env.E2E_OUTBOX_DIR ??= path.join(
  tmpdir(),
  `pathagar-e2e-outbox-${process.pid}-${Date.now()}`,
);
const outboxDir = process.env.E2E_OUTBOX_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A journey signs members up and in (each a scrypt hash) and runs axe, in Chromium beside two
  // servers on CI's two cores: on an idle machine several took 25-35 s, so 30 s timed them out.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL,
    // The service worker, which would download the whole app into every new page's cache in the
    // background, is let in by the journey that tests it (offline.spec.ts) alone.
    serviceWorkers: 'block',
    // Recording a trace costs about a quarter of the suite's time on CI's two cores, and nobody
    // can open one from a CI run; a local run keeps the failures' traces.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // The library as it is, and the same library (one database) with its clock moved on, so that
  // journeys see loans fall overdue without waiting. Cookies are kept per host, not per port, so
  // a member signed in on one is signed in on the other.
  webServer: [
    { port, env: {} as Record<string, string> },
    // The second server also lets only librarians edit the catalogue, as a library may choose.
    { port: LATER_PORT, env: { CLOCK_OFFSET: `${LATER_DAYS}d`, CATALOGUE_EDITORS: 'librarians' } },
  ].map((server) => ({
    command: ['node', ...SERVER_COMMAND.args].join(' '),
    url: `http://localhost:${server.port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(server.port),
      PUBLIC_URL: `http://localhost:${server.port}`,
      DATABASE_URL: databaseFile,
      AUTH_SECRET: E2E_AUTH_SECRET,
      AUTH_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
      OUTBOX_DIR: outboxDir,
      SMS_OUTBOX_DIR: path.join(outboxDir, 'sms'),
      LIBRARIAN_EMAILS: Object.values(E2E_LIBRARIANS).join(','),
      ...server.env,
    },
  })),
});
