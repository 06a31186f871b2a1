/**
 * better-auth's browser client for the server's /api/auth. Every request echoes the XSRF-TOKEN
 * cookie in X-XSRF-TOKEN, which the server demands on unsafe requests (docs/product.md#accounts).
 */
import { createAuthClient } from 'better-auth/client';
import { XSRF_HEADER, xsrfToken } from '../../lib/xsrf-token.ts';

export const authClient = createAuthClient({
  baseURL: `${window.location.origin}/api/auth`,
  fetchOptions: {
    async onRequest(context) {
      const token = await xsrfToken(context.method ?? 'GET');
      if (token) context.headers.set(XSRF_HEADER, token);
    },
  },
});

/**
 * The signed-in user as the session answer carries it; `role` is the server's additional field
 * (docs/product.md#librarians), for showing staff links. The server checks it again on every request.
 */
export type SessionUser = NonNullable<(typeof authClient.$Infer.Session)['user']> & {
  role?: string | null;
};
