/** Google sign-in, end to end at the HTTP level, against a local OpenID Connect provider. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../support/agent.ts';
import { startFakeGoogle, type FakeGoogle } from '../support/fake-google.ts';
import { startTestApp, type TestApp } from '../support/test-app.ts';

describe('Google sign-in', () => {
  let google: FakeGoogle;
  let server: TestApp;

  beforeAll(async () => {
    google = await startFakeGoogle();
    server = await startTestApp('sqlite', {
      GOOGLE_CLIENT_ID: 'pathagar-test',
      GOOGLE_CLIENT_SECRET: 'pathagar-test-secret',
      GOOGLE_ISSUER: google.issuer,
    });
  });
  afterAll(async () => {
    await server.close();
    await google.stop();
  });

  it('signs a person in through the provider and creates their member account', async () => {
    const agent = new Agent(server.app);
    await agent.get('/api/health');
    const start = await agent.post<{ url: string; redirect: boolean }>('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/oauth/done.html',
      errorCallbackURL: '/oauth/done.html',
    });
    expect(start.status).toBe(200);
    expect(start.body.url.startsWith(`${google.issuer}/authorize`)).toBe(true);

    const consent = await fetch(start.body.url, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location') ?? '');
    expect(callback.pathname).toBe('/api/auth/callback/google');

    const finished = await agent.get(`${callback.pathname}${callback.search}`);
    expect(finished.status).toBe(302);
    expect(finished.headers.location).toBe('/oauth/done.html');

    const session = await agent.get<{ user: { email: string; name: string } }>(
      '/api/auth/get-session',
    );
    expect(session.body.user).toMatchObject({
      email: google.person.email,
      name: google.person.name,
    });
    expect((await agent.get('/api/borrowedBooks')).status).toBe(200);
  });
});

describe('Google sign-in when it is not configured', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp('sqlite');
  });
  afterAll(() => server.close());

  it('answers a JSON 4xx that says so', async () => {
    const agent = new Agent(server.app);
    const response = await agent.post<{ error: string; code: string }>('/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/oauth/done.html',
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Provider not found', code: 'NOT_FOUND' });
  });
});
