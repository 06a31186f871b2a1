/**
 * The CSRF token of docs/product.md#accounts: the server hands out a readable XSRF-TOKEN cookie with any
 * answer, and an unsafe request must echo it in the X-XSRF-TOKEN header.
 */
const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry ? decodeURIComponent(entry.slice(prefix.length)) : undefined;
}

/** The token to send; an unsafe first call, before any answer brought the cookie, fetches one. */
export async function xsrfToken(method: string): Promise<string | undefined> {
  const token = readCookie(XSRF_COOKIE);
  if (token || SAFE_METHODS.has(method.toUpperCase())) return token;
  await fetch('/api/health', { credentials: 'same-origin' });
  return readCookie(XSRF_COOKIE);
}
