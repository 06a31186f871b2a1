/**
 * MARC 21 at the desk (docs/product/marc.md, issue 34): a librarian checks a Koha file (the dry
 * run's table: title, author, ISBN, copies, what will happen), imports it, and finds its books; in
 * English and Bangla, at 1280 and 375 px, light and dark, each screen read by axe and kept as a
 * screenshot (screenshots/marc, which the run keeps) to be looked at.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { isoFile, kohaBook, kohaItem, record } from '../support/marc-records.ts';
import { expect, memberDraft, signUpThroughApi, test } from './fixtures.ts';
import { E2E_LIBRARIANS } from './librarians.ts';
import { uniqueTitle } from './library-api.ts';
import { axeResults, renderBelowFold } from './looks.ts';

const SHOTS = 'screenshots/marc';

/** An ISBN-13 no other journey uses: the database lives as long as the run. */
function uniqueIsbn(): string {
  const body = `978${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const sum = [...body].reduce(
    (total, digit, index) => total + Number(digit) * (index % 2 ? 3 : 1),
    0,
  );
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A Koha export of three records: one to add with copies, one in Bengali script, one skipped. */
function kohaExport(titles: { novel: string; bengali: string; isbn: string }) {
  const bytes = isoFile(
    kohaBook({
      id: `e2e-${titles.novel}`,
      title: titles.novel,
      subtitle: 'a novel',
      author: 'Ahmed, Humayun',
      isbn: titles.isbn,
      subject: 'Drama',
      items: [kohaItem(null, '891.443 AHM'), kohaItem(null, '891.443 AHM c.2', { lost: '1' })],
    }),
    record([
      { tag: '001', value: `e2e-bn-${titles.novel}` },
      {
        tag: '100',
        ind: '1 ',
        subfields: [
          ['6', '880-02'],
          ['a', 'Tagore, Rabindranath'],
        ],
      },
      {
        tag: '245',
        ind: '10',
        subfields: [
          ['6', '880-01'],
          ['a', 'Gitanjali /'],
        ],
      },
      {
        tag: '880',
        ind: '1 ',
        subfields: [
          ['6', '100-02'],
          ['a', 'ঠাকুর, রবীন্দ্রনাথ'],
        ],
      },
      {
        tag: '880',
        ind: '10',
        subfields: [
          ['6', '245-01'],
          ['a', `${titles.bengali} /`],
        ],
      },
    ]),
    kohaBook({
      id: `e2e-bad-${titles.novel}`,
      title: 'Damaged label',
      items: [kohaItem('AB-1', 'X')],
    }),
  );
  return { name: 'koha.mrc', mimeType: 'application/marc', buffer: bytes };
}

async function axeClean(page: Page, label: string) {
  // Badges and the table settle before axe reads the colours.
  await page.waitForTimeout(300);
  const results = await axeResults(page);
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${label} ${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  // From the top, nothing focused: the sticky navbar and the skip link stay where a reader sees them.
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await renderBelowFold(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test('a librarian checks a Koha file, imports it and finds its books', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUpThroughApi(
    page.request,
    memberDraft({ name: 'MARC Librarian', email: E2E_LIBRARIANS.marc }),
    baseURL,
  );
  const titles = {
    novel: uniqueTitle('Nondito Noroke'),
    bengali: uniqueTitle('গীতাঞ্জলি'),
    isbn: uniqueIsbn(),
  };
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/desk?tab=catalogue');
  await expect(page.getByRole('link', { name: 'Download MARC (.mrc)' })).toHaveAttribute(
    'href',
    '/api/desk/books.mrc',
  );
  await expect(page.getByRole('link', { name: 'Download MARCXML' })).toHaveAttribute(
    'href',
    '/api/desk/books.marcxml',
  );
  const importButton = page.getByRole('button', { name: 'Import', exact: true });
  await expect(importButton).toBeDisabled();
  await page.getByLabel('MARC file').setInputFiles(kohaExport(titles));
  await page.getByLabel('Category for records that name none').selectOption('History');
  await page.getByRole('button', { name: 'Check File' }).click();

  await expect(
    page.getByText(
      '3 records: 2 to add, 0 to update, 0 already here, 1 to skip. Nothing is stored yet.',
    ),
  ).toBeVisible();
  const table = page.getByRole('table', { name: 'What the import will do with each record' });
  const novelRow = table.getByRole('row').filter({ hasText: titles.novel });
  await expect(novelRow).toContainText('Humayun Ahmed');
  await expect(novelRow).toContainText(titles.isbn);
  await expect(novelRow).toContainText('Add');
  await expect(table.getByRole('row').filter({ hasText: titles.bengali })).toContainText(
    'রবীন্দ্রনাথ ঠাকুর',
  );
  await expect(table.getByRole('row').filter({ hasText: 'Damaged label' })).toContainText(
    'A barcode is not 4 to 20 letters and digits.',
  );
  await axeClean(page, 'dry run light');
  await shoot(page, 'dry-run-1280-light-en');
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await axeClean(page, 'dry run dark');
  await shoot(page, 'dry-run-1280-dark-en');
  await page.setViewportSize({ width: 375, height: 800 });
  await shoot(page, 'dry-run-375-dark-en');
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
  await shoot(page, 'dry-run-375-light-en');

  await importButton.click();
  await expect(
    page.getByText('Imported 3 records: 2 books added, 0 updated, 2 copies added, 1 skipped.'),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'What the import did with each record' }),
  ).toBeVisible();
  await axeClean(page, 'import 375 light');
  await shoot(page, 'imported-375-light-en');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, 'imported-1280-light-en');

  // The book is in the catalogue, in the category its 650 names, its cover drawn for it.
  await page.goto(`/search?q=${encodeURIComponent(titles.novel)}`);
  await page
    .getByRole('link', { name: `${titles.novel}: a novel` })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${titles.novel}: a novel`);
  await expect(page.getByTestId('fallback-cover').first()).toBeVisible();
  // The Bengali record is found by its romanised title.
  await page.goto('/search?q=gitanjali');
  await expect(page.getByRole('link', { name: titles.bengali }).first()).toBeVisible();
});

test('the MARC import in Bangla: the dry run and the import', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await context.addCookies([{ name: 'lang', value: 'bn', url: baseURL ?? '' }]);
  await signUpThroughApi(
    page.request,
    memberDraft({ name: 'MARC গ্রন্থাগারিক', email: E2E_LIBRARIANS.marcBangla }),
    baseURL,
  );
  const titles = {
    novel: uniqueTitle('Shankhanil Karagar'),
    bengali: uniqueTitle('শেষের কবিতা'),
    isbn: uniqueIsbn(),
  };
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/desk?tab=catalogue');
    await page.getByLabel('MARC ফাইল').setInputFiles(kohaExport(titles));
    await page.getByRole('button', { name: 'ফাইল যাচাই করুন' }).click();
    await expect(
      page.getByText(
        '৩টি রেকর্ড: ২টি যোগ হবে, ০টি হালনাগাদ হবে, ০টি আগে থেকেই আছে, ১টি বাদ যাবে। এখনো কিছু সংরক্ষিত হয়নি।',
      ),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'প্রতিটি রেকর্ডের কী হবে' })).toContainText(
      'একটি বারকোড ৪ থেকে ২০টি অক্ষর ও অঙ্কের নয়।',
    );
    await axeClean(page, `bn dry run ${colorScheme}`);
    await shoot(page, `dry-run-1280-${colorScheme}-bn`);
    await page.setViewportSize({ width: 375, height: 800 });
    await shoot(page, `dry-run-375-${colorScheme}-bn`);
  }
  await page.getByRole('button', { name: 'ইমপোর্ট করুন', exact: true }).click();
  await expect(
    page.getByText(
      '৩টি রেকর্ড ইমপোর্ট হয়েছে: ২টি বই যোগ হয়েছে, ০টি হালনাগাদ হয়েছে, ২টি কপি যোগ হয়েছে, ১টি বাদ গেছে।',
    ),
  ).toBeVisible();
  await axeClean(page, 'bn import dark');
  await shoot(page, 'imported-375-dark-bn');
});
