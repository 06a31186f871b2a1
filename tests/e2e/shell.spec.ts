/**
 * The frame around every page and the pages without catalogue data: document titles, navbar,
 * footer, theme, home sections, terms and privacy, the 404 page, error pages and accessibility.
 */
import type { Page } from '@playwright/test';
import { expect, holdRequests, memberDraft, signUpThroughApi, test } from './fixtures.ts';
import { E2E_LIBRARIANS } from './librarians.ts';
import { axeResults } from './looks.ts';

const NAV_LINKS = ['Home', 'All Books', 'Add Book', 'Borrowed Books'];

/** How long a slide is shown while the banner plays (the client's `timings.bannerAutoplay`). */
const BANNER_INTERVAL_MS = 4_000;

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * A first load of the home page carries the categories in the page itself (prepared by the
 * server), so a test that changes the API's answer reaches home by the client's own navigation.
 */
async function openHomeFromAnotherPage(page: Page) {
  await page.goto('/terms');
  await mainNav(page).getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL('/');
}

test.describe('document title', () => {
  const titles: [path: string, title: string][] = [
    ['/', 'Home - Pathagar'],
    ['/register', 'Register - Pathagar'],
    ['/signIn', 'Sign In - Pathagar'],
    ['/events', 'Events - Pathagar'],
    ['/membership', 'Membership - Pathagar'],
    ['/search', 'Search - Pathagar'],
    ['/terms', 'Pathagar'],
    ['/privacy', 'Pathagar'],
    ['/contact', 'Pathagar'],
    ['/no/such/page', 'Pathagar'],
  ];
  for (const [path, title] of titles) {
    test(`${path} is titled '${title}'`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    });
  }

  test('follows client-side navigation', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Home - Pathagar');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms And Condition' }).click();
    await expect(page).toHaveURL('/terms');
    await expect(page).toHaveTitle('Pathagar');
    await mainNav(page).getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveTitle('Register - Pathagar');
  });
});

test.describe('navbar', () => {
  test('shows the four links, Home bold blue on the home page, and Login and Sign Up', async ({
    page,
  }) => {
    await page.goto('/');
    const nav = mainNav(page);
    for (const name of NAV_LINKS)
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    const home = nav.getByRole('link', { name: 'Home', exact: true });
    await expect(home).toHaveAttribute('aria-current', 'page');
    await expect(home).toHaveCSS('font-weight', '700');
    await expect(nav.getByRole('link', { name: 'All Books' })).toHaveCSS('font-weight', '500');
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/signIn');
    await expect(nav.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');

    // The library's services are a menu beside the links, not only the home page's banner.
    await nav.locator('summary', { hasText: 'Services' }).click();
    for (const name of ['Study Rooms', 'Events', 'Digital Library', 'Membership'])
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await nav.getByRole('link', { name: 'Events', exact: true }).click();
    await expect(page).toHaveURL('/events');
    await expect(nav.getByRole('link', { name: 'Study Rooms', exact: true })).toBeHidden();
  });

  test('on a 375 px screen the links sit in a dropdown menu', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/terms');
    const nav = mainNav(page);
    const addBook = nav.getByRole('link', { name: 'Add Book' });
    await expect(addBook).toBeHidden();
    await nav.getByLabel('Open menu').click();
    for (const name of NAV_LINKS)
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(addBook).toBeHidden();

    await nav.getByLabel('Open menu').click();
    await nav.getByRole('link', { name: 'Digital Library', exact: true }).click();
    await expect(page).toHaveURL('/read-online');
    await nav.getByLabel('Open menu').click();
    await nav.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(addBook).toBeHidden();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow, 'no sideways scrolling at 375 px').toBe(false);
  });

  test('signed in: a round avatar named on hover and focus, and Sign Out', async ({
    page,
    member,
  }) => {
    await page.goto('/');
    const nav = mainNav(page);
    const avatar = nav.getByTestId('user-avatar');
    await expect(avatar).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(avatar.locator('img')).toHaveAttribute('src', member.image);
    await expect(avatar.locator('..')).toHaveAttribute('data-tip', member.name);
    await avatar.focus();
    await expect(avatar).toBeFocused();
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Library Card' }),
    ).toHaveAttribute('href', '/card');
    // The tooltip fades in, so its opacity is read until the fade has begun.
    const tooltipOpacity = () =>
      avatar
        .locator('..')
        .evaluate((element) => Number(getComputedStyle(element, '::before').opacity));
    await expect.poll(tooltipOpacity, { message: 'tooltip shows on focus' }).toBeGreaterThan(0);
  });
});

test('a librarian’s six links, the search field and the controls share one row at 1280 px', async ({
  page,
  baseURL,
}) => {
  await signUpThroughApi(page.request, memberDraft({ email: E2E_LIBRARIANS.navbar }), baseURL);
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const language of ['en', 'bn']) {
    await page.context().addCookies([{ name: 'lang', value: language, url: baseURL ?? '' }]);
    await page.goto('/');
    const nav = page.getByRole('banner').getByRole('navigation');
    await expect(
      nav.getByRole('link', { name: language === 'en' ? 'Desk' : 'ডেস্ক' }),
    ).toBeVisible();
    // Parts below the brand's bottom edge have wrapped onto a second row.
    const wrapped = await nav.evaluate((element) => {
      const brandBottom = element.firstElementChild?.getBoundingClientRect().bottom ?? 0;
      return [...element.children].filter((part) => part.getBoundingClientRect().top >= brandBottom)
        .length;
    });
    expect(wrapped, `parts on a second row in ${language}`).toBe(0);
  }
});

test.describe('theme', () => {
  test('the dark choice is remembered after a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    const darkBackground = await page.evaluate(
      () => getComputedStyle(document.body).backgroundColor,
    );

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      darkBackground,
    );

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('follows the system until a theme is chosen', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/terms');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.+/);
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible();
  });
});

test.describe('footer', () => {
  test('social links open in a new tab; copyright with the year; page links', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const network of ['Twitter', 'YouTube', 'Facebook']) {
      const link = footer.getByRole('link', { name: new RegExp(`^${network}`) });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Pathagar`);

    const pages: [name: string, path: string, heading: string][] = [
      ['Terms And Condition', '/terms', 'Library Terms & Conditions'],
      ['Privacy', '/privacy', 'Our Privacy Policy'],
      ['Contact us', '/contact', 'Contact Us'],
      ['Study Rooms', '/study-rooms', 'Study Rooms'],
      ['Membership', '/membership', 'Membership'],
    ];
    for (const [name, path, heading] of pages) {
      await footer.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    // The Contact page's hours are the library's settings (LIBRARY_HOURS=09:00-20:00,
    // LIBRARY_CLOSED_DAYS=fri), not a text that said Friday afternoon was open.
    await page.goto('/contact');
    const hours = page.locator('dl');
    await expect(hours).toContainText('Saturday to Thursday09:00 to 20:00');
    await expect(hours).toContainText('FridayClosed');
  });
});

test.describe('home', () => {
  test('banner, categories, counters and partners', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Library highlights' });
    const dots = banner.getByRole('button', { name: /^Go to slide \d$/ });
    const shownSlide = banner.locator('[aria-roledescription="slide"]:not([inert])');
    await expect(dots).toHaveCount(5);
    await expect(banner.locator('[aria-roledescription="slide"]')).toHaveCount(5);
    await expect(shownSlide).toHaveCount(1);
    await expect(shownSlide).toHaveCSS('height', '280px');
    await expect(banner.getByRole('link', { name: 'Explore Now' })).toHaveAttribute(
      'href',
      '/search',
    );

    await dots.nth(2).click();
    await expect(shownSlide).toContainText('See Events');
    await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
    await expect(banner.getByRole('link', { name: 'See Events' })).toBeInViewport();

    const categories = page.getByRole('region', { name: 'Browse by Category' }).getByRole('link');
    await expect(categories).toHaveCount(5);
    await expect(categories.first()).toHaveAttribute('href', /^\/category\//);

    const statistics = page.getByRole('region', { name: 'Discover Top Book Events in Bangladesh' });
    await statistics.scrollIntoViewIfNeeded();
    const figures = statistics.getByTestId('counter-value');
    await expect(figures).toHaveText(['120+', '8,000+', '350+', '18,000+', '95%'], {
      timeout: 8_000,
    });

    const partners = page.getByRole('region', {
      name: "Events & Organizations We've Collaborated With",
    });
    await expect(partners.getByRole('listitem')).toHaveCount(9);
    // The logos are fetched once the section comes near the screen.
    await partners.scrollIntoViewIfNeeded();
    const logos = partners.locator('img');
    await expect(logos).toHaveCount(9);
    for (const logo of await logos.all()) {
      await expect(logo).toHaveAttribute('src', /^\/partners\//);
      const loadedWidth = () => logo.evaluate((image: HTMLImageElement) => image.naturalWidth);
      await expect.poll(loadedWidth, { message: 'the logo has loaded' }).toBeGreaterThan(0);
    }
  });

  test('the banner moves on by itself, can be paused, swiped and driven by the arrow keys', async ({
    page,
  }) => {
    // The page's clock runs as usual, and is moved on by the banner's interval wherever the journey
    // would otherwise sit and wait for it.
    await page.clock.install();
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Library highlights' });
    const shownSlide = banner.locator('[aria-roledescription="slide"]:not([inert])');
    await expect(shownSlide).toHaveAttribute('aria-label', '1 of 5');
    await page.clock.fastForward(BANNER_INTERVAL_MS);
    await expect(shownSlide).toHaveAttribute('aria-label', '2 of 5', { timeout: 6_000 });

    await banner.getByRole('button', { name: 'Pause slideshow' }).click();
    await expect(banner.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    // Aimed at the banner, which stays put, not at the slide, which may still be gliding in.
    const box = await banner.boundingBox();
    if (!box) throw new Error('the banner has no box');
    const middle = { x: box.x + box.width / 2, y: box.y + box.height / 3 };
    await page.mouse.move(middle.x, middle.y);
    await page.mouse.down();
    await page.mouse.move(middle.x - 120, middle.y, { steps: 6 });
    await page.mouse.up();
    await expect(shownSlide).toHaveAttribute('aria-label', '3 of 5');
    await expect(page).toHaveURL('/');

    // The arrow keys move it while focus is inside it (carousel.spec.ts: and only then).
    await banner.getByRole('button', { name: 'Go to slide 3' }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(shownSlide).toHaveAttribute('aria-label', '5 of 5');
    await expect(banner.getByRole('link', { name: 'Join Us' })).toBeInViewport();
    // Away from the banner, so that only the pause switch can be holding it.
    await page.mouse.move(0, 0);
    await page.clock.fastForward(BANNER_INTERVAL_MS + 500);
    await expect(shownSlide, 'paused: it stays where it was put').toHaveAttribute(
      'aria-label',
      '5 of 5',
    );
  });

  test("says 'No categories found' when the catalogue is empty", async ({ page }) => {
    await page.route('**/api/categories', (route) => route.fulfill({ json: [] }));
    await openHomeFromAnotherPage(page);
    await expect(page.getByText('No categories found')).toBeVisible();
  });

  test('shows a spinner while the categories load', async ({ page }) => {
    const release = await holdRequests(page, '**/api/categories');
    await openHomeFromAnotherPage(page);
    await expect(page.getByRole('status').filter({ hasText: 'Loading categories' })).toBeVisible();
    release();
    await expect(
      page.getByRole('region', { name: 'Browse by Category' }).getByRole('link'),
    ).toHaveCount(5);
  });

  test('banner buttons lead to real pages', async ({ page }) => {
    const pages: [path: string, heading: string][] = [
      ['/read-online', 'Digital Library, Open 24/7'],
      ['/events', 'Weekly Academic Events'],
      ['/study-rooms', 'Study Rooms'],
      ['/membership', 'Library Membership'],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
  });

  test('/explore opens the search page, for visitors too', async ({ page }) => {
    await page.goto('/explore');
    await expect(page).toHaveURL('/search');
    await expect(page).toHaveTitle('Search - Pathagar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Every book in the library');
  });
});

test.describe('terms and privacy', () => {
  test('terms has 7 collapsible items', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Library Terms & Conditions');
    const items = page.getByTestId('terms-items').locator('details');
    await expect(items).toHaveCount(7);
    await expect(items.locator('summary')).toHaveText([
      'Membership Eligibility',
      'Borrowing Rules',
      'Fines and Fees',
      'Use of Library Facilities',
      'Intellectual Property',
      'Privacy Policy',
      'Changes to Terms',
    ]);
    const fines = items.nth(2);
    await expect(fines).not.toHaveAttribute('open', '');
    await fines.locator('summary').click();
    await expect(fines).toHaveAttribute('open', '');
    await expect(fines.locator('.collapse-content')).toBeVisible();
    await fines.locator('summary').click();
    await expect(fines).not.toHaveAttribute('open', '');
  });

  test('privacy has its 5 sections', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Privacy Policy');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      /Data We Collect/,
      /Why We Collect Your Data/,
      /Data Security/,
      /Third-Party Services/,
      /Your Rights/,
    ]);
  });
});

test.describe('not found and errors', () => {
  test("an unknown path shows 'Page Not Found' and 'Go to Homepage' leads home", async ({
    page,
  }) => {
    await page.goto('/shelf/that/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Homepage' }).click();
    await expect(page).toHaveURL('/');
    await expect(page).toHaveTitle('Home - Pathagar');
  });

  test('a page whose code cannot load shows an error page, never a blank one', async ({ page }) => {
    await page.goto('/');
    await page.route(/\/assets\/terms-[^/]+\.js$/, (route) => route.abort());
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms And Condition' }).click();
    await expect(page.getByRole('heading', { name: 'Something Went Wrong' })).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });
});

test.describe('accessibility', () => {
  for (const path of ['/', '/register', '/signIn', '/terms', '/search?q=tagore']) {
    for (const colorScheme of ['light', 'dark'] as const) {
      test(`${path} in ${colorScheme} has no serious or critical axe violations`, async ({
        page,
      }) => {
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
        await page.waitForLoadState('networkidle');
        const results = await axeResults(page);
        const serious = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(
            (violation) =>
              `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
          );
        expect(serious).toEqual([]);
      });
    }
  }
});

test.describe('a chosen theme', () => {
  for (const [chosen, system] of [
    ['light', 'dark'],
    ['dark', 'light'],
  ] as const) {
    test(`${chosen} chosen on a ${system} system keeps the app's accessible palette`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: system, reducedMotion: 'reduce' });
      await page.addInitScript((theme) => localStorage.setItem('theme', theme), chosen);
      await page.goto('/signIn');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForLoadState('networkidle');
      await expect(page.locator('html')).toHaveAttribute('data-theme', chosen);
      const results = await axeResults(page, {
        runOnly: { type: 'tag', values: ['wcag2aa'] },
      });
      const contrast = results.violations.filter((violation) => violation.id === 'color-contrast');
      expect(contrast.flatMap((violation) => violation.nodes.map((node) => node.target))).toEqual(
        [],
      );
    });
  }
});
