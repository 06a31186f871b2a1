/**
 * A member who forgot their password (issue 13): 'Forgot password?' on Sign In, the link from the
 * mail (read from the server's outbox, OUTBOX_DIR in playwright.config.ts), a new password under
 * the rule, signing in with it, and the spent link refused; and the confirmation mail's link, and that mail sent again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parseMail } from '../support/smtp-catcher.ts';
import { expect, test } from './fixtures.ts';
import { axeResults } from './looks.ts';

const NEW_PASSWORD = 'Shapla-New-42';

function outboxDir(): string {
  const dir = process.env.E2E_OUTBOX_DIR;
  if (!dir) throw new Error('E2E_OUTBOX_DIR is not set: run through playwright.config.ts');
  return dir;
}

/** The links of the mails in the outbox to `email` whose subject starts with `subject`. */
function linksOfMails(email: string, subject: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(outboxDir()).filter((name) => name.endsWith('.eml'));
  } catch {
    // No mail has been written yet.
  }
  const to = new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'im');
  return files
    .map((file) => parseMail(readFileSync(path.join(outboxDir(), file), 'utf8')))
    .filter((mail) => to.test(mail.raw) && mail.subject.startsWith(subject))
    .map((mail) => /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '');
}

/** The link of the mail to `email` whose subject starts with `subject`, once it is there. */
async function linkFor(email: string, subject: string, expected: string): Promise<string> {
  await expect.poll(() => linksOfMails(email, subject).at(-1) ?? '').toContain(expected);
  return linksOfMails(email, subject).at(-1) ?? '';
}

const resetLinkFor = (email: string) => linkFor(email, 'Reset your', '/resetPassword?token=');

const toast = (page: Page, title: string) =>
  page.locator('.swal2-toast').filter({ hasText: title });

test('forgot password: the mailed link sets a new password once, and it signs in', async ({
  page,
  member,
}) => {
  await page.context().clearCookies();
  await page.goto('/signIn');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgotPassword');
  await expect(page).toHaveTitle('Forgot Password - Pathagar');
  const forgot = page.getByRole('form', { name: 'Forgot password' });
  await forgot.getByLabel('Email').fill(member.email);
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toContainText('Check Your Email');

  const link = new URL(await resetLinkFor(member.email));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveTitle('Reset Password - Pathagar');
  const reset = page.getByRole('form', { name: 'Reset password' });
  await reset.getByLabel('New Password', { exact: true }).fill('aaaaaa');
  await reset.getByRole('button', { name: 'Save New Password' }).click();
  await expect(reset.getByText('Password needs an uppercase letter')).toBeVisible();
  await reset.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await reset.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page).toHaveURL('/signIn');
  await expect(toast(page, 'Password Changed')).toBeVisible();

  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(member.email);
  await signIn.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Login Successful')).toBeVisible();

  // The link worked once.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New Password', { exact: true }).fill('Another-Pass-7');
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page.getByRole('alert')).toContainText('This Link Has Expired');
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL('/forgotPassword');
});

test('forgot password answers the same for an address without an account', async ({ page }) => {
  await page.goto('/forgotPassword');
  const forgot = page.getByRole('form', { name: 'Forgot password' });
  await forgot.getByLabel('Email').fill('nobody-here@example.org');
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toContainText(
    'If an account uses this address, a link to choose a new password is on its way.',
  );
});

test('the confirmation link lands on a page saying the address is confirmed', async ({
  page,
  member,
}) => {
  const link = new URL(await linkFor(member.email, 'Confirm', '/api/auth/verify-email?token='));
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page).toHaveURL('/emailConfirmed');
  await expect(page).toHaveTitle('E-mail Confirmed - Pathagar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Your e-mail address is confirmed',
  );
  await page.emulateMedia({ colorScheme: 'dark' });
  const { violations } = await axeResults(page);
  expect(
    violations.filter((found) => found.impact === 'serious' || found.impact === 'critical'),
  ).toEqual([]);

  await page.goto('/api/auth/verify-email?token=forged&callbackURL=%2FemailConfirmed');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This link did not work');
  await page.getByRole('link', { name: 'Browse the books' }).click();
  await expect(page).toHaveURL('/allBooks');
});

test('a member whose confirmation mail went astray has it sent again from the profile', async ({
  page,
  member,
}) => {
  await linkFor(member.email, 'Confirm', '/api/auth/verify-email?token=');
  await page.goto('/profile');
  const unconfirmed = page.getByTestId('email-unconfirmed');
  await expect(unconfirmed).toContainText(
    'Not confirmed yet: open the link in the mail the library sent you.',
  );
  await unconfirmed.getByRole('button', { name: 'Send the mail again' }).click();
  await expect(
    toast(page, `A new confirmation mail is on its way to ${member.email}.`),
  ).toBeVisible();
  await expect.poll(() => linksOfMails(member.email, 'Confirm').length).toBe(2);
});
