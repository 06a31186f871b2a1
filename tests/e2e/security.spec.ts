/**
 * In the browser: no screen trips the Content-Security-Policy, and text people type into book
 * fields is shown as text and never runs.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addBook, borrowBook } from './library-api.ts';

/** Records CSP violations and console errors from the moment the page starts, before any of its own scripts. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const consoleViolations: string[] = [];
  page.on('console', (message) => {
    // Any console error counts: a CSP report, a failed script, a React warning. Only the page's
    // own 404 is no fault: a path no page shows answers 404 on purpose (DECISIONS §13), and
    // Chromium reports that status of the document itself as a failed resource.
    const ownNotFound =
      message.text().includes('status of 404') && message.location().url === page.url();
    if (message.type() === 'error' && !ownNotFound) consoleViolations.push(message.text());
  });
  page.on('pageerror', (error) => consoleViolations.push(error.message));
  return async () => [
    ...consoleViolations,
    ...(await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    )),
  ];
}

const publicPaths = [
  '/',
  '/terms',
  '/privacy',
  '/contact',
  '/read-online',
  '/events',
  '/study-rooms',
  '/membership',
  '/register',
  '/signIn',
  '/category/Novel',
  '/search?q=tagore&sort=title',
  '/no-such-page',
];

test('no public screen violates the Content-Security-Policy or logs an error', async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of publicPaths) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await violations(), path).toEqual([]);
  }
});

test('no member screen violates the Content-Security-Policy or logs an error', async ({
  page,
  member,
}) => {
  expect(member.email).toBeTruthy();
  const book = await addBook(page);
  await borrowBook(page, book._id);
  const violations = await watchViolations(page);
  for (const path of [
    '/allBooks',
    `/books/${book._id}`,
    `/borrow/${book._id}`,
    '/borrowedBooks',
    '/addBook',
    `/allBooksUpdate/${book._id}`,
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await violations(), path).toEqual([]);
  }
});

test('markup typed into book fields is shown as text and never runs', async ({ page, member }) => {
  expect(member.email).toBeTruthy();
  const name = `<img src=x onerror="window.pwned=1">Trap ${Date.now()}`;
  const shortDescription = '<script>window.pwned=2</script> plain words';
  const book = await addBook(page, {
    name,
    author: '<b onmouseover="window.pwned=3">Author</b>',
    shortDescription,
    content: '<iframe src="javascript:window.parent.pwned=4"></iframe>',
  });
  for (const path of [`/books/${book._id}`, `/category/${book.category}`, '/allBooks']) {
    await page.goto(path);
    await expect(page.getByText(name).first()).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { pwned?: number }).pwned),
    ).toBeUndefined();
  }
  await page.goto(`/books/${book._id}`);
  await expect(page.getByText(shortDescription).first()).toBeVisible();
  expect(await page.locator('img[src="x"], iframe').count()).toBe(0);
});
