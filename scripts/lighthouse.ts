/**
 * `npm run lighthouse [-- options]`: Lighthouse 13's mobile preset, in Debian's Chromium, against
 * the production build served by the real server on a fresh demo database, on every public page
 * and the member's own pages (signed in as a member with a loan, a hold and a card), each in
 * English and in Bangla, light and dark (docs/performance.md#lighthouse). Prints the scores of
 * each run and the failed audits of any category under its target (performance ≥ 95,
 * accessibility 100, best practices ≥ 95, SEO ≥ 95), and fails then. A full run writes its table
 * into docs/performance.md between the `lighthouse:table` markers. Then whether Chromium finds
 * the app installable (a manifest and a service worker, DECISIONS §27): Lighthouse has no PWA
 * category any more, so this asks the browser itself, as its install button does (the DevTools
 * protocol's Page.getInstallabilityErrors); fails when it is not.
 *
 * Options: `--page <name>` (repeatable: only these pages), `--lang en|bn`, `--theme light|dark`
 * (a subset is printed, never written), `--runs <n>` (audits each page n times and keeps the run
 * of median performance: one run's score moves by up to ten points), `--reports <dir>` (keeps
 * each run's JSON report there), `--client <dir>` (the built client, dist/client by default).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { format } from 'prettier';
import sharp from 'sharp';
import type { Book, CirculationRules } from '../src/common/types.ts';
import { buildServer, startServerProcess } from '../tests/support/server-process.ts';

const { values: options } = parseArgs({
  options: {
    page: { type: 'string', multiple: true },
    lang: { type: 'string' },
    theme: { type: 'string' },
    reports: { type: 'string' },
    runs: { type: 'string', default: '1' },
    client: { type: 'string', default: 'dist/client' },
  },
});
const CLIENT_DIR = options.client;
const RUNS = Number(options.runs);
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 9) throw new Error('--runs takes 1 to 9');
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
/** Chromium's own dark mode: `prefers-color-scheme: dark`, as a phone set to dark asks for. */
const DARK_FLAGS = [...CHROMIUM_FLAGS, '--force-dark-mode'];

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 95 } as const;
type Category = keyof typeof TARGETS;
const CATEGORIES = Object.keys(TARGETS) as Category[];
const LANGUAGES = ['en', 'bn'] as const;
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

type Scores = Record<Category, number>;

interface RunResult {
  scores: Scores;
  /** Cumulative layout shift and largest contentful paint, as Lighthouse's lab measured them. */
  cls: number;
  lcpMs: number;
  /** The weighed audits that failed, with their figures, in the categories that missed their target. */
  failures: string[];
}

/**
 * Puts exactly these cookies into the browser's jar (Chromium's DevTools protocol, on the browser's
 * own target), as a member's browser holds them: the page's scripts see them as they would
 * (the XSRF token is read from `document.cookie`), which headers sent by Lighthouse would not do.
 */
async function setCookies(port: number, url: string, cookies: Record<string, string>) {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let id = 0;
  const send = (method: string, params: object) =>
    new Promise<void>((resolve, reject) => {
      const sent = ++id;
      socket.onmessage = (event) => {
        const answer = JSON.parse(String(event.data)) as { id: number; error?: unknown };
        if (answer.id !== sent) return;
        if (answer.error) reject(new Error(JSON.stringify(answer.error)));
        else resolve();
      };
      socket.send(JSON.stringify({ id: sent, method, params }));
    });
  try {
    await send('Storage.clearCookies', {});
    const list = Object.entries(cookies).map(([name, value]) => ({ name, value, url }));
    await send('Storage.setCookies', { cookies: list });
  } finally {
    socket.close();
  }
}

async function audit(url: string, port: number, reportFile?: string): Promise<RunResult> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (reportFile) writeFileSync(reportFile, JSON.stringify(result.lhr, null, 1));
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
        const failed = audits[ref.id];
        const figure = failed?.displayValue ? ` (${failed.displayValue})` : '';
        return `${name}: ${failed?.title ?? ref.id}${figure}`;
      }),
  );
  return {
    scores,
    cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? 0,
    failures,
  };
}

/** `RUNS` runs of `runOnce`, one after the other; the one whose performance is the median. */
async function medianRun(runOnce: (run: number) => Promise<RunResult>): Promise<RunResult> {
  const results: RunResult[] = [];
  for (let run = 1; run <= RUNS; run++) results.push(await runOnce(run));
  results.sort((a, b) => a.scores.performance - b.scores.performance);
  return results[Math.floor(results.length / 2)] as RunResult;
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

/** The cookies of a member signed up (and in) through better-auth's endpoint. */
async function signUpMember(url: string): Promise<Record<string, string>> {
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      name: 'Lighthouse Reader',
      email: `lighthouse-${Date.now()}@example.test`,
      password: 'Reader2024',
    }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const pairs = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
  if (!pairs.some((pair) => pair.startsWith('XSRF-TOKEN='))) {
    const health = await fetch(`${url}/api/health`);
    pairs.push(...health.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? ''));
  }
  const cookies = Object.fromEntries(
    pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  // Every member has a photo (sign-up asks for one): a phone's, wider than tall, as most are.
  const photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: '#8a6f4d' },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'me.jpg');
  const { url: image } = (await asMember(url, cookies, 'POST', '/api/images', form)) as {
    url: string;
  };
  await asMember(url, cookies, 'POST', '/api/auth/update-user', { image });
  return cookies;
}

/** A member's API call, echoing the XSRF token of the member's cookies as its header. */
async function asMember(
  url: string,
  cookies: Record<string, string>,
  method: string,
  apiPath: string,
  body?: unknown,
) {
  const response = await fetch(`${url}${apiPath}`, {
    method,
    headers: {
      cookie: Object.entries(cookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; '),
      'x-xsrf-token': cookies['XSRF-TOKEN'] ?? '',
      origin: url,
      ...(body === undefined || body instanceof FormData
        ? {}
        : { 'content-type': 'application/json' }),
    },
    body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${apiPath}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<unknown>;
}

interface AuditedPage {
  name: string;
  /** The path, in each language where they differ (the reader opens a book in its language). */
  pathname: string | Record<(typeof LANGUAGES)[number], string>;
  signedIn?: boolean;
}

/** Every page the issue names (docs/performance.md#lighthouse), public and the member's own. */
async function pagesToAudit(url: string, cookie: Record<string, string>): Promise<AuditedPage[]> {
  const books = (await (await fetch(`${url}/api/books?limit=2`)).json()) as Book[];
  const [book, held] = books;
  if (!book || !held) throw new Error('the demo catalogue has no books');
  const ebooks = (await (await fetch(`${url}/api/ebooks`)).json()) as Book[];
  const ebookNamed = (name: string) => ebooks.find((ebook) => ebook.name === name)?._id ?? '';
  // The member has a loan and a hold, so Borrowed Books shows both as a member sees them.
  const rules = (await asMember(url, cookie, 'GET', '/api/circulation/rules')) as CirculationRules;
  const returnDate = new Date(`${rules.today}T00:00:00Z`);
  returnDate.setUTCDate(returnDate.getUTCDate() + 14);
  await asMember(url, cookie, 'POST', '/api/borrowedBooks', {
    bookId: book._id,
    borrowedDate: rules.today,
    returnDate: returnDate.toISOString().slice(0, 10),
  });
  await asMember(url, cookie, 'POST', '/api/holds', { bookId: held._id }).catch(() => undefined);
  return [
    { name: 'home', pathname: '/' },
    { name: 'book details', pathname: `/books/${book._id}` },
    { name: 'category', pathname: `/category/${encodeURIComponent(book.category)}` },
    { name: 'search', pathname: '/search?q=river' },
    { name: 'events', pathname: '/events' },
    { name: 'study rooms', pathname: '/study-rooms' },
    { name: 'read online', pathname: '/read-online' },
    { name: 'membership', pathname: '/membership' },
    { name: 'sign in', pathname: '/signIn' },
    { name: 'register', pathname: '/register' },
    { name: 'terms', pathname: '/terms' },
    { name: 'privacy', pathname: '/privacy' },
    { name: 'contact', pathname: '/contact' },
    { name: 'borrowed books', pathname: '/borrowedBooks', signedIn: true },
    { name: 'card', pathname: '/card', signedIn: true },
    { name: 'profile', pathname: '/profile', signedIn: true },
    { name: 'study rooms, signed in', pathname: '/study-rooms', signedIn: true },
    { name: 'events, signed in', pathname: '/events', signedIn: true },
    { name: 'read online, signed in', pathname: '/read-online', signedIn: true },
    {
      name: 'a book in the reader',
      pathname: {
        en: `/read/${ebookNamed('The Lamp-Keeper of Sonadia')}`,
        bn: `/read/${ebookNamed('নদীর ধারে একদিন')}`,
      },
      signedIn: true,
    },
  ];
}

const TABLE_START = '<!-- lighthouse:table -->';
const TABLE_END = '<!-- /lighthouse:table -->';

/** One row per page and language: each theme's four scores, and the worst layout shift and LCP. */
function tableOf(rows: { page: string; language: string; byTheme: Record<Theme, RunResult> }[]) {
  const cell = (result: RunResult) => CATEGORIES.map((name) => result.scores[name]).join(' · ');
  const lines = [
    '| page | language | light: perf · a11y · bp · seo | dark: perf · a11y · bp · seo | CLS | LCP s |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows.map(({ page, language, byTheme }) => {
      const results = Object.values(byTheme);
      const cls = Math.max(...results.map((result) => result.cls));
      const lcp = Math.max(...results.map((result) => result.lcpMs)) / 1000;
      return `| ${page} | ${language} | ${cell(byTheme.light)} | ${cell(byTheme.dark)} | ${cls.toFixed(3)} | ${lcp.toFixed(1)} |`;
    }),
  ];
  return lines.join('\n');
}

/** Writes the table between its markers, formatted as `npm run format` would (the CI checks it). */
async function writeTable(table: string) {
  const file = 'docs/performance.md';
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(TABLE_START);
  const end = text.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${file} has no ${TABLE_START} … ${TABLE_END}`);
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const each = RUNS > 1 ? `the median of ${RUNS} runs` : 'one run';
  const load = `load average ${startLoad.toFixed(1)} at the start, ${loadAverage().toFixed(1)} at the end`;
  const fonts = `Bengali fonts on the machine: ${bengaliFonts()}`;
  const stamp = `Run of ${when} UTC, ${each} a page, language and theme (${load}; ${fonts}):`;
  const body = `${TABLE_START}\n\n${stamp}\n\n${table}\n\n`;
  const written = text.slice(0, start) + body + text.slice(end);
  writeFileSync(file, await format(written, { filepath: file }));
  console.log(`\nThe table is written to ${file}.`);
}

/**
 * The Bengali fonts this machine has (fontconfig's list): with none, Chromium downloads the
 * bundled Noto Sans Bengali before Bengali text paints, and a Bangla page's largest paint waits
 * for it (docs/decisions/033-lighthouse-with-a-bengali-font.md).
 */
function bengaliFonts(): string {
  try {
    const families = execFileSync('fc-list', [':lang=bn', 'family'], { encoding: 'utf8' });
    const names = [...new Set(families.split('\n').filter(Boolean))].sort();
    return names.length ? names.join(', ') : 'none';
  } catch {
    return 'unknown (no fc-list)';
  }
}

/** The last minute's load average of the machine. */
const loadAverage = () => loadavg()[0] ?? 0;

/** The machine's load when the run began: scores mean little on a busy machine. */
const startLoad = loadAverage();

const chosen = <T extends string>(all: readonly T[], asked: string | undefined): readonly T[] =>
  asked ? all.filter((value) => value === asked) : all;

async function main(): Promise<number> {
  if (existsSync(path.join(CLIENT_DIR, 'index.html'))) buildServer();
  else execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  const dir = mkdtempSync(path.join(tmpdir(), 'pathagar-lighthouse-'));
  const server = await startServerProcess({
    DATABASE_URL: path.join(dir, 'demo.db'),
    SEED_DEMO: 'true',
    CLIENT_DIR,
    LOG_LEVEL: 'warn',
    OUTBOX_DIR: path.join(dir, 'outbox'),
  });
  const chromes: Partial<Record<Theme, LaunchedChrome>> = {};
  try {
    const session = await signUpMember(server.url);
    const allPages = await pagesToAudit(server.url, session);
    const pages = options.page
      ? allPages.filter((page) => options.page?.includes(page.name))
      : allPages;
    const languages = chosen(LANGUAGES, options.lang);
    const themes = chosen(THEMES, options.theme);
    const whole = pages.length === allPages.length && languages.length === 2 && themes.length === 2;
    if (options.reports) mkdirSync(options.reports, { recursive: true });
    for (const theme of themes) {
      chromes[theme] = await launch({
        chromePath: CHROMIUM,
        chromeFlags: theme === 'dark' ? DARK_FLAGS : CHROMIUM_FLAGS,
      });
    }
    const failures: string[] = [];
    const rows: { page: string; language: string; byTheme: Record<Theme, RunResult> }[] = [];
    console.log(`| page | language | theme | ${CATEGORIES.join(' | ')} | CLS | LCP s |`);
    console.log(`| --- | --- | --- | ${CATEGORIES.map(() => '---').join(' | ')} | --- | --- |`);
    for (const page of pages) {
      for (const language of languages) {
        const pathname =
          typeof page.pathname === 'string' ? page.pathname : page.pathname[language];
        const cookies = { lang: language, ...(page.signedIn ? session : {}) };
        const byTheme = {} as Record<Theme, RunResult>;
        for (const theme of themes) {
          const chrome = chromes[theme];
          if (!chrome) continue;
          const label = `${page.name} · ${language} · ${theme}`;
          const report = options.reports
            ? path.join(options.reports, `${label.replace(/[^\w]+/g, '-')}.json`)
            : undefined;
          const result = await medianRun(async (run) => {
            await setCookies(chrome.port, server.url, cookies);
            const file = report && RUNS > 1 ? report.replace(/\.json$/, `-${run}.json`) : report;
            return audit(`${server.url}${pathname}`, chrome.port, file);
          });
          byTheme[theme] = result;
          const scores = CATEGORIES.map((category) => result.scores[category]).join(' | ');
          console.log(
            `| ${page.name} | ${language} | ${theme} | ${scores} | ${result.cls.toFixed(3)} | ${(result.lcpMs / 1000).toFixed(1)} |`,
          );
          failures.push(...result.failures.map((failure) => `${label} · ${failure}`));
        }
        rows.push({ page: page.name, language: language === 'en' ? 'English' : 'Bangla', byTheme });
      }
    }
    const anyChrome = chromes.light ?? chromes.dark;
    const notInstallable = anyChrome
      ? await installabilityErrors(`${server.url}/`, anyChrome.port)
      : [];
    console.log(
      `\nInstallable (Chromium's own check): ${notInstallable.length ? `no: ${notInstallable.join(', ')}` : 'yes'}`,
    );
    failures.push(...notInstallable.map((error) => `installability · ${error}`));
    const targets = CATEGORIES.map((name) => `${name} ≥ ${TARGETS[name]}`).join(', ');
    console.log(`\nTargets: ${targets}: ${failures.length ? 'NOT all met' : 'all met'}`);
    for (const failure of failures) console.log(`  ${failure}`);
    if (whole) await writeTable(tableOf(rows));
    return failures.length ? 1 : 0;
  } finally {
    for (const chrome of Object.values(chromes)) chrome.kill();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
