/**
 * Money at the Scan tab (docs/product/desk.md, issue 35 items 3, 9 and 12), on the library whose
 * clock is a day on: a check-in says the late fine it charged and where each copy goes (the hold
 * shelf for whom, or its shelf mark); a scanned card shows what the member owes and accrues, their
 * overdue loan and their membership's end; the librarian takes the payment and renews the
 * membership there, and opens the receipt, whose words are checked. Each screen is looked at in
 * English and Bangla, light and dark, at 1280 and 375 px, with axe once its animations ended.
 */
import type { Page } from '@playwright/test';
import { expect, memberDraft, signUpThroughApi, test } from './fixtures.ts';
import { laterLibrary } from './later-library.ts';
import { E2E_LIBRARIANS } from './librarians.ts';
import { addBook, borrowBook, placeHold, xsrfHeaders } from './library-api.ts';
import { checkBothWidths, dressAs, LOOKS, shoot } from './looks.ts';

/** What a USB scanner does: types the characters, then presses Enter (the field in any language). */
async function scan(page: Page, code: string) {
  const field = page.locator('#desk-scan');
  await expect(field).toBeFocused({ timeout: 20_000 });
  await field.pressSequentially(code);
  await field.press('Enter');
}

async function cardNumberOf(page: Page): Promise<string> {
  const response = await page.request.get('/api/card');
  return ((await response.json()) as { cardNumber: string }).cardNumber;
}

/** The book's one copy's barcode, its shelf mark set when one is given. */
async function copyOf(page: Page, bookId: string, shelfMark?: string): Promise<string> {
  const response = await page.request.get(`/api/books/${bookId}/copies`);
  const [copy] = (await response.json()) as { _id: string; barcode: string }[];
  if (shelfMark) {
    const changed = await page.request.patch(`/api/copies/${copy?._id}`, {
      data: { shelfMark },
      headers: await xsrfHeaders(page),
    });
    expect(changed.status()).toBe(200);
  }
  return copy?.barcode ?? '';
}

test('a scan charges a fine and shelves for a hold; a card shows the money, paid and renewed there, with the receipt', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const deskContext = await browser.newContext({ baseURL });
  const desk = await deskContext.newPage();
  await signUpThroughApi(
    desk.request,
    memberDraft({ name: 'Money Librarian', email: E2E_LIBRARIANS.scanMoney }),
    baseURL,
  );
  const reader = await (await browser.newContext({ baseURL })).newPage();
  const readerName = `Money Reader ${Date.now()}`;
  await signUpThroughApi(reader.request, memberDraft({ name: readerName }), baseURL);
  const waiter = await (await browser.newContext({ baseURL })).newPage();
  await signUpThroughApi(waiter.request, memberDraft({ name: 'Hold Shelf Reader' }), baseURL);
  const held = await addBook(desk, { quantity: 1 });
  const overdue = await addBook(desk, { quantity: 1 });
  const onTime = await addBook(desk, { quantity: 1 });
  const heldCode = await copyOf(desk, held._id);
  const onTimeCode = await copyOf(desk, onTime._id, '891.44 RAY');
  // Due today: on the later library they are a day late, 2 taka each.
  await borrowBook(reader, held._id, 1, true);
  await borrowBook(reader, overdue._id, 1, true);
  await borrowBook(reader, onTime._id, 14);
  await placeHold(waiter, held._id);
  const waiterCard = await cardNumberOf(waiter);
  const readerCard = await cardNumberOf(reader);

  await desk.goto(`${laterLibrary}/desk`);
  const results = desk.getByTestId('scan-results');
  await scan(desk, heldCode);
  await expect(results).toContainText(`Checked in "${held.name}" (${heldCode})`);
  await expect(results).toContainText(`Charged ৳2 for returning "${held.name}" late`);
  await expect(results).toContainText(
    `Put on the hold shelf for Hold Shelf Reader (card ${waiterCard})`,
  );
  await scan(desk, onTimeCode);
  await expect(results).toContainText(`Checked in "${onTime.name}" (${onTimeCode})`);
  await expect(results).toContainText('Back to the shelf: 891.44 RAY');
  await expect(results).not.toContainText(`for returning "${onTime.name}" late`);

  await scan(desk, readerCard);
  const member = desk.getByTestId('scan-member');
  await expect(member).toContainText(readerName);
  const money = desk.getByTestId('scan-money');
  await expect(money).toContainText('Owes: ৳2');
  await expect(money).toContainText('Accruing on overdue loans: ৳2');
  await expect(money).toContainText('1 overdue');
  await expect(money).toContainText('Membership until');
  const until = await money.getByText(/Membership until/).textContent();
  // Owing, with the payment form, as the librarian first sees it.
  for (const width of [1280, 375]) {
    await desk.setViewportSize({ width, height: 800 });
    await shoot(desk, `scan-owing-en-light-${width}`);
  }
  await desk.setViewportSize({ width: 1280, height: 800 });

  await money.getByLabel('Amount (taka)').fill('2');
  await money.getByLabel('Note').fill('Cash');
  await money.getByRole('button', { name: 'Take payment' }).click();
  await expect(desk.getByRole('alert').filter({ hasText: 'Payment of ৳2 taken' })).toBeVisible();
  await expect(money).toContainText('Owes: ৳0');
  await expect(money.getByLabel('Amount (taka)')).toHaveCount(0);
  await money.getByRole('button', { name: 'Renew membership' }).click();
  await expect(desk.getByRole('alert').filter({ hasText: 'membership runs until' })).toBeVisible();
  await expect(money.getByText(/Membership until/)).not.toHaveText(until ?? '');
  // Still the same member, on the Scan tab, the field ready for the next copy.
  await expect(member).toContainText(readerName);
  await expect(desk.locator('#desk-scan')).toBeFocused();

  const [receipt] = await Promise.all([
    deskContext.waitForEvent('page'),
    money.getByRole('link', { name: 'Print Receipt' }).click(),
  ]);
  await expect(receipt).toHaveTitle(/^Receipt/, { timeout: 20_000 });
  await expect(receipt.getByTestId('receipt-library')).toHaveText('Pathagar');
  const year = new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Dhaka' }).format(
    new Date(Date.now() + 24 * 60 * 60 * 1000),
  );
  await expect(receipt.getByTestId('receipt-when')).toContainText(year);
  await expect(receipt.getByTestId('receipt-when')).toContainText(/\d{1,2}:\d{2}/);
  await expect(receipt.getByTestId('receipt-card')).toHaveText(readerCard);
  await expect(receipt.getByTestId('receipt-taken-by')).toHaveText('Money Librarian');
  await expect(receipt.getByTestId('receipt-settles')).toContainText(`Late return: ${held.name}`);
  await expect(receipt.getByTestId('receipt-settles')).toContainText('৳2');
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('৳2');
  await expect(receipt.getByText(readerName)).toBeVisible();
  await receipt.emulateMedia({ media: 'print' });
  await expect(receipt.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(receipt.getByRole('navigation').first()).toBeHidden();
  if (process.env.PAGE_SHOTS)
    await receipt.screenshot({ path: `${process.env.PAGE_SHOTS}/receipt-print.png` });
  await receipt.emulateMedia({ media: 'screen' });

  for (const look of LOOKS) {
    await dressAs(desk, look);
    await desk.goto(`${laterLibrary}/desk`);
    await scan(desk, readerCard);
    await expect(desk.getByTestId('scan-money')).toBeVisible();
    await checkBothWidths(desk, 'scan money', look, async () => {
      await expect(desk.getByTestId('scan-member')).toContainText(readerName);
    });
    await desk.setViewportSize({ width: 1280, height: 800 });
    await dressAs(receipt, look);
    await receipt.reload();
    await checkBothWidths(receipt, 'receipt', look, async () => {
      await expect(receipt.getByTestId('receipt-card')).toHaveText(readerCard);
    });
  }
  await receipt.context().addCookies([{ name: 'lang', value: 'bn', url: laterLibrary }]);
  await receipt.reload();
  await expect(receipt.getByTestId('receipt-amount')).toHaveText('২৳');
  await expect(receipt.getByTestId('receipt-when')).toContainText(/[০-৯]{4}/);
  await expect(receipt.getByTestId('receipt-settles')).toContainText('দেরিতে ফেরত');
  await deskContext.close();
});
