/** The home banner as WAI-ARIA's carousel pattern asks (docs/architecture.md, issue 14). */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const bannerOf = (page: Page) => page.getByRole('region', { name: 'Library highlights' });
const shownSlide = (page: Page) =>
  bannerOf(page).locator('[aria-roledescription="slide"]:not([inert])');

test('keyboard focus stops it, and its pause switch comes first', async ({ page }) => {
  await page.goto('/');
  const banner = bannerOf(page);
  await expect(banner.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
  // The navbar's last control, then Tab: the banner's first stop is its switch, and the focus has
  // stopped the rotation (the switch now offers to play).
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Sign Up' })
    .focus();
  await page.keyboard.press('Tab');
  await expect(banner.getByRole('button', { name: 'Play slideshow' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner.getByRole('button', { name: 'Pause slideshow' })).toBeFocused();
});

test('does not start by itself when the system asks for less motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expect(bannerOf(page).getByRole('button', { name: 'Play slideshow' })).toBeVisible();
});

test('the arrow keys move it only while focus is inside it', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const banner = bannerOf(page);
  await expect(shownSlide(page)).toHaveAttribute('aria-label', '1 of 5');

  // Outside the banner the arrows are the page's: the slide stays.
  await page.getByRole('heading', { name: 'Browse by Category' }).click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  // On a dot they move it: one step from where it was, so the two above moved nothing.
  await banner.getByRole('button', { name: 'Go to slide 1' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(shownSlide(page)).toHaveAttribute('aria-label', '2 of 5');
  // On the shown slide's button, which goes with its slide, focus follows to the next one's.
  await banner.getByRole('link', { name: 'Read Online' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(shownSlide(page)).toHaveAttribute('aria-label', '3 of 5');
  await expect(banner.getByRole('link', { name: 'See Events' })).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(banner.getByRole('link', { name: 'Read Online' })).toBeFocused();
});
