/**
 * The site in Bangla (docs/product.md#language): the first HTML already in the chosen language (no flash of
 * English), the switch and its cookie, and the member's journeys — signing up, borrowing,
 * renewing, placing a hold, a refusal and the 404 page — with Bengali digits and month names.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { addDays } from '../../src/common/calendar.ts';
import { expect, memberDraft, signUpThroughApi, test, uniqueEmail } from './fixtures.ts';
import { E2E_LIBRARIANS } from './librarians.ts';
import { addBook, borrowBook, libraryToday } from './library-api.ts';
import { drawnTexts, nonBengali } from './platform-fonts.ts';

/** How the Bangla pages write a calendar day, e.g. ৫ মার্চ, ২০২৫. */
const banglaDate = (isoDate: string) =>
  new Intl.DateTimeFormat('bn-BD', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));

async function chooseBangla(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: 'lang', value: 'bn', url: baseURL ?? '' }]);
}

test.describe('the first HTML', () => {
  test('is in Bangla for the lang cookie: html lang, title, words and the catalogue it loads', async ({
    request,
  }) => {
    const html = await (await request.get('/', { headers: { cookie: 'lang=bn' } })).text();
    expect(html).toContain('<html lang="bn"');
    expect(html).toContain('<title>হোম - Pathagar</title>');
    expect(html).toContain('লোড হচ্ছে…');
    expect(html).not.toContain('Loading…');
    // Only Bangla's catalogue is named; no font is preloaded to compete with it (issue 36).
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/bn-[\w-]+\.js">/);
    expect(html).not.toMatch(/href="\/assets\/en-[\w-]+\.js"/);
    expect(html).not.toMatch(/as="font"/);
  });

  test('follows Accept-Language on a first visit, and the cookie after that', async ({
    request,
  }) => {
    const bangla = 'bn-BD,bn;q=0.9,en;q=0.5';
    const firstVisit = await (
      await request.get('/borrowedBooks', { headers: { 'accept-language': bangla } })
    ).text();
    expect(firstVisit).toContain('<html lang="bn"');
    expect(firstVisit).toContain('<title>ধার নেওয়া বই - Pathagar</title>');
    const chosen = await (
      await request.get('/borrowedBooks', {
        headers: { 'accept-language': bangla, cookie: 'lang=en' },
      })
    ).text();
    expect(chosen).toContain('<html lang="en"');
    expect(chosen).toContain('<title>Borrowed Books - Pathagar</title>');
    expect(chosen).not.toMatch(/as="font"/);
    const english = await (await request.get('/')).text();
    expect(english).toContain('<html lang="en"');
    expect(english).toContain('<title>Home - Pathagar</title>');
  });
});

test('the switch changes the language, keeps it for a year and survives a reload', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('heading', { name: 'বিভাগ ধরে দেখুন' })).toBeVisible();
  await expect(page).toHaveTitle('হোম - Pathagar');
  const cookie = (await context.cookies()).find(({ name }) => name === 'lang');
  expect(cookie?.value).toBe('bn');
  expect(cookie?.sameSite).toBe('Lax');
  const yearFromNow = Date.now() / 1000 + 365 * 24 * 60 * 60;
  expect(Math.abs((cookie?.expires ?? 0) - yearFromNow)).toBeLessThan(120);

  // The reloaded page's HTML, as the server sent it, is already in Bangla: no flash of English.
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/')),
    page.reload(),
  ]);
  expect(await response.text()).toContain('<html lang="bn"');
  await expect(page.getByRole('link', { name: 'সব বই' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Browse by Category' })).toBeVisible();
});

test('home counters, categories and copies are written in Bengali digits', async ({
  page,
  context,
  baseURL,
  member: _member,
}) => {
  await chooseBangla(context, baseURL);
  await page.goto('/');
  const counters = page.getByTestId('counter-value');
  await counters.first().scrollIntoViewIfNeeded();
  await expect(counters.first()).toHaveText('১২০+', { timeout: 10_000 });
  await expect(counters.nth(1)).toHaveText('৮,০০০+');
  // A category's count, however many books the other journeys add meanwhile.
  await expect(page.getByText(/^[০-৯]+টি বই$/).first()).toBeVisible();
  const book = await addBook(page, { quantity: 3 });
  await page.goto(`/books/${book._id}`);
  await expect(page.getByRole('definition').filter({ hasText: /^৩$/ })).toBeVisible();
  await page.goto('/allBooks');
  await expect(page.getByText('৩টি কপি আছে').first()).toBeVisible();
});

test('a visitor signs up in Bangla', async ({ page, context, baseURL }) => {
  await chooseBangla(context, baseURL);
  await page.goto('/register');
  await expect(page).toHaveTitle('নিবন্ধন - Pathagar');
  await page.getByLabel('নাম').fill('Nusrat Jahan');
  await page.getByLabel('ইমেইল').fill(uniqueEmail('bangla'));
  await page.getByLabel('ছবির ঠিকানা (URL)').fill('/images/avatar-placeholder.svg');
  await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill('Pathok2024');
  await page.getByRole('button', { name: 'নিবন্ধন করুন' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'নিবন্ধন সফল হয়েছে' })).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('button', { name: 'সাইন আউট' })).toBeVisible();
});

test('forms say what is wrong in Bangla: register, add a book, borrow', async ({
  page,
  context,
  baseURL,
  browser,
  member: _member,
}) => {
  await chooseBangla(context, baseURL);
  const book = await addBook(page, { quantity: 1 });
  const today = await libraryToday(page);

  // Register (a second browser tab, signed out): a wrong address and no photo.
  const visitor = await browser.newContext({ baseURL });
  await chooseBangla(visitor, baseURL);
  const form = await visitor.newPage();
  await form.goto('/register');
  await form.getByLabel('নাম').fill('Nusrat Jahan');
  await form.getByLabel('ইমেইল').fill('nusrat-at-example');
  await form.getByLabel('পাসওয়ার্ড', { exact: true }).fill('Pathok2024');
  await form.getByRole('button', { name: 'নিবন্ধন করুন' }).click();
  await expect(form.getByText('অনুগ্রহ করে একটি সঠিক ইমেইল ঠিকানা লিখুন')).toBeVisible();
  await expect(form.getByText('অনুগ্রহ করে ছবির ঠিকানা দিন')).toBeVisible();
  await expect(form.getByLabel('ইমেইল')).toBeFocused();
  await form.getByLabel('ছবির ঠিকানা (URL)').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'নিবন্ধন করুন' }).click();
  await expect(
    form.getByText('ছবির ঠিকানা (URL) একটি http(s) ওয়েব ঠিকানা অথবা এই সাইটের একটি পথ হতে হবে'),
  ).toBeVisible();
  await visitor.close();

  // Add a book: nothing filled in, then a wrong ISBN and a year still to come.
  await page.goto('/addBook');
  await page.getByRole('button', { name: 'বই যোগ করুন' }).click();
  await expect(page.getByText('অনুগ্রহ করে নাম লিখুন')).toBeVisible();
  await expect(page.getByText('অনুগ্রহ করে লেখকের নাম লিখুন')).toBeVisible();
  await expect(page.getByText('কপির সংখ্যা অঙ্কে লিখুন')).toBeVisible();
  await expect(page.getByLabel('নাম', { exact: true })).toBeFocused();
  await page.getByLabel('নাম', { exact: true }).fill('নকশী কাঁথার মাঠ');
  await page.getByLabel('লেখক', { exact: true }).fill('জসীমউদ্দীন');
  await page.getByLabel('বিভাগ').selectOption('Drama');
  await page.getByLabel('কপির সংখ্যা').fill('2');
  await page.getByLabel('রেটিং').fill('4.5');
  await page.getByLabel('ছবির ঠিকানা (URL)').fill('/covers/pather-panchali.svg');
  await page.getByLabel('সংক্ষিপ্ত বিবরণ').fill('গ্রামবাংলার প্রেমের দীর্ঘ কবিতা।');
  await page.getByLabel('ISBN').fill('978-0-306-40615-8');
  await page.getByLabel('প্রকাশের বছর').fill(String(Number(today.slice(0, 4)) + 1));
  await page.getByRole('button', { name: 'বই যোগ করুন' }).click();
  await expect(
    page.getByText('ISBN-টি সঠিক নয়: সঠিক চেক ডিজিটসহ একটি ISBN-10 বা ISBN-13 দিন'),
  ).toBeVisible();
  await expect(page.getByText('প্রকাশের বছর ১০০০ থেকে এ বছরের মধ্যে হতে হবে')).toBeVisible();
  await expect(page.getByLabel('ISBN')).toBeFocused();
  await expect(page.locator('form[novalidate]')).not.toContainText(/required|must be|valid/i);

  // Borrow: the days offered are written in Bangla, with Bengali digits; none chosen is refused
  // by the form, and one too late (a page whose choices were tampered with) by the server.
  await page.goto(`/borrow/${book._id}`);
  const returnDate = page.getByLabel('ফেরতের তারিখ');
  await expect(returnDate.locator('option')).toHaveCount(15);
  await expect(returnDate.locator('option').nth(1)).toHaveText(/^[০-৯]+ \S+ [০-৯]{4}$/);
  expect((await returnDate.locator('option').allInnerTexts()).join(' ')).not.toMatch(/[0-9]/);
  await returnDate.selectOption('');
  await page.getByRole('button', { name: 'ধার নিন', exact: true }).click();
  await expect(page.getByText('অনুগ্রহ করে ফেরতের তারিখ দিন')).toBeVisible();
  await returnDate.evaluate(
    (select, late) => {
      const last = (select as HTMLSelectElement).options[14];
      if (last) last.value = late;
    },
    addDays(today, 30),
  );
  await returnDate.selectOption(addDays(today, 30));
  await page.getByRole('button', { name: 'ধার নিন', exact: true }).click();
  const refusal = page.getByRole('dialog');
  await expect(refusal).toContainText('তারিখ ঠিক নেই');
  await expect(refusal).toContainText('একবারে সর্বোচ্চ ১৪ দিনের জন্য ধার নেওয়া যায়');
  await expect(refusal).not.toContainText(/Return Date|loan lasts/);
});

async function borrowInBangla(page: Page, bookId: string) {
  await page.goto(`/borrow/${bookId}`);
  await page.getByRole('button', { name: 'ধার নিন', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'বইটি ধার নেওয়া হয়েছে' })).toBeVisible();
  await page.waitForURL('**/borrowedBooks');
}

test('a member borrows, renews, is refused a second copy and places a hold, in Bangla', async ({
  page,
  context,
  baseURL,
  browser,
  member: _member,
}) => {
  await chooseBangla(context, baseURL);
  const book = await addBook(page, { quantity: 2 });
  const today = await libraryToday(page);

  await borrowInBangla(page, book._id);
  const card = page.getByRole('article').filter({ hasText: book.name });
  await expect(card).toContainText('ফেরতের আর ১৪ দিন বাকি');
  await expect(card).toContainText(banglaDate(addDays(today, 14)));
  await expect(card).toContainText('২ বারের মধ্যে ০ বার নবায়ন হয়েছে');

  await card.getByRole('button', { name: /^নবায়ন করুন/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'নবায়ন হয়েছে' })).toContainText(
    `অনুগ্রহ করে ${banglaDate(addDays(today, 28))}-এর মধ্যে ফেরত দিন।`,
  );
  await expect(card).toContainText('২ বারের মধ্যে ১ বার নবায়ন হয়েছে');

  // A refusal: the same book a second time.
  await page.goto(`/borrow/${book._id}`);
  await page.getByRole('button', { name: 'ধার নিন', exact: true }).click();
  const refusal = page.getByRole('dialog');
  await expect(refusal).toContainText('আগেই ধার নেওয়া');
  await expect(refusal).toContainText('বইটি আপনি আগেই ধার নিয়েছেন।');
  await refusal.getByRole('button', { name: 'ঠিক আছে' }).click();

  // A hold: another member takes the last copy.
  const reader = await browser.newPage({ baseURL });
  await signUpThroughApi(reader.request, memberDraft({ name: 'Other Reader' }), baseURL);
  const wanted = await addBook(reader, { quantity: 1 });
  await borrowBook(reader, wanted._id);
  await reader.close();
  await page.goto(`/books/${wanted._id}`);
  await expect(page.getByText('সব কপি এখন ধারে আছে।')).toBeVisible();
  await page.getByRole('button', { name: 'রিজার্ভ করুন' }).click();
  const placed = page.getByRole('dialog');
  await expect(placed).toContainText('রিজার্ভ হয়েছে');
  await expect(placed).toContainText('অপেক্ষার তালিকায় আপনি ১ নম্বরে।');
  await placed.getByRole('button', { name: 'ঠিক আছে' }).click();
  await page.goto('/borrowedBooks?tab=holds');
  await expect(page.getByRole('article').filter({ hasText: wanted.name })).toContainText(
    'অপেক্ষার তালিকায় ১ নম্বরে',
  );
});

test('an unknown address shows the 404 page in Bangla', async ({ page, context, baseURL }) => {
  await chooseBangla(context, baseURL);
  const response = await page.goto('/no-such-shelf');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'পাতাটি পাওয়া যায়নি' })).toBeVisible();
  await expect(page).toHaveTitle('Pathagar');
  await page.getByRole('link', { name: 'হোম পেজে যান' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
});

test("a librarian's desk in Bangla writes its statistics and loan dates in Bengali digits", async ({
  page,
  context,
  baseURL,
}) => {
  await signUpThroughApi(
    page.request,
    memberDraft({ name: 'Desk Granthagarik', email: E2E_LIBRARIANS.bangla }),
    baseURL,
  );
  const book = await addBook(page, { quantity: 2 });
  await borrowBook(page, book._id, 7);
  const due = addDays(await libraryToday(page), 7);
  await chooseBangla(context, baseURL);

  await page.goto('/desk?tab=stats');
  await expect(page).toHaveTitle('ধার-ফেরত ডেস্ক - Pathagar');
  await expect(page.getByRole('heading', { name: 'ধার-ফেরত ডেস্ক', level: 1 })).toBeVisible();
  await expect(page.getByText('ধারে আছে', { exact: true })).toBeVisible();
  // Every figure is a number in Bengali digits; none in Latin ones.
  const figures = await page.locator('dl dd').allTextContents();
  expect(figures).toHaveLength(6);
  for (const figure of figures) expect(figure).toMatch(/^[০-৯][০-৯,]*$/);
  // On loan (the third figure) counts this librarian's own loan at least.
  expect(figures[2]).not.toBe('০');

  await page.goto(`/desk?tab=loans&q=${encodeURIComponent(book.name)}`);
  await expect(page.getByText(banglaDate(due)).first()).toBeVisible();
});

test('Bengali text, the danda included, is drawn in the bundled font on a machine without one: pages and the reader', async ({
  page,
  member,
  baseURL,
}) => {
  // This machine has no Bengali font: without the bundled one every Bengali glyph is a box drawn
  // by another font. The danda (।, U+0964) sits in Unicode's Devanagari block: after Latin
  // letters it was drawn by the system's Latin font, a box.
  const title = 'গীতাঞ্জলি, Song Offerings ।';
  const book = await addBook(page, { name: title, author: member.name });
  for (const language of ['en', 'bn']) {
    await page.context().addCookies([{ name: 'lang', value: language, url: baseURL ?? '' }]);
    await page.goto(`/books/${book._id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    const [heading] = await drawnTexts(page, title);
    expect(heading?.bundled, `${language}: the title drawn in Noto Sans Bengali`).toBeGreaterThan(
      0,
    );
    // The spaces may come from another font; no Bengali letter or danda may.
    expect(heading?.other, language).toBeLessThanOrEqual(nonBengali(title));
  }

  const ebooks = (await (await page.request.get('/api/ebooks')).json()) as {
    _id: string;
    name: string;
  }[];
  const ebook = ebooks.find((entry) => entry.name === 'নদীর ধারে একদিন');
  await page.goto(`/read/${ebook?._id ?? ''}`);
  await expect(page.getByRole('button', { name: 'পরের পাতা' })).toBeEnabled({ timeout: 30_000 });
  await expect
    .poll(async () => (await drawnTexts(page, '।')).length, { timeout: 10_000 })
    .toBeGreaterThan(0);
  for (const paragraph of await drawnTexts(page, '।')) {
    expect(paragraph.bundled, paragraph.text).toBeGreaterThan(0);
    // Spaces and Latin punctuation may come from another font; no Bengali letter or danda may.
    expect(paragraph.other, paragraph.text).toBeLessThanOrEqual(nonBengali(paragraph.text));
  }
});
