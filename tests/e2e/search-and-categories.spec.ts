/**
 * Finding books in either script and the categories the library chooses
 * (docs/product.md#search, docs/product.md#categories): the search page in English and Bangla,
 * exact matches first, a typo forgiven and said so; librarians add, rename and remove a category
 * at the desk, and the book form offers it. Screenshots at 1280 and 375 px, light and dark, in
 * both languages; axe finds no serious or critical violation.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, memberDraft, signUpThroughApi, test } from './fixtures.ts';
import { E2E_LIBRARIANS } from './librarians.ts';
import { addBook, xsrfHeaders } from './library-api.ts';
import { axeResults, renderBelowFold } from './looks.ts';

const SHOTS = '/work/shots/search';

test.describe.configure({ timeout: 120_000 });

async function seriousViolations(page: Page, label: string): Promise<string[]> {
  const results = await axeResults(page);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${label} ${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
    );
}

/** Screenshots of the page as it is, at both widths and in both schemes, and axe on each. */
async function shootAll(page: Page, name: string, language: 'en' | 'bn', url: string) {
  const problems: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await renderBelowFold(page);
      await page.screenshot({
        path: `${SHOTS}/${name}-${width}-${colorScheme}-${language}.png`,
        fullPage: true,
      });
      problems.push(
        ...(await seriousViolations(page, `${name} ${width} ${colorScheme} ${language}`)),
      );
    }
  }
  expect(problems).toEqual([]);
}

test('a visitor finds a Bengali-script record from its Latin spelling, exact matches first', async ({
  page,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.goto(`/search?q=${encodeURIComponent('pather panchali')}`);
  const results = page.getByTestId('search-results');
  const titles = results.getByRole('heading');
  await expect(titles.first()).toHaveText('Pather Panchali');
  await expect(results).toContainText('পথের পাঁচালী');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('relevance');

  // The Latin record from Bengali script.
  await page.goto(`/search?q=${encodeURIComponent('পদ্মা নদীর মাঝি')}`);
  await expect(results).toContainText('Padma Nadir Majhi');

  // A typo forgiven, and said so.
  await page.goto('/search?q=Raktakarami');
  await expect(page.getByTestId('search-corrected')).toContainText(
    'Showing results for raktakarabi',
  );
  await expect(results).toContainText('Raktakarabi');
  await expect(results).toContainText('রক্তকরবী');

  await shootAll(page, 'search', 'en', `/search?q=${encodeURIComponent('pather panchali')}`);
  await shootAll(page, 'search-corrected', 'en', '/search?q=Raktakarami');
});

test('the search page in Bangla finds শেষের কবিতা from "shesher kobita"', async ({
  page,
  context,
  baseURL,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await context.addCookies([{ name: 'lang', value: 'bn', url: baseURL ?? '' }]);
  await page.goto(`/search?q=${encodeURIComponent('shesher kobita')}`);
  await expect(page.getByTestId('search-results')).toContainText('শেষের কবিতা');
  await shootAll(page, 'search', 'bn', `/search?q=${encodeURIComponent('shesher kobita')}`);
});

test('a search of more books than are counted says "About", and Next goes on while pages are full', async ({
  page,
  baseURL,
}) => {
  await signUpThroughApi(page.request, memberDraft(), baseURL);
  // A word of its own, in 121 titles: five full pages of 24 and one more book.
  const word = `zq${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  for (let first = 0; first < 121; first += 11) {
    await Promise.all(
      Array.from({ length: 11 }, (_, index) =>
        addBook(page, { name: `${word} ${first + index}`, shortDescription: 'Paged.' }),
      ),
    );
  }
  await page.goto(`/search?q=${word}`);
  // Counted up to 100, then estimated and rounded: 121 books are "about 120", five pages' worth.
  await expect(page.getByTestId('search-total')).toHaveText('About 120 books found');
  await page.goto(`/search?q=${word}&page=5`);
  const results = page.getByTestId('search-results').getByRole('listitem');
  await expect(results).toHaveCount(24);
  // The estimate stops at page 5, but the page is full: there may be more, and there is.
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=6/);
  await expect(results).toHaveCount(1);
  await expect(
    page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }),
  ).toHaveCount(0);
});

test('a librarian adds, renames and removes a category, and the book form offers it', async ({
  page,
  baseURL,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await signUpThroughApi(
    page.request,
    memberDraft({ name: 'Category Librarian', email: E2E_LIBRARIANS.categories }),
    baseURL,
  );
  await page.goto('/desk?tab=catalogue');
  const list = page.getByTestId('category-list');
  await expect(list).toContainText('বিজ্ঞান কল্পকাহিনি');
  const adding = page.getByRole('region', { name: 'Categories' });
  await adding.getByLabel('English name').last().fill('Essays');
  await adding.getByLabel('Bangla name').last().fill('প্রবন্ধ');
  await adding.getByRole('button', { name: 'Add Category' }).click();
  await expect(list).toContainText('Essays');

  await page.goto('/addBook');
  await expect(page.getByRole('combobox', { name: 'Category' })).toContainText('Essays');

  await page.goto('/desk?tab=catalogue');
  await list.getByRole('button', { name: 'Rename Essays' }).click();
  await list.getByLabel('English name').fill('Essay Collections');
  await list.getByLabel('Bangla name').fill('প্রবন্ধ সংকলন');
  await list.getByRole('button', { name: 'Save' }).click();
  await expect(list).toContainText('Essay Collections');
  await expect(list).toContainText('প্রবন্ধ সংকলন');
  await shootAll(page, 'categories', 'en', '/desk?tab=catalogue');

  await page.goto('/desk?tab=catalogue');
  await list.getByRole('button', { name: 'Remove Essay Collections' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Remove this category?');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(list).not.toContainText('Essay Collections');

  // A category books carry stays.
  await list.getByRole('button', { name: 'Remove Novel' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('dialog')).toContainText('Category In Use');
});

test('a category the library added is headed in its own spelling, even when the list comes late', async ({
  page,
  context,
  baseURL,
}) => {
  await signUpThroughApi(
    page.request,
    memberDraft({ name: 'Category Librarian', email: E2E_LIBRARIANS.categoryPage }),
    baseURL,
  );
  const name = `Travel Writing ${Date.now() % 100_000}`;
  const added = await page.request.post('/api/categories/options', {
    headers: await xsrfHeaders(page),
    data: { name, nameBn: 'ভ্রমণ সাহিত্য' },
  });
  expect(added.status(), await added.text()).toBe(201);

  // The page's loaders start before the first render; the list of categories comes 1.5 s late.
  await page.route('**/api/categories/options', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.fallback();
  });
  const asked = `/category/${encodeURIComponent(name.toLowerCase())}`;
  await page.goto(asked);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await context.addCookies([{ name: 'lang', value: 'bn', url: baseURL ?? '' }]);
  await page.goto(asked);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('ভ্রমণ সাহিত্য');
});

test('the categories at the desk in Bangla', async ({ page, context, baseURL }) => {
  mkdirSync(SHOTS, { recursive: true });
  await context.addCookies([{ name: 'lang', value: 'bn', url: baseURL ?? '' }]);
  await signUpThroughApi(
    page.request,
    memberDraft({ name: 'বিভাগ গ্রন্থাগারিক', email: E2E_LIBRARIANS.categoriesBangla }),
    baseURL,
  );
  await page.goto('/desk?tab=catalogue');
  await expect(page.getByRole('heading', { name: 'বিভাগ', exact: true })).toBeVisible();
  await shootAll(page, 'categories', 'bn', '/desk?tab=catalogue');
});
