/**
 * What a new user tripped over (docs/product/catalogue-and-accounts.md): the printed loopback
 * address signs up, dates follow the page's language, and the small things of accounts.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { startServerProcess } from '../support/server-process.ts';
import { AVATAR_PLACEHOLDER, expect, STRONG_PASSWORD, test, uniqueEmail } from './fixtures.ts';

test('signing up works on 127.0.0.1 when PUBLIC_URL is unset', async ({ page }) => {
  // A server of its own starts first.
  test.setTimeout(60_000);
  const server = await startServerProcess({
    PUBLIC_URL: undefined,
    CLIENT_DIR: process.env.CLIENT_DIR ?? 'dist/client',
    DATABASE_URL: path.join(tmpdir(), `pathagar-e2e-origin-${randomUUID()}.db`),
  });
  try {
    await page.goto(`${server.url}/register`);
    const form = page.getByRole('form', { name: 'Register' });
    await form.getByLabel('Name').fill('Loopback Reader');
    await form.getByLabel('Email').fill(uniqueEmail('loopback'));
    await form.getByLabel('PhotoURL').fill(AVATAR_PLACEHOLDER);
    await form.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(
      page.locator('.swal2-toast').filter({ hasText: 'Registration Successful' }),
    ).toBeVisible();
  } finally {
    await server.stop();
  }
});

test('the inactive Borrowed Books tabs meet WCAG AA contrast, light and dark', async ({
  page,
  member: _member,
}) => {
  test.setTimeout(60_000);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await page.goto('/borrowedBooks');
    const tabs = page.getByRole('navigation', { name: 'Your borrowing' });
    await expect(tabs).toBeVisible({ timeout: 20_000 });
    const results = await new AxeBuilder({ page })
      .include('nav.tabs')
      .withRules(['color-contrast'])
      .analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `/work/shots/trip/borrowed-tabs-${colorScheme}-${width}.png` });
    }
  }
});
