/**
 * Finding books (docs/product.md#search): the navbar's search field and the search page, browsing that
 * keeps its place, answers for what does not exist, and pages that survive long words.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import type { BookCreate } from '../../src/common/schemas.ts';
import type { Book } from '../../src/common/types.ts';
import { expect, holdRequests, memberDraft, signUpThroughApi, test } from './fixtures.ts';
import { addBook, setQuantity } from './library-api.ts';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const searchField = (page: Page) =>
  mainNav(page).getByRole('searchbox', { name: 'Search the catalogue' });
const resultTitles = (page: Page) => page.getByTestId('search-results').getByRole('heading');

/** A made-up word that no other book holds, so a search for it finds this test's books alone. */
const uniqueWord = () => `zq${randomUUID().replaceAll('-', '').slice(0, 10)}`;

/** Adds books as a member of a context of its own, so the test's page stays a visitor's. */
async function addBooksElsewhere(
  browser: Browser,
  baseURL: string | undefined,
  drafts: (Partial<BookCreate> & { quantity: number })[],
): Promise<Book[]> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signUpThroughApi(page.request, memberDraft(), baseURL);
  const books: Book[] = [];
  for (const draft of drafts) {
    const book = await addBook(page, { ...draft, quantity: Math.max(draft.quantity, 1) });
    if (draft.quantity === 0) await setQuantity(page, book, 0);
    books.push(book);
  }
  await context.close();
  return books;
}

test.describe('search', () => {
  test.use({ viewport: { width: 800, height: 600 } });

  test('a visitor searches from the navbar, refines, sorts, opens a result and comes back to the same place', async ({
    page,
    browser,
    baseURL,
  }) => {
    const word = uniqueWord();
    await addBooksElsewhere(browser, baseURL, [
      { name: `Delta ${word}`, category: 'Drama', quantity: 1 },
      { name: `Alpha ${word}`, category: 'Drama', quantity: 0 },
      { name: `Charlie ${word}`, category: 'Drama', quantity: 2 },
      { name: `Bravo ${word}`, category: 'Drama', quantity: 3 },
      { name: `Echo ${word}`, category: 'History', quantity: 1 },
      { name: `নদীর গান ${word}`, category: 'Novel', quantity: 1 },
    ]);

    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The first HTML is the server's: '/' works once the app's script has taken the page over,
    // which on one CI run came after the heading showed.
    await expect(async () => {
      await page.keyboard.press('/');
      await expect(searchField(page)).toBeFocused({ timeout: 500 });
    }).toPass();
    await page.keyboard.type(word);
    await expect(page).toHaveURL(`/search?q=${word}`);
    await expect(page).toHaveTitle('Search - Pathagar');
    await expect(page.getByTestId('search-total')).toHaveText('6 books found');

    const categories = page.getByRole('navigation', { name: 'Category' });
    await expect(categories.getByRole('link')).toHaveText([
      /All categories\s*6/,
      /Drama\s*4/,
      /History\s*1/,
      /Novel\s*1/,
    ]);
    await categories.getByRole('link', { name: /^Drama/ }).click();
    await expect(page).toHaveURL(`/search?q=${word}&category=Drama`);
    await expect(page.getByTestId('search-total')).toHaveText('4 books found');
    await page.getByRole('checkbox', { name: /On the shelf now/ }).check();
    await expect(page.getByTestId('search-total')).toHaveText('3 books found');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('title');
    await expect(page).toHaveURL(`/search?q=${word}&category=Drama&available=true&sort=title`);
    await expect(resultTitles(page)).toHaveText([
      `Bravo ${word}`,
      `Charlie ${word}`,
      `Delta ${word}`,
    ]);

    const last = page.getByRole('link', { name: `Delta ${word}` });
    await last.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled, 'the list is long enough to scroll').toBeGreaterThan(0);
    await last.click();
    await expect(page).toHaveURL(/\/books\//);
    await page.goBack();
    await expect(page).toHaveURL(`/search?q=${word}&category=Drama&available=true&sort=title`);
    await expect(resultTitles(page)).toHaveText([
      `Bravo ${word}`,
      `Charlie ${word}`,
      `Delta ${word}`,
    ]);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(searchField(page)).toHaveValue(word);

    // Bangla is found as it is typed, in the navbar of any page.
    await page.goto('/');
    await searchField(page).fill(`নদীর ${word}`);
    await expect(resultTitles(page)).toHaveText([`নদীর গান ${word}`]);
  });

  test('shows the answer to the last words typed, never an older one', async ({
    page,
    browser,
    baseURL,
  }) => {
    const word = uniqueWord();
    await addBooksElsewhere(browser, baseURL, [
      { name: `${word} Orchard`, quantity: 1 },
      { name: `${word} Harbour`, quantity: 1 },
    ]);
    await page.goto('/search');
    await expect(page.getByTestId('search-total')).toBeVisible();

    // The answer to the first words is held back until the later words have been answered.
    const releaseFirst = await holdRequests(
      page,
      (url) => url.pathname === '/api/books' && url.searchParams.get('q') === word,
    );
    const firstAsked = page.waitForRequest(
      (request) => new URL(request.url()).searchParams.get('q') === word,
    );
    const firstDropped = page.waitForEvent('requestfailed', (request) =>
      request.url().includes(`q=${word}&`),
    );
    await searchField(page).pressSequentially(word);
    await firstAsked;
    await searchField(page).pressSequentially(' harb');
    await expect(resultTitles(page)).toHaveText([`${word} Harbour`]);
    await firstDropped;
    releaseFirst();
    await expect(page).toHaveURL(`/search?q=${word}+harb`);
    await expect(resultTitles(page)).toHaveText([`${word} Harbour`]);
    await expect(searchField(page)).toHaveValue(`${word} harb`);
  });

  test('a slow answer keeps the navbar and the page on screen, with a progress bar', async ({
    page,
    member: _member,
  }) => {
    const book = await addBook(page, { name: `Slow ${uniqueWord()}` });
    await page.goto(`/search?q=${encodeURIComponent(book.name)}`);
    const release = await holdRequests(page, `**/api/books/${book._id}`);
    await page.getByRole('link', { name: book.name }).click();
    await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toBeVisible();
    await expect(searchField(page)).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Pathagar' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${book.name}”`);
    release();
    await expect(page).toHaveURL(`/books/${book._id}`);
    await expect(page.getByRole('heading', { level: 1, name: book.name })).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  });
});

test('All Books keeps the pages loaded and the place on the page through Back', async ({
  page,
  member: _member,
}) => {
  await page.goto('/allBooks');
  const shown = page.getByText(/^Showing \d+ of \d+ books$/);
  await expect(shown).toHaveText(/^Showing 24 of/);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(shown).toHaveText(/^Showing 48 of/);
  const titles = page.getByRole('main').getByRole('heading', { level: 2 });
  const book = titles.nth(40).getByRole('link');
  await book.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  await book.click();
  await expect(page).toHaveURL(/\/books\//);
  await page.goBack();
  await expect(shown).toHaveText(/^Showing 48 of/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
});

test('what does not exist answers 404 with a page that says so; categories in any case', async ({
  page,
}) => {
  const missingPage = await page.goto('/shelves/none');
  expect(missingPage?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  const missingBook = await page.goto('/books/no-such-book');
  expect(missingBook?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Book not found.' })).toBeVisible();
  const missingCategory = await page.goto('/category/Poetry');
  expect(missingCategory?.status()).toBe(404);
  await expect(page.getByText('No books found in category "Poetry"')).toBeVisible();

  const lowerCase = await page.goto('/category/sci-fi');
  expect(lowerCase?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sci-Fi Books');
  await expect(page.getByRole('article').first()).toContainText('CategorySci-Fi');
});

test('a title of one 60-letter word never makes a 375 px page scroll sideways', async ({
  page,
  member: _member,
}) => {
  const word = `Pneumonoultramicroscopicsilicovolcanoconiosis${uniqueWord()}xyz`.slice(0, 60);
  const book = await addBook(page, {
    name: word,
    author: `${word}Author`,
    category: 'Sci-Fi',
    quantity: 3,
    shortDescription: `${word} ${word}`,
    content: word,
  });
  await page.setViewportSize({ width: 375, height: 740 });
  for (const [path, shows] of [
    [`/books/${book._id}`, page.getByRole('heading', { level: 1, name: word })],
    [`/search?q=${word}`, resultTitles(page)],
    ['/category/Sci-Fi', page.getByRole('heading', { level: 2, name: word })],
  ] as const) {
    await page.goto(path);
    await expect(shows).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is no wider than the screen`).toBeLessThanOrEqual(375);
  }
});
