/**
 * The shared Playwright fixtures: `member` signs a fresh, unique member up through the API with
 * the page's own request context, so the page is signed in as that member from its first visit.
 */
import { randomUUID } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { createEmailVerificationToken } from 'better-auth/api';
import { E2E_AUTH_SECRET, E2E_LIBRARIANS } from './librarians.ts';

export interface Member {
  name: string;
  email: string;
  password: string;
  image: string;
}

/** An address no other test (or earlier run on the same database) has used. */
export const uniqueEmail = (label = 'member') =>
  `${label}-${randomUUID().slice(0, 12)}@example.test`;

/** A password that meets the sign-up rule (6+ characters, upper- and lower-case). */
export const STRONG_PASSWORD = 'Reader2024';

export const AVATAR_PLACEHOLDER = '/images/avatar-placeholder.svg';

export function memberDraft(overrides: Partial<Member> = {}): Member {
  return {
    name: 'Test Member',
    email: uniqueEmail(),
    password: STRONG_PASSWORD,
    image: AVATAR_PLACEHOLDER,
    ...overrides,
  };
}

/**
 * Signs up through better-auth's endpoint. With `page.request` the session cookie lands in the
 * page's browser context; with the separate `request` fixture the page stays signed out.
 * better-auth refuses a request that carries cookies but no Origin, so the origin is sent along.
 */
export async function signUpThroughApi(
  request: APIRequestContext,
  member: Member = memberDraft(),
  origin?: string,
): Promise<Member> {
  const { name, email, password, image } = member;
  const response = await request.post('/api/auth/sign-up/email', {
    data: { name, email, password, image },
    headers: origin ? { origin } : undefined,
  });
  expect(response.status(), await response.text()).toBe(200);
  if (LISTED_LIBRARIANS.has(email)) {
    // A listed address is a librarian once confirmed: open the link the mail carries.
    const token = await createEmailVerificationToken(E2E_AUTH_SECRET, email);
    const confirmed = await request.get(
      `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    );
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  }
  return member;
}

const LISTED_LIBRARIANS = new Set<string>(Object.values(E2E_LIBRARIANS));

/**
 * Holds the page's requests to `url` (of `method`, if given) until the returned `release` is
 * called, so a test sees a waiting state (a spinner, a busy button) for as long as it needs, on
 * however slow a machine; a timer would let a fast answer slip past the assertion.
 */
export async function holdRequests(
  page: Page,
  url: string | ((url: URL) => boolean),
  method?: string,
): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    await released;
    // The page may have dropped the request meanwhile (a newer search, a navigation).
    await route.fallback().catch(() => {});
  });
  return release;
}

export const test = base.extend<{ member: Member }>({
  member: async ({ page, baseURL }, use) => {
    await use(await signUpThroughApi(page.request, memberDraft(), baseURL));
  },
});

export { expect };
