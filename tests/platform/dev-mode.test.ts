/**
 * `npm run dev` as a contributor runs it: Vite in front of the API, signing up and borrowing
 * through Vite's port (the origin better-auth must trust), with the XSRF echo a browser's client sends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpAgent } from '../support/http-agent.ts';
import { freePort } from '../support/postgres-cluster.ts';
import { waitForHealth } from '../support/server-process.ts';

let dev: ChildProcess;
let exited: Promise<unknown>;
let output = '';
let viteUrl = '';
const dataDir = mkdtempSync(path.join(tmpdir(), 'pathagar-dev-'));

beforeAll(async () => {
  const [port, apiPort] = [await freePort(), await freePort()];
  viteUrl = `http://localhost:${port}`;
  // A contributor's shell: without Vitest's TEST=true and NODE_ENV=test, under which better-auth
  // skips its origin check (the check that refused sign-in through Vite before).
  const environment = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(TEST|VITEST.*|NODE_ENV|PUBLIC_URL|PORT|HOST|CLIENT_DIR)$/.test(name),
    ),
  );
  // Its own process group, so that npm, Vite, tsx watch and the API stop together.
  dev = spawn('npm', ['run', 'dev'], {
    detached: true,
    env: {
      ...environment,
      DEV_PORT: String(port),
      DEV_API_PORT: String(apiPort),
      DATABASE_URL: path.join(dataDir, 'pathagar.db'),
      AUTH_SECRET: 'dev-mode-test-secret-that-is-long-enough',
      LOG_LEVEL: 'warn',
    },
  });
  dev.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  exited = new Promise((resolve) => dev.on('exit', resolve));
  try {
    // Through Vite's proxy: both servers answer.
    await waitForHealth(viteUrl, 900);
  } catch (error) {
    throw new Error(`npm run dev never answered through Vite:\n${output}`, { cause: error });
  }
}, 120_000);

afterAll(async () => {
  if (dev?.pid) {
    process.kill(-dev.pid, 'SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it("serves the client with Vite's hot reload", async () => {
    const page = await fetch(`${viteUrl}/books/some-book`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/@vite/client');
    const cover = await fetch(`${viteUrl}/images/avatar-placeholder.svg`);
    expect(cover.status).toBe(200);
  });

  it("signs up, borrows and reads the member's loans through Vite's port", async () => {
    const member = await HttpAgent.signUp(viteUrl);
    expect(await member.request('GET', '/api/borrowedBooks')).toEqual({ status: 200, body: [] });

    const books = await member.request<{ _id: string }[]>('GET', '/api/books?limit=1');
    const book = books.body[0];
    expect(book).toBeDefined();
    const today = new Date();
    const inAWeek = new Date(today.getTime() + 7 * 86_400_000);
    const borrowed = await member.request('POST', '/api/borrowedBooks', {
      bookId: book?._id,
      borrowedDate: today.toISOString().slice(0, 10),
      returnDate: inAWeek.toISOString().slice(0, 10),
    });
    expect(borrowed.status).toBe(201);

    const loans = await member.request<{ bookId: string }[]>('GET', '/api/borrowedBooks');
    expect(loans.status).toBe(200);
    expect(loans.body.map((loan) => loan.bookId)).toEqual([book?._id]);
  });

  it('answers for stored images that are not files of public/ from the API', async () => {
    const response = await fetch(`${viteUrl}/images/not-stored.webp`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });
});
