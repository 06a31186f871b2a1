/**
 * Accounts and e-mail (issue 13, docs/product.md#accounts): mail through a real SMTP server, password
 * reset and e-mail verification by better-auth's flows, the password rule on every path that sets
 * a password, and the profile fields' limits — on SQLite and on PostgreSQL.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Agent, VALID_PASSWORD, addBook, loanDates, uniqueEmail } from '../support/agent.ts';
import {
  parseMail,
  startSmtpCatcher,
  type CaughtMail,
  type SmtpCatcher,
} from '../support/smtp-catcher.ts';
import { buildApp } from '../../src/server/app.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import {
  createTestDatabase,
  databaseKinds,
  startTestApp,
  testConfig,
  type TestApp,
} from '../support/test-app.ts';

const RESET_SUBJECT = 'Reset your Pathagar password';
const VERIFY_SUBJECT = 'Confirm your e-mail address for Pathagar';
const NEW_PASSWORD = 'Shapla-New-42';
const HOUR_MS = 60 * 60 * 1000;

/** The one link of a mail, as its text part gives it; the HTML part must link the same. */
function linkIn(mail: CaughtMail): string {
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  expect(links).toHaveLength(1);
  const link = links[0] ?? '';
  expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
  return link;
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

async function register(app: TestApp['app'], email = uniqueEmail()) {
  const agent = new Agent(app);
  await agent.get('/api/health');
  const response = await agent.post('/api/auth/sign-up/email', {
    name: 'Nasrin Akter',
    email,
    password: VALID_PASSWORD,
    image: '/images/avatar-placeholder.svg',
  });
  expect(response.status).toBe(200);
  return { agent, email };
}

const signIn = (app: TestApp['app'], email: string, password: string) =>
  new Agent(app).post('/api/auth/sign-in/email', { email, password });

describe.each(databaseKinds)('accounts and e-mail on %s', (kind) => {
  let smtp: SmtpCatcher;
  let server: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    server = await startTestApp(kind, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Pathagar <desk@library.test>',
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const requestReset = (email: string) =>
    new Agent(server.app).post<{ status: boolean; message: string }>(
      '/api/auth/request-password-reset',
      { email },
    );
  const reset = (token: string, newPassword: string) =>
    new Agent(server.app).post('/api/auth/reset-password', { token, newPassword });

  it('mails a verification link at sign-up, and the link verifies the address', async () => {
    const { agent, email } = await register(server.app);
    const mail = await smtp.mailTo(email, VERIFY_SUBJECT);
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe('desk@library.test');
    expect(mail.subject).toBe(VERIFY_SUBJECT);
    // Whoever typed the address may not own it: the mail does not repeat the name they typed.
    expect(mail.text).toContain('Hello,');
    expect(mail.text).not.toContain('Nasrin Akter');
    const link = linkIn(mail);
    expect(link.startsWith(`${server.config.publicUrl}/api/auth/verify-email?token=`)).toBe(true);

    const before = await agent.get<{ user: { emailVerified: boolean } }>('/api/auth/get-session');
    expect(before.body.user.emailVerified).toBe(false);
    const { pathname, search } = new URL(link);
    const opened = await new Agent(server.app).get(`${pathname}${search}`);
    expect(opened.status).toBe(302);
    // The page saying the address is confirmed, not Home without a word (issue 29).
    expect(opened.headers.location).toBe('/emailConfirmed');
    const after = await agent.get<{ user: { emailVerified: boolean } }>('/api/auth/get-session');
    expect(after.body.user.emailVerified).toBe(true);
  });

  it('links the confirmation to the trusted origin the member signed up on (issue 36)', async () => {
    const other = server.config.trustedOrigins.find((origin) => origin !== server.config.publicUrl);
    if (!other) throw new Error('the test server trusts one origin only');
    const signUpFrom = async (origin: string) => {
      const email = `origin-${Math.random().toString(36).slice(2)}@example.org`;
      const agent = new Agent(server.app);
      await agent.get('/api/health');
      const response = await agent.request({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { name: 'Origin Member', email, password: 'Reader2024' },
        headers: { origin },
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return linkIn(await smtp.mailTo(email, VERIFY_SUBJECT));
    };
    expect(await signUpFrom(other)).toMatch(new RegExp(`^${other}/api/auth/verify-email\\?`));
    const fromPublicUrl = await signUpFrom(server.config.publicUrl);
    expect(fromPublicUrl.startsWith(`${server.config.publicUrl}/api/auth/verify-email?`)).toBe(
      true,
    );
  });

  it("mails the confirmation again when the profile's button asks, and that link confirms", async () => {
    const { agent, email } = await register(server.app);
    await smtp.mailTo(email, VERIFY_SUBJECT);
    const again = await agent.post('/api/auth/send-verification-email', {
      email,
      callbackURL: '/emailConfirmed',
    });
    expect(again.status).toBe(200);
    const { pathname, search } = new URL(linkIn(await smtp.mailTo(email, VERIFY_SUBJECT, 2)));
    expect((await new Agent(server.app).get(`${pathname}${search}`)).status).toBe(302);
    const after = await agent.get<{ user: { emailVerified: boolean } }>('/api/auth/get-session');
    expect(after.body.user.emailVerified).toBe(true);
  });

  it('sends a link that does not confirm to the same page, told why', async () => {
    const opened = await new Agent(server.app).get(
      '/api/auth/verify-email?token=not-a-token&callbackURL=%2FemailConfirmed',
    );
    expect(opened.status).toBe(302);
    expect(opened.headers.location).toBe('/emailConfirmed?error=INVALID_TOKEN');
  });

  it('greets by name in a reset mail only once the address is confirmed (issue 30)', async () => {
    const { email } = await register(server.app);
    const verification = await smtp.mailTo(email, VERIFY_SUBJECT);
    await requestReset(email);
    const unconfirmed = await smtp.mailTo(email, RESET_SUBJECT);
    expect(unconfirmed.text).toContain('Hello,');
    expect(unconfirmed.text).not.toContain('Nasrin Akter');
    const { pathname, search } = new URL(linkIn(verification));
    expect((await new Agent(server.app).get(`${pathname}${search}`)).status).toBe(302);
    await requestReset(email);
    const confirmed = await smtp.mailTo(email, RESET_SUBJECT, 2);
    expect(confirmed.text).toContain('Hello Nasrin Akter,');
  });

  it('mails a reset link that sets a new password once, and signs the old sessions out', async () => {
    const { agent, email } = await register(server.app);
    const answer = await requestReset(email.toUpperCase());
    expect(answer.status).toBe(200);
    const mail = await smtp.mailTo(email, RESET_SUBJECT);
    expect(mail.to).toEqual([email]);
    expect(mail.subject).toBe(RESET_SUBJECT);
    const link = linkIn(mail);
    expect(link.startsWith(`${server.config.publicUrl}/resetPassword?token=`)).toBe(true);
    const token = tokenOf(link);
    expect(token.length).toBeGreaterThanOrEqual(20);

    expect((await reset(token, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(server.app, email, NEW_PASSWORD)).status).toBe(200);
    expect((await signIn(server.app, email, VALID_PASSWORD)).status).toBe(401);
    expect((await agent.get('/api/borrowedBooks')).status).toBe(401);

    const again = await reset(token, 'Another-Pass-7');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn(server.app, email, 'Another-Pass-7')).status).toBe(401);
  });

  it('keeps a reset link valid for one hour, not longer', async () => {
    const { email } = await register(server.app);
    await requestReset(email);
    const early = tokenOf(linkIn(await smtp.mailTo(email, RESET_SUBJECT, 1)));
    await requestReset(email);
    const late = tokenOf(linkIn(await smtp.mailTo(email, RESET_SUBJECT, 2)));

    // better-auth reads the time from Date; only Date is moved, so sockets and timers run on.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + HOUR_MS - 60_000 });
    expect((await reset(early, NEW_PASSWORD)).status).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    const expired = await reset(late, 'Later-Pass-9');
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ code: 'INVALID_TOKEN' });
    vi.useRealTimers();
    expect((await signIn(server.app, email, NEW_PASSWORD)).status).toBe(200);
  });

  it('answers a reset for an unknown address like one for a member, and sends nothing', async () => {
    const { email } = await register(server.app);
    await smtp.mailTo(email, VERIFY_SUBJECT);
    const unknown = uniqueEmail('nobody');
    const received = smtp.mails.length;
    const forUnknown = await requestReset(unknown);
    await server.app.notices.settled();
    expect(smtp.mails.length).toBe(received);
    expect(smtp.mails.some((mail) => mail.to.includes(unknown))).toBe(false);

    const forMember = await requestReset(email);
    expect(forUnknown.status).toBe(forMember.status);
    expect(forUnknown.body).toEqual(forMember.body);
    await smtp.mailTo(email, RESET_SUBJECT);
  });

  it('refuses a weak password on reset and on change-password', async () => {
    const { agent, email } = await register(server.app);
    await requestReset(email);
    const token = tokenOf(linkIn(await smtp.mailTo(email, RESET_SUBJECT)));
    for (const weak of ['aaaaaa', 'AAAAAA', 'Ab1', 'abcdefgh']) {
      const refused = await reset(token, weak);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'WEAK_PASSWORD' });
    }
    const changed = await agent.post('/api/auth/change-password', {
      currentPassword: VALID_PASSWORD,
      newPassword: 'aaaaaa',
    });
    expect(changed.status).toBe(400);
    expect(changed.body).toMatchObject({ code: 'WEAK_PASSWORD', error: expect.any(String) });
    expect((await signIn(server.app, email, 'aaaaaa')).status).toBe(401);
    expect((await signIn(server.app, email, VALID_PASSWORD)).status).toBe(200);

    const strong = await agent.post('/api/auth/change-password', {
      currentPassword: VALID_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(strong.status).toBe(200);
    expect((await signIn(server.app, email, NEW_PASSWORD)).status).toBe(200);
    // The weak attempts left the token unused: it still sets a strong password.
    expect((await reset(token, 'Reset-After-5')).status).toBe(200);
  });

  it('validates name and photo on update-user like the forms', async () => {
    const { agent } = await register(server.app);
    const cases = [
      { name: 'n'.repeat(200_000) },
      { name: '   ' },
      { image: 'javascript:alert(1)' },
    ];
    for (const body of cases) {
      const refused = await agent.post('/api/auth/update-user', body);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION', error: expect.any(String) });
      expect((refused.body as { issues: unknown[] }).issues.length).toBeGreaterThan(0);
    }
    const session = await agent.get<{ user: { name: string; image: string } }>(
      '/api/auth/get-session',
    );
    expect(session.body.user).toMatchObject({
      name: 'Nasrin Akter',
      image: '/images/avatar-placeholder.svg',
    });
    const accepted = await agent.post('/api/auth/update-user', {
      name: 'Nasrin A.',
      image: '/images/nasrin.webp',
    });
    expect(accepted.status).toBe(200);
  });

  it('validates name, e-mail and photo on sign-up like the register form', async () => {
    const longAddress = (length: number) => {
      const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.example.org`;
      return `${'a'.repeat(length - domain.length - 1)}@${domain}`;
    };
    expect(longAddress(312)).toHaveLength(312);
    const base = { name: 'Nasrin', email: uniqueEmail(), password: VALID_PASSWORD };
    const cases = [
      { ...base, email: longAddress(312) },
      { ...base, email: longAddress(321) },
      { ...base, name: 'n'.repeat(201) },
      { ...base, image: 'javascript:alert(1)' },
    ];
    for (const body of cases) {
      const refused = await new Agent(server.app).post('/api/auth/sign-up/email', body);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION' });
    }
    expect((await signIn(server.app, base.email, VALID_PASSWORD)).status).toBe(401);
  });

  it('limits reset requests per address like sign-in', async () => {
    const limited = await startTestApp(kind, { SMTP_URL: smtp.url, AUTH_RATE_LIMIT: '2' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        const answer = await new Agent(limited.app).post('/api/auth/request-password-reset', {
          email: uniqueEmail('nobody'),
        });
        statuses.push(answer.status);
        if (answer.status === 429) expect(answer.body).toMatchObject({ code: 'RATE_LIMITED' });
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('with REQUIRE_EMAIL_VERIFICATION, refuses borrowing and holds until the address is verified', async () => {
    const strict = await startTestApp(kind, {
      SMTP_URL: smtp.url,
      REQUIRE_EMAIL_VERIFICATION: 'true',
    });
    try {
      const { agent, email } = await register(strict.app);
      const bookId = await addBook(agent, { quantity: 1 });
      const checked = await agent.get(`/api/borrowedBooks/check?bookId=${bookId}`);
      expect(checked.body).toEqual({ canBorrow: false, reason: 'EMAIL_NOT_VERIFIED' });
      const refused = await agent.post('/api/borrowedBooks', { bookId, ...loanDates() });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', error: expect.any(String) });
      const hold = await agent.post('/api/holds', { bookId });
      expect(hold.status).toBe(409);
      expect(hold.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
      const book = await agent.get<{ quantity: number }>(`/api/books/${bookId}`);
      expect(book.body.quantity).toBe(1);

      const { pathname, search } = new URL(linkIn(await smtp.mailTo(email, VERIFY_SUBJECT)));
      expect((await agent.get(`${pathname}${search}`)).status).toBe(302);
      const allowed = await agent.get(`/api/borrowedBooks/check?bookId=${bookId}`);
      expect(allowed.body).toEqual({ canBorrow: true, reason: null });
      expect((await agent.post('/api/borrowedBooks', { bookId, ...loanDates() })).status).toBe(201);
    } finally {
      await strict.close();
    }
  });
});

describe('the outbox, when no SMTP server is set', () => {
  it('writes each mail as an .eml file with a text and an HTML part, and logs no link', async () => {
    const outbox = mkdtempSync(path.join(tmpdir(), 'pathagar-outbox-'));
    const database = await createTestDatabase('sqlite');
    const lines: string[] = [];
    const app = await buildApp(
      testConfig(database.url, { OUTBOX_DIR: outbox, LOG_LEVEL: 'info' }),
      {
        logStream: { write: (line: string) => void lines.push(line) },
      },
    );
    try {
      const { email } = await register(app);
      await expect.poll(() => readdirSync(outbox).length).toBe(1);
      const files = readdirSync(outbox);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const raw = readFileSync(path.join(outbox, files[0] ?? ''), 'utf8');
      expect(raw).toMatch(new RegExp(`^To: ${email}$`, 'm'));
      expect(raw).toMatch(new RegExp(`^Subject: ${VERIFY_SUBJECT}$`, 'm'));
      expect(raw).toMatch(/Content-Type: multipart\/alternative/);
      expect(raw).toMatch(/Content-Type: text\/plain/);
      expect(raw).toMatch(/Content-Type: text\/html/);

      const token = tokenOf(/https?:\/\/\S+/.exec(parseMail(raw).text)?.[0] ?? '');
      expect(token.length).toBeGreaterThan(20);
      const mailLines = lines.filter((line) => line.includes('outbox'));
      expect(mailLines).toHaveLength(1);
      expect(JSON.parse(mailLines[0] ?? '{}')).toMatchObject({
        to: email,
        subject: VERIFY_SUBJECT,
      });
      expect(lines.join('\n')).not.toContain(token.slice(0, 20));
    } finally {
      await app.close();
      await database.drop();
      rmSync(outbox, { recursive: true, force: true });
    }
  });
});

describe('mail settings', () => {
  const secret = 'x'.repeat(32);

  it.each([
    [{ SMTP_URL: 'http://mail.example.org' }, /^Invalid setting SMTP_URL/],
    [{ SMTP_URL: 'smtp://' }, /^Invalid setting SMTP_URL/],
    [{ REQUIRE_EMAIL_VERIFICATION: 'perhaps' }, /^Invalid setting REQUIRE_EMAIL_VERIFICATION/],
  ])('names the bad setting in %o', (env, message) => {
    expect(() => loadConfig({ AUTH_SECRET: secret, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ AUTH_SECRET: secret, ...env })).toThrow(message);
  });

  it('never repeats the SMTP password in its refusal', () => {
    expect(() => loadConfig({ AUTH_SECRET: secret, SMTP_URL: 'ftp://desk:hunter2@mail' })).toThrow(
      /^Invalid setting SMTP_URL: (?!.*hunter2)/,
    );
  });

  it('writes to ./data/outbox and requires no verification by default', () => {
    const config = loadConfig({ AUTH_SECRET: secret });
    expect(config.mail).toEqual({
      smtpUrl: null,
      from: 'Pathagar <no-reply@localhost>',
      outboxDir: './data/outbox',
    });
    expect(config.circulation.requireEmailVerification).toBe(false);
    const smtps = loadConfig({
      AUTH_SECRET: secret,
      SMTP_URL: 'smtps://desk:secret@mail.example.org:465',
      PUBLIC_URL: 'https://library.example.org',
    });
    expect(smtps.mail.smtpUrl).toBe('smtps://desk:secret@mail.example.org:465');
    expect(smtps.mail.from).toBe('Pathagar <no-reply@library.example.org>');
  });
});
