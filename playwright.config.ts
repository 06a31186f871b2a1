/**
 * End-to-end journeys in Debian's Chromium against the production build, served by the real
 * server on a fresh SQLite database seeded with the demo catalogue.
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { SERVER_COMMAND } from './tests/support/server-process.ts';

const port = Number(process.env.E2E_PORT ?? 3107);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  webServer: {
    command: ['node', ...SERVER_COMMAND.args].join(' '),
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATABASE_URL: path.join(tmpdir(), `pathagar-e2e-${process.pid}-${Date.now()}.db`),
      AUTH_SECRET: 'e2e-secret-that-is-long-enough-for-better-auth',
      AUTH_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
    },
  },
});
