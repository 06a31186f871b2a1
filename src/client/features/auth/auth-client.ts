/**
 * better-auth's browser client for the server's /api/auth. Every request echoes the XSRF-TOKEN
 * cookie in X-XSRF-TOKEN, which the server demands on unsafe requests (DECISIONS §6).
 */
import { createAuthClient } from 'better-auth/react';

const XSRF_COOKIE = 'XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
}

/** The server hands out the cookie with any answer, so an unsafe first call fetches one first. */
async function xsrfToken(method: string): Promise<string | undefined> {
  const token = readCookie(XSRF_COOKIE);
  if (token || SAFE_METHODS.has(method.toUpperCase())) return token;
  await fetch('/api/health', { credentials: 'same-origin' });
  return readCookie(XSRF_COOKIE);
}

export const authClient = createAuthClient({
  baseURL: `${window.location.origin}/api/auth`,
  fetchOptions: {
    async onRequest(context) {
      const token = await xsrfToken(context.method ?? 'GET');
      if (token) context.headers.set('X-XSRF-TOKEN', token);
    },
  },
});

export type SessionUser = NonNullable<(typeof authClient.$Infer.Session)['user']>;
