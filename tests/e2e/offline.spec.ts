/**
 * Pathagar on a phone with no connection (issue 37, docs/product.md#on-a-phone), in one journey to keep
 * CI lean: the app is installable (a manifest and a service worker); a member who opened the app
 * before sees their card, which a scanner reads from a screenshot, and their loans with due
 * dates, offline, told that changes need a connection, and reads a chapter of the e-book they
 * opened; after sign-out nothing of theirs is left on
 * the device (no kept answer, no storage) and the card asks to sign in.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addBook, borrowBook } from './library-api.ts';
import { expect, test } from './fixtures.ts';
import { renderBelowFold } from './looks.ts';

test.use({ serviceWorkers: 'allow' });

test("a visitor's first visit installs no service worker", async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // Past the moment a member's page registers it: loaded, then the browser idle.
  const registrations = await page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestIdleCallback(() =>
          setTimeout(
            () =>
              void navigator.serviceWorker.getRegistrations().then((all) => resolve(all.length)),
            1_000,
          ),
        ),
      ),
  );
  expect(registrations).toBe(0);
});

test('installable; the card and loans shown offline; nothing of the member after sign-out', async ({
  page,
  context,
  member,
}) => {
  test.setTimeout(90_000);
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', short_name: 'Pathagar' });
  expect(manifest.name).toContain('পাঠাগার');
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(
    expect.arrayContaining(['192x192', '512x512']),
  );

  const book = await addBook(page, { name: 'Offline Aranyak' });
  await borrowBook(page, book._id);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  // Registered for a member once the page is idle; it serves the pages of the next visit.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // It keeps the offline pages' code, not every page's: the desk's is not on a member's phone.
  const precached = await page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'));
    const cache = await caches.open(name ?? 'none');
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
  expect(precached.some((file) => /^\/assets\/library-card-.+\.js$/.test(file))).toBe(true);
  expect(precached.some((file) => /^\/assets\/desk-.+\.js$/.test(file))).toBe(false);
  await page.goto('/borrowedBooks');
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
  await expect(page.getByRole('heading', { name: 'Offline Aranyak' })).toBeVisible();
  // Online, the worker gives the server's own page, in the member's language: not the build's
  // English shell it keeps for offline.
  const site = new URL(page.url()).origin;
  await context.addCookies([{ name: 'lang', value: 'bn', url: site }]);
  await page.goto('/borrowedBooks');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('link', { name: 'মূল অংশে যান' })).toBeAttached();
  await context.addCookies([{ name: 'lang', value: 'en', url: site }]);
  await page.goto('/borrowedBooks');
  // What the member may need offline is kept in the background.
  await expect
    .poll(() =>
      page.evaluate(async () => (await (await caches.open('pathagar-member')).keys()).length),
    )
    .toBeGreaterThanOrEqual(5);
  // An e-book opened online is read offline too (a demo one, open to all).
  const ebooks = (await (await page.request.get('/api/ebooks')).json()) as {
    _id: string;
    name: string;
  }[];
  const ebook = ebooks.find((entry) => entry.name === 'The Lamp-Keeper of Sonadia');
  await page.goto(`/read/${ebook?._id ?? ''}`);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeEnabled({ timeout: 30_000 });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await caches.open('pathagar-member')).keys()).map(
          (key) => new URL(key.url).pathname,
        ),
      ),
    )
    .toEqual(
      expect.arrayContaining([`/api/books/${ebook?._id}`, `/api/ebooks/${ebook?._id}/file`]),
    );
  const cardNumber = String(
    await page.evaluate(async () => (await (await fetch('/api/card')).json()).cardNumber),
  );

  await context.setOffline(true);
  // Ten minutes on, the kept answers say when they were fetched.
  await page.clock.install({ time: new Date(Date.now() + 10 * 60_000) });
  await page.goto('/card');
  await expect(page.getByTestId('card-number')).toHaveText(cardNumber);
  await expect(page.getByTestId('offline-notice')).toContainText(
    /^You are offline\. Shown as of .+; changes need a connection\.$/,
  );
  const shot = path.join(mkdtempSync(path.join(tmpdir(), 'pathagar-offline-')), 'card.png');
  await renderBelowFold(page);
  writeFileSync(shot, await page.screenshot({ fullPage: true }));
  const decoded = execFileSync('zbarimg', ['--quiet', shot], { encoding: 'utf8' });
  expect(decoded).toContain(`CODE-128:${cardNumber}`);
  expect(decoded).toContain(`QR-Code:${cardNumber}`);
  // A page never opened online is the build's English shell; a Bangla member still reads it in Bangla.
  await context.addCookies([{ name: 'lang', value: 'bn', url: site }]);
  await page.goto('/card');
  await expect(page.getByTestId('offline-notice')).toContainText(/^আপনি অফলাইনে আছেন।/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await context.addCookies([{ name: 'lang', value: 'en', url: site }]);
  await page.goto('/borrowedBooks');
  await expect(page.getByRole('heading', { name: 'Offline Aranyak' })).toBeVisible();
  await page.goto(`/read/${ebook?._id ?? ''}`);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeEnabled({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText(/% read$/)).toBeVisible();

  await context.setOffline(false);
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Sign Out' })
    .click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }),
  ).toBeVisible();
  // The visitor's own answers may be kept again (a session of nobody); nothing of the member.
  const left = await page.evaluate(async () => {
    const cache = await caches.open('pathagar-member');
    const bodies = await Promise.all(
      (await cache.keys()).map(async (key) => (await cache.match(key))?.text()),
    );
    return { kept: bodies.join('\n'), session: sessionStorage.length };
  });
  expect(left.session).toBe(0);
  expect(left.kept).not.toContain(member.email);
  expect(left.kept).not.toContain(cardNumber);
  await context.setOffline(true);
  await page.goto('/card');
  await expect(page.getByTestId('card-number')).toHaveCount(0);
});
