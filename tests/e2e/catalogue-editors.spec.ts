/**
 * CATALOGUE_EDITORS=librarians (the second server of these tests): members are not offered Add
 * Book or Update, which the server would refuse them; the first server keeps the seed's rule.
 */
import { expect, test } from './fixtures.ts';
import { laterLibrary } from './later-library.ts';
import { addBook } from './library-api.ts';

test('members are offered no Add Book and no Update where only librarians edit the catalogue', async ({
  page,
  member: _member,
}) => {
  const book = await addBook(page);
  const nav = page.getByRole('navigation', { name: 'Main' });

  await page.goto('/allBooks');
  await expect(nav.getByRole('link', { name: 'Add Book' })).toBeVisible();
  await expect(page.getByRole('link', { name: `Update ${book.name}` })).toBeVisible();

  await page.goto(`${laterLibrary}/allBooks`);
  await expect(page.getByRole('link', { name: book.name })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Borrowed Books' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Add Book' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Update/ })).toHaveCount(0);

  await page.goto(`${laterLibrary}/allBooks?view=table`);
  await expect(page.getByRole('columnheader', { name: 'Short Description' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Update' })).toHaveCount(0);
});
