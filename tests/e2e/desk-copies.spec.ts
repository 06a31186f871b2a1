/**
 * Copies at the desk and on the book's page (docs/product/desk.md#copies): a librarian sees a
 * book's copies with the borrower's card, adds one with a shelf mark, changes a shelf mark and
 * marks copies damaged, withdrawn and available again; prints their labels, whose screenshot at
 * twice the pixel density zbarimg decodes into every barcode; finds a copy by barcode at the
 * desk; marks a loan lost, which the member's history then shows as "Lost". Each screen in
 * English and Bangla, light and dark, at 1280 and 375 px, with axe.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { BookCopy } from '../../src/common/copies.ts';
import { librarianAndReader } from './desk-people.ts';
import { expect, test } from './fixtures.ts';
import { addBook, borrowBook } from './library-api.ts';
import {
  checkBothWidths,
  dressAs,
  expectAccessible,
  LOOKS,
  shoot,
  WIDTHS,
  renderBelowFold,
} from './looks.ts';

async function copiesOf(page: Page, bookId: string): Promise<BookCopy[]> {
  const response = await page.request.get(`/api/books/${bookId}/copies`);
  expect(response.status()).toBe(200);
  return (await response.json()) as BookCopy[];
}

async function cardNumberOf(page: Page): Promise<string> {
  const response = await page.request.get('/api/card');
  return ((await response.json()) as { cardNumber: string }).cardNumber;
}

const row = (page: Page, barcode: string) =>
  page.locator(`[data-testid="copy-row"][data-barcode="${barcode}"]`);

/** Answers the dialog shown with one of its buttons and waits until it has closed: until then it hides the page from assistive technology, and from getByRole. */
async function closeDialogWith(page: Page, button: string | RegExp) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

test('a librarian keeps a book’s copies on its page and prints their labels', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const reader = await librarianAndReader(
    { page, browser, baseURL },
    { name: 'Copies Librarian', address: 'copies' },
    'Copy Borrower',
  );
  const book = await addBook(page, { quantity: 2 });
  await borrowBook(reader, book._id);
  const readerCard = await cardNumberOf(reader);
  const [lent, shelved] = [...(await copiesOf(page, book._id))].sort((a, b) =>
    a.status === 'onLoan' ? -1 : b.status === 'onLoan' ? 1 : 0,
  );
  if (!lent || !shelved) throw new Error('the book has two copies');

  await page.goto(`/books/${book._id}`);
  const section = page.getByTestId('copies-section');
  await expect(section.getByRole('heading', { name: 'Copies' })).toBeVisible({ timeout: 20_000 });
  await expect(row(page, lent.barcode)).toContainText('On loan');
  await expect(row(page, lent.barcode)).toContainText(`Copy Borrower, card ${readerCard}`);
  await expect(row(page, shelved.barcode)).toContainText('Available');
  await expect(section).toContainText('2 copies owned');

  // A new copy with a barcode and shelf mark of its own; a barcode already given is refused in words.
  await section
    .getByLabel('Barcode (leave empty for a new one)')
    .fill('lbl' + Date.now().toString().slice(-8));
  await section.getByLabel('Shelf mark (optional)').fill('891.44 BAN');
  await section.getByRole('button', { name: 'Add Copy' }).click();
  await expect(section).toContainText('3 copies owned');
  const added = (await copiesOf(page, book._id)).find((copy) => copy.shelfMark === '891.44 BAN');
  expect(added?.barcode).toMatch(/^LBL\d{8}$/);
  await expect(row(page, added?.barcode ?? '')).toContainText('Shelf mark: 891.44 BAN');
  await section.getByLabel('Barcode (leave empty for a new one)').fill(lent.barcode);
  await section.getByRole('button', { name: 'Add Copy' }).click();
  await expect(page.getByRole('dialog')).toContainText(
    'Another copy or a library card already has this barcode.',
  );
  await closeDialogWith(page, 'OK');

  // A shelf mark changed; a copy marked damaged (asked first), withdrawn, and found again.
  const shelf = row(page, shelved.barcode);
  await shelf.getByLabel(`Shelf mark of copy ${shelved.barcode}`).fill('823 TAG');
  await shelf.getByRole('button', { name: 'Save Shelf Mark' }).click();
  await expect(shelf).toContainText('Shelf mark: 823 TAG');
  await shelf.getByLabel(`New status of copy ${shelved.barcode}`).selectOption('damaged');
  await shelf.getByRole('button', { name: 'Change Status' }).click();
  await closeDialogWith(page, 'Yes, Mark Damaged');
  await expect(shelf.getByTestId('copy-status')).toHaveText('Damaged');
  await shelf.getByLabel(`New status of copy ${shelved.barcode}`).selectOption('available');
  await shelf.getByRole('button', { name: 'Change Status' }).click();
  await expect(shelf.getByTestId('copy-status')).toHaveText('Available');
  const third = row(page, added?.barcode ?? '');
  await third.getByLabel(`New status of copy ${added?.barcode}`).selectOption('withdrawn');
  await third.getByRole('button', { name: 'Change Status' }).click();
  await closeDialogWith(page, 'Yes, Mark Withdrawn');
  await expect(third.getByTestId('copy-status')).toHaveText('Withdrawn');
  // The copy on loan offers no status: it changes when it comes back.
  await expect(row(page, lent.barcode).getByRole('button', { name: 'Change Status' })).toHaveCount(
    0,
  );

  for (const look of LOOKS) {
    await dressAs(page, look);
    await page.goto(`/books/${book._id}`);
    await checkBothWidths(page, 'book copies', look, async () => {
      await expect(row(page, lent.barcode).getByTestId('copy-status')).toBeVisible({
        timeout: 20_000,
      });
    });
  }

  // Print Labels: the copies still on the library's shelves, each barcode decodable.
  await dressAs(page, { language: 'en', theme: 'light' });
  await page.goto(`/books/${book._id}`);
  await page.getByRole('link', { name: 'Print Labels' }).click();
  await expect(page).toHaveURL(new RegExp(`/labels\\?book=${book._id}$`));
  await expect(page).toHaveTitle(/^Labels/);
  await expect(page.getByTestId('copy-label')).toHaveCount(2, { timeout: 20_000 });
  await expect(page.getByText('2 labels')).toBeVisible();
  const sharpContext = await browser.newContext({ baseURL, deviceScaleFactor: 2 });
  await sharpContext.addCookies(await page.context().cookies());
  const sharp = await sharpContext.newPage();
  const folder = mkdtempSync(path.join(tmpdir(), 'pathagar-labels-'));
  for (const layout of ['Label sheet (A4, 3 × 8)', 'Single label printer (one label a page)']) {
    await sharp.setViewportSize({ width: 1280, height: 800 });
    await sharp.goto(`/labels?book=${book._id}`);
    await sharp.getByLabel(layout).check();
    await expect(sharp.getByTestId('copy-label')).toHaveCount(2, { timeout: 20_000 });
    const shot = path.join(folder, `labels-${layout.length}.png`);
    await renderBelowFold(sharp);
    writeFileSync(shot, await sharp.screenshot({ fullPage: true }));
    const decoded = execFileSync('zbarimg', ['--raw', '-q', shot], { encoding: 'utf8' });
    expect(decoded.trim().split('\n').sort()).toEqual([lent.barcode, shelved.barcode].sort());
  }
  // Named copies print just those, and say when one was not found.
  await sharp.goto(`/labels?copies=${shelved._id},no-such-copy`);
  await expect(sharp.getByTestId('copy-label')).toHaveCount(1, { timeout: 20_000 });
  await expect(sharp.getByText('1 label 1 of the copies asked for was not found.')).toBeVisible();
  await sharpContext.close();

  for (const look of LOOKS) {
    await dressAs(page, look);
    await page.goto(`/labels?book=${book._id}`);
    await checkBothWidths(page, 'labels', look, async () => {
      await expect(page.getByTestId('copy-label')).toHaveCount(2, { timeout: 20_000 });
    });
  }
  // A member is told the labels are not theirs.
  await reader.goto(`/labels?book=${book._id}`);
  await expect(reader.getByRole('alert')).toContainText('Labels are printed by librarians.');
  await expectAccessible(reader, 'labels refused to a member');
});

test('a librarian finds a copy by barcode and marks a loan lost; the member sees "Lost"', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const reader = await librarianAndReader(
    { page, browser, baseURL },
    { name: 'Lost Librarian', address: 'markLost' },
    'Losing Reader',
  );
  const lostBook = await addBook(page, { quantity: 1 });
  const foundBook = await addBook(page, { quantity: 2 });
  await borrowBook(reader, lostBook._id);
  const [found] = await copiesOf(page, foundBook._id);
  if (!found) throw new Error('the book has copies');

  // The Catalogue tab's finder: the copy, marked damaged then found again.
  await page.goto('/desk?tab=catalogue');
  const finder = page.getByTestId('copy-finder');
  await finder.getByLabel('Copy barcode').fill(found.barcode.toLowerCase());
  await finder.getByRole('button', { name: 'Find' }).click();
  const shown = page.getByTestId('found-copy');
  await expect(shown).toContainText(foundBook.name, { timeout: 20_000 });
  await expect(shown.getByTestId('copy-status')).toHaveText('Available');
  await shown.getByLabel(`New status of copy ${found.barcode}`).selectOption('damaged');
  await shown.getByRole('button', { name: 'Change Status' }).click();
  await closeDialogWith(page, 'Yes, Mark Damaged');
  await expect(shown.getByTestId('copy-status')).toHaveText('Damaged');
  await finder.getByLabel('Copy barcode').fill('NOPE0000');
  await finder.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByRole('dialog')).toContainText('No copy has this barcode.');
  await closeDialogWith(page, 'OK');
  await finder.getByLabel('Copy barcode').fill(found.barcode);
  await finder.getByRole('button', { name: 'Find' }).click();
  await shown.getByLabel(`New status of copy ${found.barcode}`).selectOption('available');
  await shown.getByRole('button', { name: 'Change Status' }).click();
  await expect(shown.getByTestId('copy-status')).toHaveText('Available');
  for (const look of LOOKS) {
    await dressAs(page, look);
    await page.goto('/desk?tab=catalogue');
    await page.getByTestId('copy-finder').locator('input[name="barcode"]').fill(found.barcode);
    await page.getByTestId('copy-finder').locator('button[type="submit"]').click();
    await checkBothWidths(page, 'desk copy finder', look, async () => {
      await expect(page.getByTestId('found-copy')).toBeVisible({ timeout: 20_000 });
    });
  }

  // The Loans tab: Mark Lost, asked first; the loan leaves the current list.
  await dressAs(page, { language: 'en', theme: 'light' });
  await page.goto(`/desk?tab=loans&q=${encodeURIComponent(lostBook.name)}`);
  const loanRow = page.locator('li', { hasText: lostBook.name });
  await loanRow.getByRole('button', { name: 'Mark Lost' }).click();
  await expect(page.getByRole('dialog')).toContainText(`Mark "${lostBook.name}" lost?`);
  await closeDialogWith(page, 'Yes, Mark Lost');
  await expect(page.getByText(`"${lostBook.name}" marked lost`)).toBeVisible();
  await expect(page.locator('li', { hasText: lostBook.name })).toHaveCount(0);
  await page.goto(`/desk?tab=loans&status=returned&q=${encodeURIComponent(lostBook.name)}`);
  await expect(page.getByTestId('loan-lost')).toContainText('Lost:', { timeout: 20_000 });
  for (const look of LOOKS) {
    await dressAs(page, look);
    await page.reload();
    await checkBothWidths(page, 'desk lost loan', look, async () => {
      await expect(page.getByTestId('loan-lost')).toBeVisible({ timeout: 20_000 });
    });
  }

  // The member's history says Lost, not Returned.
  await reader.goto('/borrowedBooks?tab=history');
  const card = reader.locator('article', { hasText: lostBook.name });
  await expect(card.getByText('Lost', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(card).not.toContainText('Returned');
  // The whole history page at each look, the fines table above the cards included.
  for (const look of LOOKS) {
    await dressAs(reader, look);
    await reader.goto('/borrowedBooks?tab=history');
    for (const width of WIDTHS) {
      await reader.setViewportSize({ width, height: width > 400 ? 800 : 740 });
      await expect(reader.locator('article', { hasText: lostBook.name })).toBeVisible({
        timeout: 20_000,
      });
      await expectAccessible(reader, `history lost ${look.language} ${look.theme} ${width}`);
      await shoot(reader, `history-lost-${look.language}-${look.theme}-${width}`);
    }
  }
  await expect(
    reader.locator('article', { hasText: lostBook.name }).getByText('হারানোর দিন'),
  ).toBeVisible();
});
