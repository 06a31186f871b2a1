/**
 * Images that always show (docs/product.md#images): a cover uploaded on Add Book is the one the book's
 * page shows; a cover that does not load gives way to the generated one; a member without a
 * photo sees their initials.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import type { Book } from '../../src/common/types.ts';
import { expect, memberDraft, signUpThroughApi, test } from './fixtures.ts';
import { addBook, uniqueTitle } from './library-api.ts';

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** A stored image's path that names nothing: it answers 404, as a broken cover would. */
const MISSING_IMAGE = '/images/00000000000000000000000000000000.webp';

test('a cover uploaded on Add Book is shown on the book’s page', async ({ page, member }) => {
  void member;
  const cover = await sharp({
    create: { width: 600, height: 900, channels: 3, background: { r: 30, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  const name = uniqueTitle('Uploaded Cover');
  await page.goto('/addBook');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Author').fill('Jasimuddin');
  await page.getByLabel('Category').selectOption('Drama');
  await page.getByLabel('Quantity').fill('2');
  await page.getByLabel('Rating').fill('4.2');
  await page.getByLabel('Short Description').fill('A cover chosen from a file.');
  await page
    .getByTestId('image-file')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
  await expect(page.getByLabel('Image URL')).toHaveValue(/^\/images\/[0-9a-f]{32}\.webp$/);
  await expect(page.getByRole('img', { name: 'Preview of the image' })).toBeVisible();
  const stored = await page.getByLabel('Image URL').inputValue();
  await page.getByRole('button', { name: 'Add Book' }).click();
  await expect(page.getByText('Your Book has been Added')).toBeVisible();

  const found = await page.request.get(`/api/books?q=${encodeURIComponent(name)}`);
  const [book] = (await found.json()) as Book[];
  expect(book?.image).toBe(stored);
  await page.goto(`/books/${book?._id}`);
  const shown = page.getByRole('img', { name: `Cover of ${name}` });
  await expect(shown).toHaveAttribute('src', stored);
  await expect
    .poll(() => shown.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBe(600);
});

test('an upload that is no image is refused under the field', async ({ page, member }) => {
  void member;
  await page.goto('/addBook');
  await page
    .getByTestId('image-file')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('words') });
  await expect(page.getByRole('alert')).toContainText('not an image we can use');
  await expect(page.getByLabel('Image URL')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Add Book' })).toBeEnabled();
});

test('a book whose cover does not load shows its generated cover', async ({ page, member }) => {
  void member;
  const book = await addBook(page, { category: 'Sci-Fi', image: MISSING_IMAGE });
  await page.goto(`/books/${book._id}`);
  const generated = page.getByRole('img', { name: `Generated Sci-Fi cover of ${book.name}` });
  await expect(generated).toBeVisible();
  await expect(generated).toContainText(book.name);
  await page.goto('/category/Sci-Fi');
  await expect(
    page.getByRole('img', { name: `Generated Sci-Fi cover of ${book.name}` }),
  ).toBeVisible();
});

test('a member without a photo sees their initials', async ({ page, baseURL }) => {
  const { name, email, password } = memberDraft({ name: 'Nasrin Akter' });
  // No photo at all: clients other than the register form may leave it out.
  const response = await page.request.post('/api/auth/sign-up/email', {
    data: { name, email, password },
    headers: { origin: baseURL ?? '' },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto('/');
  await expect(mainNav(page).getByTestId('user-initials')).toHaveText('NA');
});

test('a member whose photo does not load sees their initials', async ({ page, baseURL }) => {
  await signUpThroughApi(
    page.request,
    memberDraft({ name: 'Karim Uddin', image: MISSING_IMAGE }),
    baseURL,
  );
  await page.goto('/');
  await expect(mainNav(page).getByTestId('user-initials')).toHaveText('KU');
});

test('a photo chosen on Register is uploaded once the account exists', async ({ page }) => {
  const photo = await sharp({
    create: { width: 400, height: 400, channels: 3, background: { r: 160, g: 40, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Name').fill('Rokeya Sultana');
  await form.getByLabel('Email').fill(memberDraft().email);
  await page
    .getByTestId('image-file')
    .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(form.getByText('me.jpg will be uploaded when you register.')).toBeVisible();
  await expect(form.getByRole('img', { name: 'Preview of the image' })).toBeVisible();
  await form.getByLabel('Password', { exact: true }).fill('Reader2024');
  await form.getByRole('button', { name: 'Register' }).click();
  const avatar = mainNav(page).getByTestId('user-avatar');
  await expect(avatar.locator('img')).toHaveAttribute('src', /^\/images\/[0-9a-f]{32}\.webp$/);
  await expect(avatar.locator('..')).toHaveAttribute('data-tip', 'Rokeya Sultana');
});

test('a photo uploaded on Profile becomes the navbar photo', async ({ page, member }) => {
  const photo = await sharp({
    create: { width: 300, height: 300, channels: 3, background: { r: 20, g: 120, b: 90 } },
  })
    .png()
    .toBuffer();
  await page.goto('/profile');
  const details = page.getByRole('form', { name: 'Your details' });
  await details
    .getByTestId('image-file')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
  await expect(details.getByLabel('Photo URL')).toHaveValue(/^\/images\/[0-9a-f]{32}\.webp$/);
  await details.getByRole('button', { name: 'Save details' }).click();
  const avatar = mainNav(page).getByTestId('user-avatar');
  await expect(avatar.locator('img')).toHaveAttribute('src', /^\/images\/[0-9a-f]{32}\.webp$/);
  await expect(avatar.locator('..')).toHaveAttribute('data-tip', member.name);
});
