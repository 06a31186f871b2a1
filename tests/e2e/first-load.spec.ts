/**
 * The first load of the pages the server prepares (common/prepared-pages.ts): the page arrives with
 * its module named in `<link>` hints, its first covers preloaded and its API answer embedded, so
 * the browser asks the API for none of what the page shows, fetches no page code the page did not
 * name, fetches each cover once, and trips no Content-Security-Policy rule. Later visits ask afresh.
 */
import type { Page, Request } from '@playwright/test';
import type { Book } from '../../src/common/types.ts';
import { expect, memberDraft, signUpThroughApi, test } from './fixtures.ts';
import { E2E_LIBRARIANS } from './librarians.ts';
import { borrowBook } from './library-api.ts';

/** Every request of the page from now on, as path and query. */
function recordRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http')) seen.push(url.pathname + url.search);
  });
  return seen;
}

async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** The scripts the page names: the entry, its chunks and the prepared page's module chunks. */
const namedScripts = (html: string) =>
  new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]));

interface FirstLoad {
  path: string;
  /** The API request the page's loader would make without the embedded answer. */
  api: string;
  /** What shows that the page has its data. */
  shown: (page: Page) => Promise<void>;
  covers: string[];
}

async function firstLoads(page: Page): Promise<FirstLoad[]> {
  const [book] = (await (
    await page.request.get('/api/books?category=Novel&limit=200')
  ).json()) as Book[];
  if (!book) throw new Error('the demo catalogue has no novel');
  const [found] = (await (await page.request.get('/api/books?q=tagore&limit=24')).json()) as Book[];
  if (!found) throw new Error('the demo catalogue has no book by Tagore');
  return [
    {
      path: '/',
      api: '/api/categories',
      shown: (page) =>
        expect(
          page.getByRole('region', { name: 'Browse by Category' }).getByRole('link'),
        ).toHaveCount(5),
      covers: [],
    },
    {
      path: `/books/${book._id}`,
      api: `/api/books/${book._id}`,
      shown: (page) =>
        expect(page.getByRole('heading', { name: book.name, level: 1 })).toBeVisible(),
      covers: [book.image],
    },
    {
      path: '/category/Novel',
      api: '/api/books?category=Novel&limit=200',
      shown: (page) =>
        expect(page.getByRole('article').filter({ hasText: book.name })).toBeVisible(),
      covers: [book.image],
    },
    {
      path: '/search?q=tagore',
      api: '/api/books?q=tagore&limit=24',
      shown: (page) =>
        expect(page.getByRole('article').filter({ hasText: found.name })).toBeVisible(),
      covers: [found.image],
    },
  ];
}

test('a prepared page shows its data without asking the API, with no unnamed code', async ({
  page,
}) => {
  const cspViolations = await watchCspViolations(page);
  const allRequests = recordRequests(page);
  for (const load of await firstLoads(page)) {
    const start = allRequests.length;
    const response = await page.goto(load.path);
    const html = (await response?.text()) ?? '';
    await load.shown(page);
    await page.waitForLoadState('networkidle');
    const requests = allRequests.slice(start);

    expect(html, load.path).toContain('<script type="application/json" id="api-answers">');
    expect(requests, load.path).not.toContain(load.api);
    const scripts = requests.filter((request) => request.endsWith('.js'));
    expect(
      scripts.filter((script) => !namedScripts(html).has(script)),
      load.path,
    ).toEqual([]);
    for (const cover of load.covers) {
      expect(html, load.path).toContain(`<link rel="preload" as="image"`);
      expect(
        requests.filter((request) => request === cover),
        `${load.path} fetches ${cover} once`,
      ).toHaveLength(1);
    }
    expect(await cspViolations(), load.path).toEqual([]);
  }
});

test('a later visit of a prepared page asks the API for fresh data', async ({ page }) => {
  const [book] = (await (
    await page.request.get('/api/books?category=Novel&limit=1')
  ).json()) as Book[];
  if (!book) throw new Error('the demo catalogue has no novel');
  await page.goto(`/books/${book._id}`);
  await expect(page.getByRole('heading', { name: book.name, level: 1 })).toBeVisible();

  const requests = recordRequests(page);
  await page.getByRole('link', { name: 'Novel', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Novel Books', level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: book.name, level: 1 })).toBeVisible();
  expect(requests).toContain('/api/books?category=Novel&limit=200');
  expect(requests).toContain(`/api/books/${book._id}`);
});

/**
 * Lighthouse's mobile profile: a CPU four times slower, 150 ms of latency and 1.6 Mbit/s down, so
 * that data arrives after the page's frame, when a page that does not keep its shape jumps.
 */
async function throttleLikeAPhone(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** The page's cumulative layout shift so far, as Lighthouse counts it (shifts after input left out). */
const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);

test('Borrowed Books and the desk keep their shape on a throttled phone: layout shift ≤ 0.1', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A librarian with a loan: Borrowed Books has a card to show, the desk its tabs.
  await signUpThroughApi(
    page.request,
    memberDraft({ name: 'Steady Librarian', email: E2E_LIBRARIANS.layoutShift }),
    baseURL,
  );
  const [book] = (await (await page.request.get('/api/books?limit=1')).json()) as Book[];
  if (!book) throw new Error('the demo catalogue is empty');
  await borrowBook(page, book._id);
  await page.addInitScript(() => {
    const scope = window as unknown as { layoutShift: number };
    scope.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) scope.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.setViewportSize({ width: 375, height: 740 });
  await throttleLikeAPhone(page);

  // A throttled page on a shared machine takes a while to show its data.
  const slow = { timeout: 30_000 };
  const pages: [path: string, shown: () => Promise<void>][] = [
    [
      '/borrowedBooks',
      () => expect(page.getByRole('article').filter({ hasText: book.name })).toBeVisible(slow),
    ],
    ['/desk', () => expect(page.locator('#desk-scan')).toBeVisible(slow)],
    [
      '/desk?tab=loans',
      () =>
        expect(page.getByRole('listitem').filter({ hasText: book.name }).first()).toBeVisible(slow),
    ],
  ];
  for (const [path, shown] of pages) {
    await page.goto(path);
    await shown();
    // Late images and fonts shift a page too: give them the time a phone would.
    await page.waitForLoadState('load');
    await page.waitForTimeout(1_000);
    expect(await layoutShift(page), path).toBeLessThanOrEqual(0.1);
  }
});

/** The frame's skeleton of a page (components/layout/page-skeleton.tsx), as it was ever shown. */
const PAGE_SKELETON = '[role="status"] > .skeleton';

test('a page whose code is a moment behind renders once, without its skeleton first; a slow one shows the frame and skeleton meanwhile', async ({
  page,
}) => {
  await page.addInitScript((skeleton) => {
    const seen = window as unknown as { skeletonShown: boolean };
    seen.skeletonShown = false;
    new MutationObserver(() => {
      if (document.querySelector(skeleton)) seen.skeletonShown = true;
    }).observe(document, { childList: true, subtree: true });
  }, PAGE_SKELETON);
  const heading = page.getByRole('heading', { name: 'Library Membership', level: 1 });
  // Join Us waits for its words' chunk, so the session and catalogue are ready before its module.
  await page.goto('/membership');
  await expect(heading).toBeVisible();
  expect(
    await page.evaluate(() => (window as unknown as { skeletonShown: boolean }).skeletonShown),
  ).toBe(false);

  await page.route(/\/assets\/membership-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await page.goto('/membership');
  await expect(page.locator(PAGE_SKELETON).first()).toBeVisible();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expect(heading).toBeVisible();
});

/** The forms' schemas (zod and every form's rules) as the build names their chunk. */
const isFormSchemas = (path: string) => /^\/assets\/form-schemas-[^/]+\.js$/.test(path);
/** better-auth's browser client, which signs in and up. */
const isAuthClient = (path: string) => /^\/assets\/auth-client-[^/]+\.js$/.test(path);

test("sign in, register and membership open without the forms' schemas or better-auth's client, which come once a form is focused", async ({
  page,
}) => {
  const requests = recordRequests(page);
  for (const [path, form] of [
    ['/signIn', 'Sign in'],
    ['/membership', 'Register'],
    ['/register', 'Register'],
  ] as const) {
    await page.goto(path);
    const fields = page.getByRole('form', { name: form });
    await expect(fields.getByLabel('Email')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(requests.filter(isFormSchemas), path).toEqual([]);
    expect(requests.filter(isAuthClient), path).toEqual([]);
  }
  // Still on register: the first field focused starts both downloads.
  await page.getByRole('form', { name: 'Register' }).getByLabel('Email').focus();
  await expect.poll(() => requests.filter(isFormSchemas).length).toBe(1);
  await expect.poll(() => requests.filter(isAuthClient).length).toBe(1);
  // And they are what checks the form when it is sent.
  const register = page.getByRole('form', { name: 'Register' });
  await register.getByLabel('Name').fill('Schema Reader');
  await register.getByLabel('Email').fill('not an address');
  await register.getByLabel('Password', { exact: true }).fill('Abcdef1!');
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(register.getByText('Enter a valid email')).toBeVisible();
});

test('a form whose rules or better-auth client could not be fetched says so, and works once the page is loaded again', async ({
  page,
}) => {
  let blocked: ((path: string) => boolean) | undefined;
  await page.route(
    (url) => isFormSchemas(url.pathname) || isAuthClient(url.pathname),
    (route) =>
      blocked?.(new URL(route.request().url()).pathname)
        ? route.abort('internetdisconnected')
        : route.continue(),
  );
  // What each form's own rules say of its address: sign in asks for one, register for a valid one.
  for (const [path, form, email, refusal, missing] of [
    ['/signIn', 'Sign in', '', 'Email is required', isFormSchemas],
    ['/register', 'Register', 'not an address', 'Enter a valid email', isFormSchemas],
    ['/register', 'Register', 'not an address', 'Enter a valid email', isAuthClient],
  ] as const) {
    const send = async () => {
      const fields = page.getByRole('form', { name: form });
      if (form === 'Register') await fields.getByLabel('Name').fill('Schema Reader');
      await fields.getByLabel('Email').fill(email);
      await fields.getByLabel('Password', { exact: true }).fill('Abcdef1!');
      await fields.getByRole('button', { name: form }).click();
      return fields;
    };
    blocked = missing;
    await page.goto(path);
    await expect((await send()).getByRole('alert'), path).toHaveText(
      'The library could not be reached. Check your connection, then reload the page.',
    );
    blocked = undefined;
    await page.reload();
    const fields = await send();
    await expect(fields.getByText(refusal), path).toBeVisible();
    await expect(fields.getByText(/could not be reached/), path).toHaveCount(0);
  }
});
