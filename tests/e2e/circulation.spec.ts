/**
 * Circulation as a member lives it: borrowing (and each reason a loan is refused), the list of
 * borrowed books and returning one. Each test signs up its own member and makes its own books.
 */
import type { Page } from '@playwright/test';
import { expect, holdRequests, test } from './fixtures.ts';
import { addDays } from '../../src/common/calendar.ts';
import { addBook, borrowBook, libraryToday, setQuantity, spelledOut } from './library-api.ts';

const dialog = (page: Page) => page.getByRole('dialog');

async function tryToBorrow(page: Page) {
  await page.getByLabel('Return Date').selectOption(addDays(await libraryToday(page), 7));
  await page.getByRole('button', { name: 'Borrow', exact: true }).click();
}

test('a member borrows the last copy of a book and finds it among their borrowed books', async ({
  page,
  member,
}) => {
  const book = await addBook(page, { quantity: 1 });
  const releaseBorrow = await holdRequests(page, '**/api/borrowedBooks', 'POST');
  await page.goto(`/borrow/${book._id}`);

  await expect(page.getByRole('heading', { name: book.name })).toBeVisible();
  await expect(page.getByText('Available quantity: 1')).toBeVisible();
  await expect(page.getByLabel('Your Name')).toHaveValue(member.name);
  await expect(page.getByLabel('Your Name')).not.toBeEditable();
  await expect(page.getByLabel('Your Email')).toHaveValue(member.email);
  await expect(page.getByLabel('Your Email')).not.toBeEditable();
  // The dates start on the library's today, and the loan period bounds the return date.
  const today = await libraryToday(page);
  await expect(page.getByLabel('Borrowed Date')).toHaveValue(today);
  await expect(page.getByLabel('Return Date')).toHaveValue(addDays(today, 14));
  // Each offers only the days the rules allow, written as the page writes dates.
  const offered = (label: string) =>
    page
      .getByLabel(label)
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(await offered('Borrowed Date')).toEqual([
    '',
    addDays(today, -1),
    today,
    addDays(today, 1),
  ]);
  expect(await offered('Return Date')).toEqual([
    '',
    ...Array.from({ length: 14 }, (_, index) => addDays(today, index + 1)),
  ]);
  await expect(page.getByLabel('Return Date').locator('option').nth(14)).toHaveText(
    spelledOut(addDays(today, 14)),
  );
  await expect(
    page.getByText('A loan lasts up to 14 days; you can renew it online.'),
  ).toBeVisible();
  // A borrowed date moved a day on takes the return date with it.
  await page.getByLabel('Borrowed Date').selectOption(addDays(today, 1));
  await expect(page.getByLabel('Return Date')).toHaveValue(addDays(today, 15));
  await page.getByLabel('Borrowed Date').selectOption(today);
  await expect(page.getByLabel('Return Date')).toHaveValue(addDays(today, 14));

  await page.getByLabel('Return Date').selectOption('');
  await page.getByRole('button', { name: 'Borrow', exact: true }).click();
  await expect(page.getByText('Return Date is required')).toBeVisible();

  await tryToBorrow(page);
  await expect(page.getByRole('button', { name: 'Borrowing...' })).toBeDisabled();
  releaseBorrow();
  await expect(page.getByRole('alert').filter({ hasText: 'Successfully Borrowed' })).toBeVisible();
  await page.waitForURL('**/borrowedBooks');
  await expect(page.getByRole('heading', { name: book.name })).toBeVisible();
  await expect(page.getByText('You hold 1 of 3 books')).toBeVisible();
});

test("refuses a book the member already holds: 'Already Borrowed'", async ({
  page,
  member: _member,
}) => {
  const book = await addBook(page, { quantity: 3 });
  await borrowBook(page, book._id);
  await page.goto(`/borrow/${book._id}`);
  await tryToBorrow(page);
  await expect(dialog(page)).toContainText('Already Borrowed');
  await expect(dialog(page)).toContainText(
    'You already borrowed this book. Please return it first.',
  );
  await dialog(page).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('button', { name: 'Borrow', exact: true })).toBeEnabled();
});

test("refuses a fourth book: 'Borrow Limit Reached'", async ({ page, member: _member }) => {
  for (let held = 0; held < 3; held += 1) {
    await borrowBook(page, (await addBook(page))._id);
  }
  const fourth = await addBook(page);
  await page.goto(`/borrow/${fourth._id}`);
  await tryToBorrow(page);
  await expect(dialog(page)).toContainText('Borrow Limit Reached');
  await expect(dialog(page)).toContainText('You can borrow a maximum of 3 books at a time.');
});

test("refuses a book whose copies are all out: 'Not Available'", async ({
  page,
  member: _member,
}) => {
  const book = await addBook(page, { quantity: 1 });
  await page.goto(`/borrow/${book._id}`);
  await expect(page.getByText('Available quantity: 1')).toBeVisible();

  // The last copy goes out while the form is open.
  await setQuantity(page, book, 0);
  await tryToBorrow(page);
  await expect(dialog(page)).toContainText('Not Available');
  await expect(dialog(page)).toContainText('This book is currently unavailable for borrowing.');
  await dialog(page).getByRole('button', { name: 'OK' }).click();

  // The page reads the book again: the last copy is gone and Borrow cannot be pressed.
  await expect(page.getByText('Available quantity: 0')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Borrow', exact: true })).toBeDisabled();
});

test("sends the member home when the book is gone: 'Book Not Found'", async ({
  page,
  member: _member,
}) => {
  const book = await addBook(page);
  await page.route(
    (url) => url.pathname === '/api/borrowedBooks/check',
    (route) => route.fulfill({ json: { canBorrow: false, reason: 'NOT_FOUND' } }),
  );
  await page.goto(`/borrow/${book._id}`);
  await tryToBorrow(page);
  await expect(dialog(page)).toContainText('Book Not Found');
  await expect(dialog(page)).toContainText('The selected book does not exist.');
  await dialog(page).getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL('/');
});

test("says 'Oops...' when borrowing fails for another reason", async ({
  page,
  member: _member,
}) => {
  const book = await addBook(page);
  await page.route('**/api/borrowedBooks', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, json: { error: 'Broken', code: 'INTERNAL' } })
      : route.fallback(),
  );
  await page.goto(`/borrow/${book._id}`);
  await tryToBorrow(page);
  await expect(dialog(page)).toContainText('Oops...');
  await expect(dialog(page)).toContainText('Failed to borrow the book. Please try again.');
});

test('returning a book removes its card and puts the copy back on the shelf', async ({
  page,
  member: _member,
}) => {
  const book = await addBook(page, { quantity: 2 });
  await borrowBook(page, book._id);

  await page.goto(`/books/${book._id}`);
  await expect(page.getByRole('main').locator('dl')).toContainText('Quantity1');

  await page.goto('/borrowedBooks');
  const card = page.getByRole('article').filter({ hasText: book.name });
  await expect(card).toContainText(book.category);
  const today = await libraryToday(page);
  await expect(card).toContainText(`Borrowed Date${spelledOut(today)}`);
  await expect(card).toContainText(`Return By${spelledOut(addDays(today, 14))}`);
  await expect(card).toContainText('Due in 14 days');
  await expect(card.locator('img')).toHaveAttribute('src', book.image);

  await page.goto(`/books/${book._id}`);
  await expect(
    page.getByText(`You have this book. Please return it by ${spelledOut(addDays(today, 14))}.`),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Borrow This Book' })).toHaveCount(0);

  await page.goto('/borrowedBooks');
  // Returning asks first; keeping the book changes nothing.
  await card.getByRole('button', { name: /^Return Book/ }).click();
  await expect(dialog(page)).toContainText('Return this book?');
  await dialog(page).getByRole('button', { name: 'Keep It' }).click();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /^Return Book/ }).click();
  await dialog(page).getByRole('button', { name: 'Yes, Return It' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Book Returned' })).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByText('You have no borrowed books currently.')).toBeVisible();

  await page.goto(`/books/${book._id}`);
  await expect(page.getByRole('main').locator('dl')).toContainText('Quantity2');
});

test('a failed return is told with an alert and keeps the card', async ({
  page,
  member: _member,
}) => {
  const book = await addBook(page);
  await borrowBook(page, book._id);
  await page.route('**/api/borrowedBooks/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, json: {} })
      : route.fallback(),
  );
  await page.goto('/borrowedBooks');
  const alerts: string[] = [];
  page.once('dialog', (alert) => {
    alerts.push(alert.message());
    void alert.accept();
  });
  await page.getByRole('button', { name: /^Return Book/ }).click();
  await dialog(page).getByRole('button', { name: 'Yes, Return It' }).click();
  await expect
    .poll(() => alerts)
    .toEqual(['Something went wrong while returning the book. Please try again.']);
  await expect(page.getByRole('article').filter({ hasText: book.name })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Return Book/ })).toBeEnabled();
});

test('a member without loans is pointed to the collection', async ({ page, member: _member }) => {
  await page.goto('/borrowedBooks');
  await expect(page.getByText('You have no borrowed books currently.')).toBeVisible();
  await page.getByRole('link', { name: 'Browse the collection' }).click();
  await expect(page).toHaveURL('/allBooks');
});

test('visitors who open a borrow page are asked to sign in first', async ({ page }) => {
  const [book] = (await (await page.request.get('/api/books?limit=1')).json()) as { _id: string }[];
  await page.goto(`/borrow/${book?._id ?? 'any'}`);
  await expect(page).toHaveURL(/\/signIn$/);
});
