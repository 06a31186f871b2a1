/**
 * `npm run lighthouse [-- <built client dir>]`: Lighthouse's mobile preset on the home page (in
 * English and in Bangla), a book's details and a category page, in Debian's Chromium, against the production build served by the real server
 * on a fresh demo database. Prints the four scores of each page; fails when one misses its
 * target (performance ≥ 95, accessibility 100, best practices ≥ 95, SEO ≥ 95). Then whether
 * Chromium finds the app installable (a manifest and a service worker, DECISIONS §27): Lighthouse
 * 12 has no PWA category any more, so this asks the browser itself, as its install button does
 * (the DevTools protocol's Page.getInstallabilityErrors); fails when it is not.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Book } from '../src/common/types.ts';
import { buildServer, startServerProcess } from '../tests/support/server-process.ts';

const CLIENT_DIR = process.argv[2] ?? 'dist/client';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags of playwright.config.ts, headless. */
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 } as const;
type Category = keyof typeof TARGETS;
const CATEGORIES = Object.keys(TARGETS) as Category[];

type Scores = Record<Category, number>;

interface PageResult {
  scores: Scores;
  /** The weighed audits that failed, with their figures, in the categories that missed their target. */
  failures: string[];
}

/** `headers` go with every request of the page, e.g. the `lang` cookie of a Bangla reader. */
async function audit(
  url: string,
  port: number,
  headers: Record<string, string> = {},
): Promise<PageResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    extraHeaders: headers,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  // A run that failed scores 0 everywhere; its reason is the figure worth printing.
  if (runtimeError) console.error(`Lighthouse could not audit ${url}: ${runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((name) => [name, Math.round((categories[name]?.score ?? 0) * 100)]),
  ) as Scores;
  const failures = CATEGORIES.filter((name) => scores[name] < TARGETS[name]).flatMap((name) =>
    (categories[name]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => {
        const audit = audits[ref.id];
        const figure = audit?.displayValue ? ` (${audit.displayValue})` : '';
        return `${name}: ${audit?.title ?? ref.id}${figure}`;
      }),
  );
  return { scores, failures };
}

/** One DevTools-protocol session with a new tab of the launched Chromium. */
async function devTools(port: number) {
  const target = (await (
    await fetch(`http://127.0.0.1:${port}/json/new?about:blank`, { method: 'PUT' })
  ).json()) as { webSocketDebuggerUrl: string };
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let next = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  return {
    send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
      const id = (next += 1);
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve) => waiting.set(id, (result) => resolve(result as T)));
    },
    close: () => socket.close(),
  };
}

/** What keeps Chromium from offering to install the home page; none when it is installable. */
async function installabilityErrors(url: string, port: number): Promise<string[]> {
  const tab = await devTools(port);
  try {
    await tab.send('Page.enable');
    await tab.send('Page.navigate', { url });
    // The worker is registered after load and then installs: give it the time a visit would.
    for (let attempt = 0; attempt < 30; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const { installabilityErrors: errors } = await tab.send<{
        installabilityErrors: { errorId: string }[];
      }>('Page.getInstallabilityErrors');
      if (errors.length === 0) return [];
      if (attempt === 29) return errors.map((error) => error.errorId);
    }
    return [];
  } finally {
    tab.close();
  }
}

async function main(): Promise<number> {
  if (existsSync(path.join(CLIENT_DIR, 'index.html'))) buildServer();
  else execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const dir = mkdtempSync(path.join(tmpdir(), 'pathagar-lighthouse-'));
  const server = await startServerProcess({
    DATABASE_URL: path.join(dir, 'demo.db'),
    SEED_DEMO: 'true',
    CLIENT_DIR,
    LOG_LEVEL: 'warn',
  });
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const [book] = (await (await fetch(`${server.url}/api/books?limit=1`)).json()) as Book[];
    const bangla = { Cookie: 'lang=bn' };
    // The home page in Bangla too: its catalogue and the Bengali font are its own (docs/product.md#language).
    const pages: Record<string, { pathname: string; headers?: Record<string, string> }> = {
      home: { pathname: '/' },
      'home in Bangla': { pathname: '/', headers: bangla },
      'book details': { pathname: `/books/${book?._id ?? ''}` },
      'category page': {
        pathname: `/category/${encodeURIComponent(book?.category ?? 'Novel')}`,
      },
    };
    const failures: string[] = [];
    console.log(`| page | ${CATEGORIES.join(' | ')} |`);
    console.log(`| --- | ${CATEGORIES.map(() => '---').join(' | ')} |`);
    for (const [name, { pathname, headers }] of Object.entries(pages)) {
      const result = await audit(`${server.url}${pathname}`, chrome.port, headers);
      console.log(
        `| ${name} | ${CATEGORIES.map((category) => result.scores[category]).join(' | ')} |`,
      );
      failures.push(...result.failures.map((failure) => `${name} · ${failure}`));
    }
    const notInstallable = await installabilityErrors(`${server.url}/`, chrome.port);
    console.log(
      `\nInstallable (Chromium's own check): ${notInstallable.length ? `no: ${notInstallable.join(', ')}` : 'yes'}`,
    );
    failures.push(...notInstallable.map((error) => `installability · ${error}`));
    const targets = CATEGORIES.map((name) => `${name} ≥ ${TARGETS[name]}`).join(', ');
    console.log(`\nTargets: ${targets}: ${failures.length ? 'NOT all met' : 'all met'}`);
    for (const failure of failures) console.log(`  ${failure}`);
    return failures.length ? 1 : 0;
  } finally {
    chrome.kill();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
