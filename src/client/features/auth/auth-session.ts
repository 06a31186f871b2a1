/**
 * Who is signed in, read from better-auth's GET /api/auth/get-session through the app's HTTP
 * client. better-auth's browser client is needed only to sign in, sign up and sign out, so it is
 * loaded for those and pages that only show who is signed in never download it.
 */
import { authApi } from '../../lib/api-client.ts';
import { t } from '../../lib/i18n.ts';
import { formSchemasIfReached } from '../../lib/lazy-schemas.ts';
import type { SessionUser } from './auth-client.ts';
import { AuthError } from './auth-error.ts';

/** Where better-auth's browser client tells the other tabs that the session changed. */
export const OTHER_TABS_KEY = 'better-auth.message';

export async function fetchSessionUser(): Promise<SessionUser | null> {
  const { data } = await authApi.get<{ user: SessionUser | null } | null>('/auth/get-session');
  return data?.user ?? null;
}

/** The session as last read: at first, the answer the server wrote into the page. */
let known: Promise<SessionUser | null> | null = null;

/**
 * Who is signed in, as last read: the first read takes the answer the server wrote into the page
 * (server/pages/page-preparation.ts), so the first page's loaders and the auth context share it
 * and neither waits for a request; useServerSession keeps it up to date after that. A session
 * the server has ended since is found by the next request (401), which signs this client out.
 */
export function currentSessionUser(): Promise<SessionUser | null> {
  known ??= fetchSessionUser().catch((error: unknown) => {
    // A failed read counts as signed out, as useServerSession counts it.
    console.error('Reading the session failed', error);
    return null;
  });
  return known;
}

/** Keeps what useServerSession read, for the loaders that ask currentSessionUser(). */
export function rememberSessionUser(user: SessionUser | null) {
  known = Promise.resolve(user);
}

const SESSION_CHANGED = 'pathagar:session-changed';

/** Tells this tab to read the session again: the member's name, photo or password changed. */
export function announceSessionChange() {
  window.dispatchEvent(new Event(SESSION_CHANGED));
}

/** Calls back on every announceSessionChange(); returns the function that stops it. */
export function onSessionChange(listener: () => void): () => void {
  window.addEventListener(SESSION_CHANGED, listener);
  return () => window.removeEventListener(SESSION_CHANGED, listener);
}

/** better-auth's client; when it cannot be fetched (the connection dropped), a failure that says so. */
export const loadAuthClient = () =>
  import('./auth-client.ts').then(
    (module) => module.authClient,
    () => {
      throw new AuthError(t.authMessages.unreachable, undefined);
    },
  );

/**
 * What sending sign in or register needs: the forms' rules (25 kB gzip), returned, and
 * better-auth's client (11 kB), loaded; undefined when either could not be fetched (the connection
 * dropped), and the form says the library could not be reached.
 */
export async function whatAuthFormsSendIfReached() {
  const [schemas, client] = await Promise.all([
    formSchemasIfReached(),
    loadAuthClient().catch(() => undefined),
  ]);
  return client && schemas;
}

/** Sign in's and register's `onFocus`: what sending needs comes as the member starts filling in. */
export function fetchWhatAuthFormsSend(): void {
  void whatAuthFormsSendIfReached();
}

/**
 * Tells the other tabs, in better-auth's own words, to read the session again. Its client does so
 * only while it watches the session itself, which this app leaves to useServerSession.
 */
export function tellOtherTabsOfSignOut() {
  const message = { event: 'session', data: { trigger: 'signout' }, timestamp: Date.now() };
  try {
    localStorage.setItem(OTHER_TABS_KEY, JSON.stringify(message));
  } catch {
    // Storage can be blocked; the other tabs then find out when they are next shown.
  }
}
