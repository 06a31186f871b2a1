/**
 * Lending by scanning (docs/product/desk.md): a librarian lends two books by typing a card and
 * two barcodes into the Scan field as a scanner does (characters, then Enter) and checks one in,
 * which goes to the member waiting for it; a member's /card on a phone decodes with zbarimg.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { axeResults, expectAccessible, renderBelowFold } from './looks.ts';
import type { Page } from '@playwright/test';
import { expect, memberDraft, signUpThroughApi, test } from './fixtures.ts';
import { E2E_LIBRARIANS } from './librarians.ts';
import { addBook, placeHold } from './library-api.ts';

/** What a USB scanner does: types the characters, then presses Enter. */
async function scan(page: Page, code: string) {
  const field = page.getByLabel('Scan a card or a copy');
  await expect(field).toBeFocused();
  await field.pressSequentially(code);
  await field.press('Enter');
}

async function cardNumberOf(page: Page): Promise<string> {
  const response = await page.request.get('/api/card');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { cardNumber: string }).cardNumber;
}

async function barcodeOf(page: Page, bookId: string): Promise<string> {
  const response = await page.request.get(`/api/books/${bookId}/copies`);
  const [copy] = (await response.json()) as { barcode: string }[];
  return copy?.barcode ?? '';
}

test('a librarian lends two books by scanning, then checks one in for the member waiting', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await signUpThroughApi(
    page.request,
    memberDraft({ name: 'Scan Librarian', email: E2E_LIBRARIANS.scan }),
    baseURL,
  );
  const reader = await browser.newPage({ baseURL });
  await signUpThroughApi(reader.request, memberDraft({ name: 'Scanning Reader' }), baseURL);
  const waiter = await browser.newPage({ baseURL });
  await signUpThroughApi(waiter.request, memberDraft({ name: 'Waiting Reader' }), baseURL);
  const first = await addBook(page, { quantity: 1 });
  const second = await addBook(page, { quantity: 1 });
  const [firstCode, secondCode] = [
    await barcodeOf(page, first._id),
    await barcodeOf(page, second._id),
  ];

  await page.goto('/desk');
  // The first page of a run waits for the server's first build of its pages: allow it time.
  await expect(page.getByRole('link', { name: 'Scan', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
    {
      timeout: 20_000,
    },
  );
  await scan(page, await cardNumberOf(reader));
  await expect(page.getByTestId('scan-member')).toContainText('Scanning Reader');
  await scan(page, firstCode);
  await scan(page, secondCode);
  const results = page.getByTestId('scan-results');
  await expect(results).toContainText(`Lent "${first.name}" (${firstCode}), due`);
  await expect(results).toContainText(`Lent "${second.name}" (${secondCode}), due`);
  await expect(page.getByTestId('scan-member')).toContainText(second.name);

  await placeHold(waiter, first._id);
  await page.getByRole('button', { name: 'Done with This Member' }).click();
  await scan(page, firstCode);
  await expect(results).toContainText(`Checked in "${first.name}" (${firstCode})`);
  await expect(results).toContainText('Put on the hold shelf for Waiting Reader');

  // The Scan tab's results, light and dark, once its animations have ended.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectAccessible(page, `scan results ${colorScheme}`);
  }
  // On a phone the scan field keeps a width to read a code in (it shrank to 40 px, issue 36).
  await page.setViewportSize({ width: 375, height: 740 });
  const field = await page.locator('#desk-scan').boundingBox();
  expect(field?.width ?? 0).toBeGreaterThan(250);
});

test('a member opens their card on a phone, and its barcode decodes', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await signUpThroughApi(page.request, memberDraft({ name: 'Card Holder' }), baseURL);
  const cardNumber = await cardNumberOf(page);
  const folder = mkdtempSync(path.join(tmpdir(), 'pathagar-card-'));
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/card');
    await expect(page).toHaveTitle(/^Library Card/);
    await expect(page.getByTestId('card-number')).toHaveText(cardNumber, { timeout: 20_000 });
    await expect(
      page.getByRole('img', { name: `Barcode of card number ${cardNumber}` }),
    ).toBeVisible();
    const shot = path.join(folder, `card-${colorScheme}.png`);
    await renderBelowFold(page);
    writeFileSync(shot, await page.screenshot({ fullPage: true }));
    const decoded = execFileSync('zbarimg', ['--quiet', shot], { encoding: 'utf8' });
    expect(decoded).toContain(`CODE-128:${cardNumber}`);
    expect(decoded).toContain(`QR-Code:${cardNumber}`);
    const axe = await axeResults(page);
    expect(
      axe.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => violation.id),
    ).toEqual([]);
  }
});
