/**
 * Circulation over time, as members live it: a loan falling overdue (seen on the same library
 * with its clock moved on), renewing up to the limit, a place in the queue for a book that is out
 * becoming a copy kept for the member, and the history of returned books.
 */
import { addDays } from '../../src/common/calendar.ts';
import { expect, memberDraft, signUpThroughApi, test } from './fixtures.ts';
import { LATER_DAYS, laterLibrary } from './later-library.ts';
import { addBook, borrowBook, libraryToday, returnBook, spelledOut } from './library-api.ts';

test('an overdue loan stands out and blocks borrowing until it is returned', async ({
  page,
  member: _member,
}) => {
  const late = await addBook(page);
  const wanted = await addBook(page);
  // Due today: on the library a day later, it is a day late.
  await borrowBook(page, late._id, 1, true);

  await page.goto(`${laterLibrary}/borrowedBooks`);
  const card = page.getByRole('article').filter({ hasText: late.name });
  await expect(card).toContainText(`Overdue · ${LATER_DAYS} day late`);
  await expect(page.getByRole('alert').filter({ hasText: 'You have overdue books' })).toBeVisible();

  await page.goto(`${laterLibrary}/borrow/${wanted._id}`);
  await page.getByRole('button', { name: 'Borrow', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Overdue Books');
  await expect(dialog).toContainText('Please return your overdue books before borrowing another.');
  await dialog.getByRole('button', { name: 'OK' }).click();

  await page.goto(`${laterLibrary}/borrowedBooks`);
  await card.getByRole('button', { name: /^Return Book/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, Return It' }).click();
  await expect(card).toHaveCount(0);
  await page.goto(`${laterLibrary}/borrow/${wanted._id}`);
  await page.getByRole('button', { name: 'Borrow', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Successfully Borrowed' })).toBeVisible();
});

test('a member renews a loan until the limit', async ({ page, member: _member }) => {
  const book = await addBook(page);
  await borrowBook(page, book._id);
  const today = await libraryToday(page);
  await page.goto('/borrowedBooks');
  const card = page.getByRole('article').filter({ hasText: book.name });
  await expect(card).toContainText('Renewed 0 of 2 times');

  for (const weeks of [4, 6]) {
    await card.getByRole('button', { name: /^Renew/ }).click();
    const due = spelledOut(addDays(today, weeks * 7));
    await expect(page.getByRole('alert').filter({ hasText: 'Renewed' })).toContainText(
      `Please return it by ${due}.`,
    );
    await expect(card).toContainText(`Return By${due}`);
  }
  await expect(card).toContainText('Renewed 2 of 2 times');

  await card.getByRole('button', { name: /^Renew/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Renewal Limit Reached');
  await expect(dialog).toContainText('This book has been renewed as many times as allowed.');
});

test('a hold on a book with no copies becomes a copy kept for the member, who borrows it', async ({
  page,
  browser,
  baseURL,
  member: _member,
}) => {
  const reader = await browser.newPage({ baseURL });
  await signUpThroughApi(reader.request, memberDraft({ name: 'Other Reader' }), baseURL);
  const book = await addBook(reader, { quantity: 1 });
  const loan = await borrowBook(reader, book._id);

  await page.goto(`/books/${book._id}`);
  await expect(page.getByText('All copies are on loan. No one is waiting yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Borrow This Book' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Place a Hold' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Hold Placed');
  await expect(dialog).toContainText('You are number 1 in the queue.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  // The page now tells the member their place instead of offering another hold.
  await expect(page.getByText('All copies are on loan. Number 1 in the queue')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place a Hold' })).toHaveCount(0);

  await page.goto('/borrowedBooks?tab=holds');
  const hold = page.getByRole('article').filter({ hasText: book.name });
  await expect(hold).toContainText('Number 1 in the queue');

  await returnBook(reader, loan);
  await reader.close();
  await page.reload();
  await expect(hold).toContainText('Ready for you until');
  await hold.getByRole('link', { name: 'Borrow Now' }).click();
  await expect(page.getByText('A copy is kept for you: borrow it before then.')).toBeVisible();
  await expect(page.getByText('Available quantity: 0')).toBeVisible();
  await page.getByRole('button', { name: 'Borrow', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Successfully Borrowed' })).toBeVisible();
  await page.waitForURL('**/borrowedBooks');
  await expect(page.getByRole('article').filter({ hasText: book.name })).toContainText(
    'Due in 14 days',
  );
  await page.getByRole('link', { name: /^Holds/ }).click();
  await expect(page.getByText('You have no holds.')).toBeVisible();
});

test('returned books are listed in the History tab', async ({ page, member: _member }) => {
  const book = await addBook(page);
  await returnBook(page, await borrowBook(page, book._id));
  await page.goto('/borrowedBooks');
  await expect(page.getByText('You have no borrowed books currently.')).toBeVisible();
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/tab=history/);
  await expect(page.getByText('1 book returned')).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: book.name });
  await expect(card).toContainText('Returned');
  await expect(card.getByRole('button')).toHaveCount(0);
});
