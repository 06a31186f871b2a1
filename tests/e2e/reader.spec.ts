/**
 * The digital library's reader (docs/product/digital-library.md): a demo book opens, its pages
 * turn, its text grows, a reload lands on the same page, dark and Bangla work; and a hostile
 * EPUB's scripts never run (no request, no dialog), though its text shows.
 */
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import type { Book } from '../../src/common/types.ts';
import { writeEpub } from '../../src/server/ebooks/epub-writer.ts';
import { expect, memberDraft, signUpThroughApi, test } from './fixtures.ts';
import { E2E_LIBRARIANS } from './librarians.ts';
import { addBook, xsrfHeaders } from './library-api.ts';
import { expectAccessible, renderBelowFold } from './looks.ts';

const SHOTS = '/work/shots/ebooks';
/** Opening a book downloads the reader and unzips the EPUB: slow on a loaded CI machine. */
const OPENING_MS = 30_000;

test.describe.configure({ timeout: 120_000 });

async function demoEbook(page: Page, name: string): Promise<Book> {
  const books = (await (await page.request.get('/api/ebooks')).json()) as Book[];
  const book = books.find((entry) => entry.name === name);
  if (!book) throw new Error(`no demo e-book ${name}`);
  return book;
}

test('a member reads a demo book: pages turn, text grows, the place is kept, dark and Bangla', async ({
  page,
  member,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  const book = await demoEbook(page, 'The Lamp-Keeper of Sonadia');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/read/${book._id}`);
  await expect(page).toHaveTitle(/^Read - /);
  const progress = page.getByText(/% read$/);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeEnabled({
    timeout: OPENING_MS,
  });
  // A book opened for the first time starts at 0%, not where its first page ends.
  await expect(progress).toHaveText('0% read');
  await expectAccessible(page, 'reader 1280 light en');
  await page.screenshot({ path: `${SHOTS}/reader-1280-light-en.png` });

  const kept = page.waitForResponse(
    (response) => response.url().includes('/position') && response.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Next page' }).click();
  await page.keyboard.press('ArrowRight');
  await kept;
  const place = await progress.textContent();
  await page.getByRole('button', { name: 'Larger text' }).click();
  await page.getByRole('button', { name: 'Larger text' }).click();

  await page.waitForResponse(
    (response) => response.url().includes('/position') && response.request().method() === 'PUT',
  );
  const before = await page.request.get(`/api/ebooks/${book._id}/position`);
  const saved = (await before.json()) as { locator: string };
  await page.reload();
  await expect(page.getByRole('button', { name: 'Next page' })).toBeEnabled({
    timeout: OPENING_MS,
  });
  const after = (await (await page.request.get(`/api/ebooks/${book._id}/position`)).json()) as {
    locator: string;
  };
  expect(after.locator).toBe(saved.locator);
  expect(place).toBeTruthy();

  await page.getByRole('main').getByRole('button', { name: 'Dark', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: `${SHOTS}/reader-1280-dark-en.png` });
  await page.setViewportSize({ width: 375, height: 740 });
  // On a phone the reader covers the site's header: its toolbar is what a tap at the top reaches.
  const topmost = await page.evaluate(() => {
    const element = document.elementFromPoint(20, 20);
    return element?.closest('header, nav') ? 'site header' : element?.closest('section')?.ariaLabel;
  });
  expect(topmost).toBe(book.name);
  await expectAccessible(page, 'reader 375 dark en');
  await page.screenshot({ path: `${SHOTS}/reader-375-dark-en.png` });

  const bangla = await demoEbook(page, 'নদীর ধারে একদিন');
  await page.context().addCookies([{ name: 'lang', value: 'bn', url: page.url() }]);
  await page.goto(`/read/${bangla._id}`);
  await expect(page.getByRole('button', { name: 'পরের পাতা' })).toBeEnabled({
    timeout: OPENING_MS,
  });
  await expectAccessible(page, 'reader 375 dark bn');
  await page.screenshot({ path: `${SHOTS}/reader-375-dark-bn.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/read-online');
  await renderBelowFold(page);
  await page.screenshot({ path: `${SHOTS}/read-online-1280-dark-bn.png`, fullPage: true });
  expect(member.email).toBeTruthy();
});

test('a hostile EPUB shows its text and runs nothing', async ({ page, baseURL }) => {
  mkdirSync(SHOTS, { recursive: true });
  await signUpThroughApi(page.request, memberDraft({ email: E2E_LIBRARIANS.ebooks }), baseURL);
  const book = await addBook(page);
  const hostile = writeEpub({
    identifier: 'urn:uuid:hostile',
    title: 'Hostile',
    author: 'Nobody',
    language: 'en',
    chapters: [{ title: 'Harmless looking', paragraphs: ['This text of a hostile book shows.'] }],
    chapterExtra:
      "<script>fetch('/api/ebooks/loans?from-the-book=1');alert('from the book');</script>\n",
  });
  const upload = await page.request.put(`/api/books/${book._id}/ebook`, {
    multipart: {
      file: {
        name: 'hostile.epub',
        mimeType: 'application/epub+zip',
        buffer: Buffer.from(hostile),
      },
    },
    headers: await xsrfHeaders(page),
  });
  expect(upload.status(), await upload.text()).toBe(201);
  await page.request.patch(`/api/books/${book._id}/ebook`, {
    data: { access: 'open' },
    headers: await xsrfHeaders(page),
  });

  const fromTheBook: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('from-the-book')) fromTheBook.push(request.url());
  });
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  await page.goto(`/read/${book._id}`);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeEnabled({
    timeout: OPENING_MS,
  });
  await expect(page.locator('foliate-view')).toBeAttached();
  await expect
    .poll(async () =>
      (await Promise.all(page.frames().map((f) => f.content().catch(() => '')))).some((html) =>
        html.includes('This text of a hostile book shows.'),
      ),
    )
    .toBe(true);
  await page.screenshot({ path: `${SHOTS}/hostile-1280.png` });
  expect(fromTheBook).toEqual([]);
  expect(dialogs).toBe(0);
});

test('a link out of a book opens a tab that cannot reach back to the library (issue 33, item 4)', async ({
  page,
  baseURL,
}) => {
  // An outside page that says whether it was given the library's tab as window.opener.
  const outside = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html');
    response.end(
      '<!doctype html><title>outside</title><script>document.title = window.opener ? "opener" : "alone"; try { window.opener && (window.opener.location = "about:blank#taken"); } catch {}</script>',
    );
  });
  await new Promise<void>((resolve) => outside.listen(0, '127.0.0.1', resolve));
  const { port } = outside.address() as AddressInfo;
  try {
    await signUpThroughApi(
      page.request,
      memberDraft({ email: E2E_LIBRARIANS.readerLinks }),
      baseURL,
    );
    const book = await addBook(page);
    const linking = writeEpub({
      identifier: 'urn:uuid:linking',
      title: 'Linking',
      author: 'Nobody',
      language: 'en',
      chapters: [{ title: 'A link', paragraphs: ['A book with a link out.'] }],
      chapterExtra: `<p><a id="out" href="http://127.0.0.1:${port}/page">Read more outside</a></p>\n`,
    });
    const upload = await page.request.put(`/api/books/${book._id}/ebook`, {
      multipart: {
        file: { name: 'l.epub', mimeType: 'application/epub+zip', buffer: Buffer.from(linking) },
      },
      headers: await xsrfHeaders(page),
    });
    expect(upload.status(), await upload.text()).toBe(201);
    await page.request.patch(`/api/books/${book._id}/ebook`, {
      data: { access: 'open' },
      headers: await xsrfHeaders(page),
    });
    await page.goto(`/read/${book._id}`);
    await expect(page.getByRole('button', { name: 'Next page' })).toBeEnabled({
      timeout: OPENING_MS,
    });
    const link = async () => {
      for (const frame of page.frames()) {
        if (
          (await frame
            .locator('#out')
            .count()
            .catch(() => 0)) > 0
        )
          return frame.locator('#out');
      }
      return undefined;
    };
    await expect.poll(async () => (await link()) !== undefined).toBe(true);
    const opened = page.context().waitForEvent('page');
    await (await link())?.click();
    const tab = await opened;
    await tab.waitForLoadState();
    await expect(tab).toHaveTitle('alone');
    expect(page.url()).toContain(`/read/${book._id}`);
    await tab.close();
  } finally {
    outside.close();
  }
});
