/**
 * Registering, signing in and out, the guard of members' pages, Google popup sign-in when Google
 * is not configured, and the client signing itself out when the server ends the session.
 */
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startFakeGoogle } from '../support/fake-google.ts';
import { startServerProcess } from '../support/server-process.ts';
import {
  expect,
  holdRequests,
  memberDraft,
  signUpThroughApi,
  STRONG_PASSWORD,
  test,
  uniqueEmail,
} from './fixtures.ts';

const dialog = (page: Page) => page.getByRole('dialog');
const toast = (page: Page, title: string) =>
  page.locator('.swal2-toast').filter({ hasText: title });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

interface RegisterFields {
  name?: string;
  email?: string;
  photoURL?: string;
  password?: string;
}

async function fillRegisterForm(page: Page, fields: RegisterFields) {
  const form = page.getByRole('form', { name: 'Register' });
  if (fields.name !== undefined) await form.getByLabel('Name').fill(fields.name);
  if (fields.email !== undefined) await form.getByLabel('Email').fill(fields.email);
  if (fields.photoURL !== undefined) await form.getByLabel('PhotoURL').fill(fields.photoURL);
  if (fields.password !== undefined)
    await form.getByLabel('Password', { exact: true }).fill(fields.password);
  await form.getByRole('button', { name: 'Register' }).click();
}

async function fillSignInForm(page: Page, email: string, password: string) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('register', () => {
  test('a new member is welcomed and taken home signed in', async ({ page }) => {
    await page.goto('/register');
    // Every required field is marked before anyone submits, the photo too.
    const form = page.getByRole('form', { name: 'Register' });
    await expect(form).toContainText('Fields marked * are required.');
    for (const label of ['Name', 'Email', 'PhotoURL', 'Password'])
      await expect(form.locator('p', { has: page.getByText(label, { exact: true }) })).toHaveText(
        `${label} *`,
      );
    const email = uniqueEmail('register');
    await fillRegisterForm(page, {
      name: 'Rahima Begum',
      email,
      photoURL: '/images/avatar-placeholder.svg',
      password: STRONG_PASSWORD,
    });
    await expect(toast(page, 'Registration Successful')).toContainText(
      `We sent a confirmation mail to ${email}`,
    );
    await expect(page).toHaveURL('/register');
    await expect(page).toHaveURL('/');
    await expect(mainNav(page).getByTestId('user-avatar')).toBeVisible();
    await expect(mainNav(page).getByTestId('user-avatar').locator('..')).toHaveAttribute(
      'data-tip',
      'Rahima Begum',
    );
  });

  test("empty fields: 'Missing Fields'", async ({ page }) => {
    await page.goto('/register');
    await fillRegisterForm(page, { name: '   ', photoURL: '/images/avatar-placeholder.svg' });
    await expect(dialog(page)).toContainText('Missing Fields');
    await expect(dialog(page)).toContainText(
      'Please fill in all required fields (name, email, password).',
    );
  });

  test("a weak password: 'Weak Password'", async ({ page }) => {
    await page.goto('/register');
    await fillRegisterForm(page, {
      name: 'Karim',
      email: uniqueEmail('weak'),
      photoURL: '/images/avatar-placeholder.svg',
      password: 'abcdef',
    });
    await expect(dialog(page)).toContainText('Weak Password');
    await expect(dialog(page)).toContainText(
      'Password must be at least 6 characters and contain both uppercase and lowercase letters.',
    );
  });

  test("an address already registered: 'Email Already In Use'", async ({ page, request }) => {
    const existing = await signUpThroughApi(request);
    await page.goto('/register');
    await fillRegisterForm(page, {
      name: 'Someone Else',
      email: existing.email,
      photoURL: '/images/avatar-placeholder.svg',
      password: STRONG_PASSWORD,
    });
    await expect(dialog(page)).toContainText('Email Already In Use');
    await expect(dialog(page)).toContainText('Please try logging in or use a different email.');
    await expect(page).toHaveURL('/register');
  });

  const serverFailures: [code: string, error: string, title: string, text: string][] = [
    [
      'WEAK_PASSWORD',
      'Password too short',
      'Weak Password',
      'Password should be at least 6 characters.',
    ],
    ['VALIDATION', 'The name is too long', 'Registration Failed', 'The name is too long'],
  ];
  for (const [code, error, title, text] of serverFailures) {
    test(`the server's ${code} answer: '${title}'`, async ({ page }) => {
      await page.route('**/api/auth/sign-up/email', (route) =>
        route.fulfill({ status: 400, json: { error, code } }),
      );
      await page.goto('/register');
      await fillRegisterForm(page, {
        name: 'Karim',
        email: uniqueEmail('server'),
        photoURL: '/images/avatar-placeholder.svg',
        password: STRONG_PASSWORD,
      });
      await expect(dialog(page)).toContainText(title);
      await expect(dialog(page)).toContainText(text);
    });
  }

  test('a missing photo URL is pointed out under its field', async ({ page }) => {
    await page.goto('/register');
    await fillRegisterForm(page, {
      name: 'Karim',
      email: uniqueEmail('photo'),
      password: STRONG_PASSWORD,
    });
    const photo = page.getByLabel('PhotoURL');
    await expect(photo).toHaveAttribute('aria-invalid', 'true');
    await expect(photo).toBeFocused();
    await expect(page.getByText('Photo URL is required')).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/register');
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });
});

test.describe('sign in', () => {
  test("a member signs in: 'Login Successful' and home", async ({ page, request }) => {
    const member = await signUpThroughApi(request);
    await page.goto('/signIn');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign In now!');
    await fillSignInForm(page, member.email, member.password);
    await expect(toast(page, 'Login Successful')).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(mainNav(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  });

  test('a wrong password is explained under the form', async ({ page, request }) => {
    const member = await signUpThroughApi(request);
    await page.goto('/signIn');
    await fillSignInForm(page, member.email, 'Wrong-password1');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
    await expect(page).toHaveURL('/signIn');
  });

  test('too many attempts shows the wait message', async ({ page }) => {
    await page.route('**/api/auth/sign-in/email', (route) =>
      route.fulfill({ status: 429, json: { error: 'Too many requests', code: 'RATE_LIMITED' } }),
    );
    await page.goto('/signIn');
    await fillSignInForm(page, 'someone@example.test', 'Whatever1');
    await expect(page.getByRole('alert')).toContainText(
      'Too many attempts from this device. Please wait a minute and try again.',
    );
  });

  test('empty fields are named and nothing is sent', async ({ page }) => {
    let sent = 0;
    await page.route('**/api/auth/sign-in/email', (route) => {
      sent += 1;
      return route.continue();
    });
    await page.goto('/signIn');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    expect(sent).toBe(0);
  });

  test('the button is busy while signing in and cannot send twice', async ({ page, request }) => {
    const member = await signUpThroughApi(request);
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/sign-in/email')) sent += 1;
    });
    const releaseSignIn = await holdRequests(page, '**/api/auth/sign-in/email');
    await page.goto('/signIn');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(member.email);
    await form.getByLabel('Password', { exact: true }).fill(member.password);
    const button = form.getByRole('button', { name: 'Sign In' });
    await button.click();
    await expect(button).toBeDisabled();
    await form.evaluate((element: HTMLFormElement) => element.requestSubmit());
    releaseSignIn();
    await expect(page).toHaveURL('/');
    expect(sent).toBe(1);
  });
});

test.describe('guarded pages', () => {
  test('send visitors to sign in, then back to the page they asked for', async ({
    page,
    request,
  }) => {
    const member = await signUpThroughApi(request);
    await page.goto('/allBooks?available=true');
    await expect(page).toHaveURL('/signIn');
    await fillSignInForm(page, member.email, member.password);
    await expect(page).toHaveURL('/allBooks?available=true');
    await expect(page).toHaveTitle('All Books - Pathagar');
  });

  test('every members-only link in the navbar asks a visitor to sign in', async ({ page }) => {
    for (const name of ['All Books', 'Add Book', 'Borrowed Books']) {
      await page.goto('/');
      await mainNav(page).getByRole('link', { name }).click();
      await expect(page).toHaveURL('/signIn');
    }
  });

  test('the register link keeps the way back', async ({ page }) => {
    await page.goto('/addBook');
    await expect(page).toHaveURL('/signIn');
    await page.getByRole('main').getByRole('link', { name: 'Register' }).click();
    await fillRegisterForm(page, {
      name: 'New Reader',
      email: uniqueEmail('guarded'),
      photoURL: '/images/avatar-placeholder.svg',
      password: STRONG_PASSWORD,
    });
    await expect(page).toHaveURL('/');
  });
});

test.describe('sign out', () => {
  test("'Logout Successful' toast without a button, and the visitor's navbar", async ({
    page,
    member,
  }) => {
    void member;
    await page.goto('/');
    await mainNav(page).getByRole('button', { name: 'Sign Out' }).click();
    const logout = toast(page, 'Logout Successful');
    await expect(logout).toBeVisible();
    await expect(logout.getByRole('button', { name: 'OK' })).toBeHidden();
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(logout).toBeHidden({ timeout: 4_000 });
  });

  test('on a members-only page, signing out leads to sign in', async ({ page, member }) => {
    void member;
    await page.goto('/addBook');
    await expect(page).toHaveTitle('Add Book - Pathagar');
    await mainNav(page).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/signIn');
  });

  test('when the server ends the session, the app signs out too', async ({ page, member }) => {
    void member;
    await page.goto('/');
    await expect(mainNav(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name.endsWith('session_token'));
    expect(session, 'a session cookie').toBeTruthy();
    await page.context().clearCookies({ name: session?.name });
    await mainNav(page).getByRole('link', { name: 'Borrowed Books' }).click();
    await expect(mainNav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page).toHaveURL('/signIn');
  });
});

test.describe('Google sign-in', () => {
  test("without Google configured the popup ends in 'Google Sign In Failed'", async ({ page }) => {
    await page.goto('/signIn');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Login with Google' }).click();
    const popup = await popupOpened;
    expect(popup.url()).toContain('/oauth/start.html');
    await expect(dialog(page)).toContainText('Google Sign In Failed');
    await expect(dialog(page)).toContainText(/not configured/);
    await expect.poll(() => popup.isClosed()).toBe(true);
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('button', { name: 'Login with Google' })).toBeEnabled();
  });

  test('closing the popup ends in a message, not a hang', async ({ page }) => {
    // The popup is a page of its own, so the request is held for the whole browser context.
    await page.context().route('**/api/auth/sign-in/social', () => {
      // Never answered: the person closes the popup while it still waits.
    });
    await page.goto('/register');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign Up with Google' }).click();
    const popup = await popupOpened;
    await popup.close();
    await expect(dialog(page)).toContainText('Google Sign In Failed');
    await expect(dialog(page)).toContainText('closed');
  });
});

test.describe('Google sign-in against a stand-in Google', () => {
  test("the popup signs the member in: 'Google Login Successful'", async ({ page }) => {
    test.slow();
    const google = await startFakeGoogle();
    const server = await startServerProcess({
      GOOGLE_CLIENT_ID: 'pathagar-e2e',
      GOOGLE_CLIENT_SECRET: 'pathagar-e2e-secret',
      GOOGLE_ISSUER: google.issuer,
      CLIENT_DIR: process.env.CLIENT_DIR ?? 'dist/client',
      DATABASE_URL: path.join(tmpdir(), `pathagar-e2e-google-${randomUUID()}.db`),
    });
    try {
      await page.goto(`${server.url}/addBook`);
      await expect(page).toHaveURL(`${server.url}/signIn`);
      const popupOpened = page.waitForEvent('popup');
      await page.getByRole('button', { name: 'Login with Google' }).click();
      const popup = await popupOpened;
      // Five hops (popup, stand-in Google, callback, a new account with its card and photo, the
      // popup's message) through a server started cold for this journey: on two busy cores they
      // took longer than the 7 s a page's own answer gets, in three runs of the suite.
      await expect(toast(page, 'Google Login Successful')).toBeVisible({ timeout: 20_000 });
      await expect.poll(() => popup.isClosed()).toBe(true);
      await expect(page).toHaveURL(`${server.url}/addBook`);
      const avatar = mainNav(page).getByTestId('user-avatar');
      await expect(avatar.locator('..')).toHaveAttribute('data-tip', google.person.name);
    } finally {
      await server.stop();
      await google.stop();
    }
  });
});

test('the default member draft meets the password rule', () => {
  expect(memberDraft().password).toMatch(/^(?=.*[a-z])(?=.*[A-Z]).{6,}$/);
});
