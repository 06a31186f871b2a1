/**
 * Fines as a member and a librarian live them (docs/product/fines-and-membership.md): an overdue
 * book's fine accruing (on the library with its clock moved on), the check-in that charges it, the
 * payment taken at the desk and its printed receipt, the balance back at 0, and the amounts in
 * Bengali digits with ৳ in Bangla.
 */
import { expect, memberDraft, signUpThroughApi, test } from './fixtures.ts';
import { laterLibrary } from './later-library.ts';
import { E2E_LIBRARIANS } from './librarians.ts';
import { addBook, borrowBook } from './library-api.ts';
import { axeResults } from './looks.ts';

test('a late book is charged at check-in, paid at the desk, and the receipt printed', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two accounts, a check-in, a payment and two languages: longer than one page's journey.
  test.setTimeout(150_000);
  const reader = memberDraft({ name: `Fined Reader ${Date.now()}` });
  await signUpThroughApi(page.request, reader, baseURL);
  const book = await addBook(page, { quantity: 1 });
  // Due today: on the library a day later, it is a day late, 2 taka so far.
  await borrowBook(page, book._id, 1, true);
  await page.goto(`${laterLibrary}/borrowedBooks`);
  const card = page.getByRole('article').filter({ hasText: book.name });
  await expect(card).toContainText('Fine so far: ৳2', { timeout: 20_000 });
  await expect(page.getByText('Your overdue books have accrued ৳2 so far')).toBeVisible();
  // Not "You owe nothing" beside a fine that is accruing.
  await expect(page.getByTestId('fines-balance')).toHaveText('Nothing charged yet.');

  // A context of its own (axe needs one): the librarian is not the member.
  const deskContext = await browser.newContext({ baseURL });
  const desk = await deskContext.newPage();
  await signUpThroughApi(
    desk.request,
    memberDraft({ name: 'Fines Librarian', email: E2E_LIBRARIANS.fines }),
    baseURL,
  );
  await desk.goto(`${laterLibrary}/desk?tab=loans&status=overdue`);
  await desk.getByLabel('Member name, e-mail or book title').fill(book.name);
  await desk.getByRole('button', { name: 'Search' }).click();
  await desk
    .getByRole('listitem')
    .filter({ hasText: book.name })
    .getByRole('button', { name: 'Check In' })
    .click();
  await desk.getByRole('dialog').getByRole('button', { name: 'Yes, Check In' }).click();
  await expect(desk.getByRole('alert').filter({ hasText: 'Checked In' })).toBeVisible();

  await desk.goto(`${laterLibrary}/desk?tab=members&q=${encodeURIComponent(reader.name)}`);
  const row = desk.getByRole('listitem').filter({ hasText: reader.name });
  await expect(row).toContainText('Owes: ৳2', { timeout: 20_000 });
  await row.getByLabel('Amount (taka)').fill('2');
  await row.getByLabel('Note').fill('Cash');
  await row.getByRole('button', { name: 'Take payment' }).click();
  await expect(desk).toHaveTitle(/^Receipt/, { timeout: 20_000 });
  await expect(desk.getByTestId('receipt-amount')).toHaveText('৳2');
  await expect(desk.getByTestId('receipt-balance')).toHaveText('৳0');
  await expect(desk.getByText(reader.name)).toBeVisible();
  await desk.evaluate(() => {
    window.print = () => document.body.setAttribute('data-printed', 'yes');
  });
  await desk.getByRole('button', { name: 'Print' }).click();
  await expect(desk.locator('body')).toHaveAttribute('data-printed', 'yes');
  const axe = await axeResults(desk);
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );
  await deskContext.close();

  await page.goto(`${laterLibrary}/borrowedBooks`);
  await expect(page.getByTestId('fines-balance')).toHaveText('You owe nothing.', {
    timeout: 20_000,
  });
  await expect(page.getByRole('row').filter({ hasText: 'Payment: Cash' })).toContainText('−৳2');

  await page.context().addCookies([{ name: 'lang', value: 'bn', url: laterLibrary }]);
  await page.goto(`${laterLibrary}/borrowedBooks`);
  const charged = page.getByRole('row').filter({ hasText: 'দেরিতে ফেরত' });
  await expect(charged).toContainText('২৳', { timeout: 20_000 });
  await expect(page.getByTestId('fines-balance')).toHaveText('আপনার কোনো বাকি নেই।');
});
