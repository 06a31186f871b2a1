/**
 * The Circulation Desk as librarians use it (docs/product.md#librarians, issue 12): an overdue loan found
 * and checked in, its copy going to the next member in the queue; a catalogue imported from a
 * spreadsheet's file, after a report of what to fix; the desk offered to librarians alone.
 */
import { enPages } from '../../src/common/i18n/en-pages.ts';
import { expect, memberDraft, signUpThroughApi, test } from './fixtures.ts';
import { laterLibrary } from './later-library.ts';
import { E2E_LIBRARIANS } from './librarians.ts';
import { addBook, borrowBook, placeHold, uniqueTitle } from './library-api.ts';
import { expectAccessible, WIDTHS } from './looks.ts';

/** The desk's tabs and their names, as the page writes them in English. */
const DESK_TAB_NAMES = enPages.deskTexts.tabs;
const DESK_TABS = Object.keys(DESK_TAB_NAMES) as (keyof typeof DESK_TAB_NAMES)[];

const HEADER =
  'name,author,category,quantity,rating,shortDescription,image,content,isbn,publisher,publishedYear,language';

test('a librarian finds an overdue loan, checks it in, and the next hold becomes ready', async ({
  page,
  browser,
  baseURL,
}) => {
  const borrower = await browser.newPage({ baseURL });
  await signUpThroughApi(borrower.request, memberDraft({ name: 'Late Reader' }), baseURL);
  const book = await addBook(borrower, { quantity: 1 });
  // Due today: on the library a day later, it is a day late.
  await borrowBook(borrower, book._id, 1, true);
  const waiter = await browser.newPage({ baseURL });
  await signUpThroughApi(waiter.request, memberDraft({ name: 'Waiting Reader' }), baseURL);
  await placeHold(waiter, book._id);
  await signUpThroughApi(
    page.request,
    memberDraft({ name: 'Desk Librarian', email: E2E_LIBRARIANS.checkIn }),
    baseURL,
  );

  await page.goto(`${laterLibrary}/desk?tab=loans`);
  await expect(page).toHaveTitle(/^Circulation Desk/);
  await page.getByRole('link', { name: 'Overdue' }).click();
  // The search keeps the status the page shows: wait for the overdue list before searching it.
  await expect(page.getByRole('link', { name: 'Overdue' })).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Member name, e-mail or book title').fill(book.name);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('listitem').filter({ hasText: book.name });
  await expect(row).toContainText('Late Reader');
  await expect(row).toContainText('1 day late');

  await row.getByRole('button', { name: 'Check In' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Check this book in?');
  await dialog.getByRole('button', { name: 'Yes, Check In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Checked In' })).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole('link', { name: 'Holds' }).click();
  await expect(page).toHaveURL(/tab=holds/);
  const queue = page.getByRole('listitem').filter({ hasText: book.name }).first();
  await expect(queue).toContainText('1 ready for pickup');
  await expect(queue).toContainText('Waiting Reader');
  await expect(queue).toContainText('Ready until');

  // The tabs are in the address: Back returns to the loans.
  await page.goBack();
  await expect(page.getByRole('link', { name: 'Overdue' })).toHaveAttribute('aria-current', 'page');
});

test('a librarian imports a catalogue file, fixing what the report names first', async ({
  page,
  baseURL,
}) => {
  await signUpThroughApi(
    page.request,
    memberDraft({ name: 'Import Librarian', email: E2E_LIBRARIANS.import }),
    baseURL,
  );
  const first = uniqueTitle('Imported Novel');
  const second = uniqueTitle('আমদানি বই');
  const file = (category: string) => ({
    name: 'books.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `\uFEFF${HEADER}\r\n` +
        `"${first}","Author, Some",Novel,2,4.5,"Short, with a comma",/covers/dune.svg,"One\r\n\r\nTwo",,,2001,en\r\n` +
        `"${second}",লেখক,${category},1,4,বর্ণনা,/covers/gora.svg,,,,,bn\r\n`,
    ),
  });

  await page.goto('/desk?tab=catalogue');
  await expect(page.getByRole('link', { name: 'Download catalogue.csv' })).toHaveAttribute(
    'href',
    '/api/desk/books.csv',
  );
  const input = page.getByLabel('CSV file');
  await input.setInputFiles(file('Poetry'));
  await page.getByRole('button', { name: 'Import Books' }).click();
  const report = page.getByRole('alert').filter({ hasText: 'Nothing was imported' });
  await expect(report).toContainText('Row 3, category: Category must be one of');

  await input.setInputFiles(file('Drama'));
  await page.getByRole('button', { name: 'Import Books' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '2 books imported' })).toBeVisible();
  await expect(report).toHaveCount(0);

  await page.goto(`/search?q=${encodeURIComponent(first)}`);
  await page.getByRole('link', { name: first }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first);
  await expect(page.getByText('Published Year')).toBeVisible();
  await expect(page.getByText('English')).toBeVisible();
  await page.goto(`/search?q=${encodeURIComponent(second)}`);
  await expect(page.getByRole('link', { name: second }).first()).toBeVisible();
});

test('the desk is offered to librarians only', async ({ page, browser, baseURL }) => {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await signUpThroughApi(page.request, memberDraft({ name: 'Plain Member' }), baseURL);
  await page.goto('/');
  await expect(nav.getByRole('link', { name: 'Borrowed Books' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Desk' })).toHaveCount(0);
  await page.goto('/desk');
  await expect(page.getByRole('alert')).toContainText('Librarians only');
  await expect(page.getByRole('navigation', { name: 'Desk sections' })).toHaveCount(0);

  const librarian = await browser.newPage({ baseURL });
  await signUpThroughApi(
    librarian.request,
    memberDraft({ name: 'Nav Librarian', email: E2E_LIBRARIANS.navigation }),
    baseURL,
  );
  await librarian.goto('/');
  await librarian
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Desk' })
    .click();
  await expect(librarian.getByRole('heading', { name: 'Circulation Desk' })).toBeVisible();

  const visitor = await browser.newPage({ baseURL });
  await visitor.goto('/desk');
  await expect(visitor).toHaveURL(/\/signIn$/);
});

test('every desk tab has no serious or critical axe violations, light and dark, at both widths', async ({
  page,
  baseURL,
}) => {
  // Eight tabs, each read by axe at both widths in the light theme and on a desktop in the dark
  // one (what a width changes, the layout, is the same in either theme).
  test.setTimeout(240_000);
  await signUpThroughApi(
    page.request,
    memberDraft({ name: 'Axe Librarian', email: E2E_LIBRARIANS.accessibility }),
    baseURL,
  );
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const tab of DESK_TABS) {
      await page.goto(`/desk?tab=${tab}`);
      for (const width of colorScheme === 'light' ? WIDTHS : WIDTHS.slice(0, 1)) {
        await page.setViewportSize({ width, height: 800 });
        await expect(page.getByRole('heading', { name: 'Circulation Desk' })).toBeVisible();
        const tabs = page.getByRole('navigation', { name: enPages.deskTexts.tabsLabel });
        await expect(tabs.getByRole('link', { name: DESK_TAB_NAMES[tab] })).toHaveAttribute(
          'aria-current',
          'page',
        );
        await expectAccessible(page, `desk ${tab} ${colorScheme} ${width}`);
      }
    }
  }
});
