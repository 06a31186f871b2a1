/**
 * A member's language (docs/product.md#language): chosen at sign-up or by the navbar's switch, kept on
 * better-auth's user as `lang`, and the language of every mail the library sends them — on
 * SQLite and on PostgreSQL. Also the first HTML's language for a cookie and for Accept-Language.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, VALID_PASSWORD, uniqueEmail } from '../support/agent.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher.ts';
import {
  appWithClientFiles,
  databaseKinds,
  startTestApp,
  type TestApp,
} from '../support/test-app.ts';

const BANGLA_VERIFY_SUBJECT = 'Pathagar: আপনার ইমেইল ঠিকানা নিশ্চিত করুন';
const BANGLA_RESET_SUBJECT = 'Pathagar: আপনার পাসওয়ার্ড বদলান';
const ENGLISH_RESET_SUBJECT = 'Reset your Pathagar password';

interface SessionAnswer {
  user: { lang?: string | null };
}

describe.each(databaseKinds)("a member's language on %s", (kind) => {
  let smtp: SmtpCatcher;
  let server: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    server = await startTestApp(kind, { SMTP_URL: smtp.url, MAIL_FROM: 'desk@library.test' });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  async function signUp(extra: Record<string, unknown> = {}) {
    const agent = new Agent(server.app);
    await agent.get('/api/health');
    const email = uniqueEmail();
    const response = await agent.post('/api/auth/sign-up/email', {
      name: 'Nasrin Akter',
      email,
      password: VALID_PASSWORD,
      image: '/images/avatar-placeholder.svg',
      ...extra,
    });
    return { agent, email, response };
  }

  const requestReset = (email: string) =>
    new Agent(server.app).post('/api/auth/request-password-reset', { email });

  it('writes the verification mail in Bangla to a member who signed up in Bangla', async () => {
    const { agent, email, response } = await signUp({ lang: 'bn' });
    expect(response.status).toBe(200);
    const mail = await smtp.mailTo(email, BANGLA_VERIFY_SUBJECT);
    expect(mail.text).toContain('প্রিয় পাঠক,');
    expect(mail.text).toContain('ইমেইল ঠিকানা নিশ্চিত করুন: http');
    expect(mail.html).toContain('<html lang="bn">');
    expect(mail.html).toContain('বোতামটি কাজ না করলে এই ঠিকানাটি খুলুন:');
    const session = await agent.get<SessionAnswer>('/api/auth/get-session');
    expect(session.body.user.lang).toBe('bn');
  });

  it('follows the switch: the reset mail comes in the language chosen last', async () => {
    const { agent, email } = await signUp();
    expect((await agent.post('/api/auth/update-user', { lang: 'bn' })).status).toBe(200);
    await requestReset(email);
    const bangla = await smtp.mailTo(email, BANGLA_RESET_SUBJECT);
    expect(bangla.text).toContain('নিচের লিংকটি একবারই, এক ঘণ্টার জন্য কাজ করবে।');

    expect((await agent.post('/api/auth/update-user', { lang: 'en' })).status).toBe(200);
    await requestReset(email);
    const english = await smtp.mailTo(email, ENGLISH_RESET_SUBJECT);
    expect(english.text).toContain('Hello,');
    expect(english.html).toContain('<html lang="en">');
  });

  it('writes in English to a member who never chose', async () => {
    const { email } = await signUp();
    await requestReset(email);
    const mail = await smtp.mailTo(email, ENGLISH_RESET_SUBJECT);
    expect(mail.text).toContain('The link below works once, for one hour.');
  });

  it('refuses a language the interface does not have, and keeps the one chosen', async () => {
    const refused = await signUp({ lang: 'fr' });
    expect(refused.response.status).toBe(400);
    expect(refused.response.body).toMatchObject({ code: 'VALIDATION' });
    expect((await refused.agent.get('/api/auth/get-session')).body).toBeNull();

    const { agent } = await signUp({ lang: 'bn' });
    for (const lang of ['xx', 42, '<script>', 'bn'.repeat(100)]) {
      const answer = await agent.post('/api/auth/update-user', { lang });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION' });
    }
    const session = await agent.get<SessionAnswer>('/api/auth/get-session');
    expect(session.body.user.lang).toBe('bn');
  });

  it('says why it refuses a sign-up in the language of the page that sent it', async () => {
    const send = (acceptLanguage: string) =>
      new Agent(server.app).request<{ error: string; code: string; issues: unknown[] }>({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { 'accept-language': acceptLanguage },
        payload: {
          name: '',
          email: uniqueEmail(),
          password: VALID_PASSWORD,
          image: 'javascript:alert(1)',
        },
      });
    const bangla = await send('bn');
    expect(bangla.status).toBe(400);
    expect(bangla.body.code).toBe('VALIDATION');
    expect(bangla.body.issues).toEqual([
      { path: 'name', message: 'অনুগ্রহ করে নাম লিখুন' },
      {
        path: 'image',
        message: 'ছবির ঠিকানা (URL) একটি http(s) ওয়েব ঠিকানা অথবা এই সাইটের একটি পথ হতে হবে',
      },
    ]);
    const english = await send('en-GB');
    expect(english.body.issues).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'image', message: 'Image must be an http(s) URL or a path on this site' },
    ]);
  });

  it('refuses a malformed address at sign-in in the page’s language, in better-auth’s English otherwise', async () => {
    const send = (acceptLanguage: string) =>
      new Agent(server.app).request<{ error: string; code: string }>({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'accept-language': acceptLanguage },
        payload: { email: 'not-an-address', password: VALID_PASSWORD },
      });
    expect((await send('bn')).body).toEqual({
      code: 'VALIDATION',
      error: 'অনুগ্রহ করে একটি সঠিক ইমেইল ঠিকানা লিখুন',
    });
    expect((await send('en')).body).toEqual({ code: 'VALIDATION', error: 'Invalid email' });
  });

  it('lets only a signed-in member set a language', async () => {
    const visitor = new Agent(server.app);
    await visitor.get('/api/health');
    const answer = await visitor.post('/api/auth/update-user', { lang: 'bn' });
    expect(answer.status).toBe(401);
  });
});

/** index.html as the build writes it, with the words the server puts in the page's language. */
const INDEX_HTML = `<!doctype html><html lang="en"><head><meta name="application-name" content="Pathagar"><meta name="description" content="English description"><title>Pathagar</title><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"><span data-loading-text>Loading…</span></div><noscript><p data-noscript-text>Needs JavaScript.</p></noscript></body></html>`;

const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true },
  '../common/i18n/en.ts': { file: 'assets/en-1.js', isDynamicEntry: true },
  '../common/i18n/bn.ts': { file: 'assets/bn-1.js', isDynamicEntry: true },
};
const FONT_FILES = [
  'noto-sans-bengali-bengali-400-normal-1.woff2',
  'noto-sans-bengali-bengali-700-normal-1.woff2',
];

describe('the first HTML', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, close } = await appWithClientFiles({
      'index.html': INDEX_HTML,
      '.vite/manifest.json': JSON.stringify(MANIFEST),
      ...Object.fromEntries(FONT_FILES.map((font) => [`assets/${font}`, ''])),
    }));
  });
  afterAll(() => close());

  const page = (url: string, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url, headers });

  it('is in the language of the cookie, else of Accept-Language, else English', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ cookie: 'lang=bn' }, 'bn'],
      [{ 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' }, 'bn'],
      [{ 'accept-language': 'en-US,en;q=0.9,bn;q=0.8' }, 'en'],
      [{ 'accept-language': 'fr-FR, bn;q=0.5' }, 'bn'],
      [{ 'accept-language': 'bn;q=0, en' }, 'en'],
      [{ cookie: 'lang=en', 'accept-language': 'bn' }, 'en'],
      [{ cookie: 'lang=xx', 'accept-language': 'bn' }, 'bn'],
      [{ cookie: 'lang=%3Cscript%3E' }, 'en'],
      [{ 'accept-language': 'x'.repeat(4000) }, 'en'],
      [{}, 'en'],
    ];
    for (const [headers, language] of cases) {
      const answer = await page('/', headers);
      expect(answer.statusCode).toBe(200);
      expect(answer.body, JSON.stringify(headers)).toContain(`<html lang="${language}">`);
      expect(answer.headers['content-language']).toBe(language);
      expect(String(answer.headers.vary)).toMatch(/Cookie, Accept-Language/);
    }
  });

  it('writes the title, the words and the hints of Bangla, and only of Bangla, and preloads no font', async () => {
    const bangla = (await page('/borrowedBooks', { cookie: 'lang=bn' })).body;
    expect(bangla).toContain('<title>ধার নেওয়া বই - Pathagar</title>');
    expect(bangla).toContain('<span data-loading-text>লোড হচ্ছে…</span>');
    expect(bangla).toContain('data-noscript-text>পাঠাগারের সংগ্রহ দেখাতে');
    expect(bangla).toContain('<meta name="description" content="পাঠাগার, শহরের গ্রন্থাগার');
    expect(bangla).toContain('<link rel="modulepreload" crossorigin href="/assets/bn-1.js">');
    expect(bangla).not.toContain('en-1.js');
    // The Bengali font is the system's where there is one, else fetched once Bengali text shows:
    // preloaded, its 92 kB took a slow phone's bandwidth from the page's scripts (issue 36).
    expect(bangla).not.toContain('as="font"');

    const english = (await page('/borrowedBooks', {})).body;
    expect(english).toContain('<title>Borrowed Books - Pathagar</title>');
    expect(english).toContain('<span data-loading-text>Loading…</span>');
    expect(english).toContain('<link rel="modulepreload" crossorigin href="/assets/en-1.js">');
    expect(english).not.toContain('bn-1.js');
    expect(english).not.toContain('as="font"');
  });

  it('keeps the product name alone for the 404 page and the footer pages, in any language', async () => {
    const missing = await page('/no-such-shelf', { cookie: 'lang=bn' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<title>Pathagar</title>');
    expect((await page('/terms', { cookie: 'lang=bn' })).body).toContain('<title>Pathagar</title>');
  });
});
