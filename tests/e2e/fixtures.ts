/**
 * The shared Playwright fixtures: `member` signs a fresh, unique member up through the API with
 * the page's own request context, so the page is signed in as that member from its first visit.
 */
import { randomUUID } from 'node:crypto';
import { test as base, expect, type APIRequestContext } from '@playwright/test';

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
  return member;
}

export const test = base.extend<{ member: Member }>({
  member: async ({ page, baseURL }, use) => {
    await use(await signUpThroughApi(page.request, memberDraft(), baseURL));
  },
});

export { expect };
