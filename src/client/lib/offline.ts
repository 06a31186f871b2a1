/**
 * Whether the page shows answers kept from an earlier visit (docs/product.md#on-a-phone): the service
 * worker answers a member's card, loans, holds, bookings and registrations from its cache when
 * there is no connection, with the Date they were first answered. The API client notes the oldest
 * such Date; the offline notice says "as of" that time.
 */
const KEPT_CHANGED = 'pathagar:kept-answers';
/** An answer older than this was not fetched now: it came from the cache. */
const FRESH_MS = 60_000;

let keptSince: Date | null = null;

/** Called by the API client with each answer's Date header. */
export function noteAnswerDate(date: string | null): void {
  if (!date) return;
  const at = new Date(date);
  if (Number.isNaN(at.getTime()) || Date.now() - at.getTime() < FRESH_MS) return;
  if (keptSince && keptSince <= at) return;
  keptSince = at;
  window.dispatchEvent(new Event(KEPT_CHANGED));
}

export const keptAnswersSince = () => keptSince;

export function onKeptAnswers(listener: () => void): () => void {
  window.addEventListener(KEPT_CHANGED, listener);
  return () => window.removeEventListener(KEPT_CHANGED, listener);
}

/** Back online: the next answers are fresh. */
export function forgetKeptAnswers(): void {
  keptSince = null;
  window.dispatchEvent(new Event(KEPT_CHANGED));
}

/** The cache of a member's answers (vite.config.ts, MEMBER_ANSWERS). */
const MEMBER_CACHE = 'pathagar-member';

/**
 * Removes everything of the member from this device when they sign out: the answers kept for
 * offline use and what this tab stored for them. What belongs to the device (its theme, the
 * reader's font size) stays.
 */
export async function forgetMemberOnDevice(): Promise<void> {
  keptSince = null;
  try {
    sessionStorage.clear();
  } catch {
    // Storage can be blocked: then nothing was stored either.
  }
  if (typeof caches === 'undefined') return;
  await caches.delete(MEMBER_CACHE);
}

/** The answers kept for offline use (vite.config.ts, MEMBER_ANSWERS). */
const KEPT_PATHS = [
  '/api/auth/get-session',
  '/api/card',
  '/api/borrowedBooks',
  '/api/holds',
  '/api/bookings',
  '/api/registrations',
  '/api/ebooks/loans',
  '/api/fines',
  '/api/circulation/rules',
];

/**
 * Once a signed-in member's page is served by the worker, asks once more, in the background,
 * for what the member may need offline: a page may have come with its answers in its HTML, which
 * the worker never saw. Each goes through the worker, which keeps it.
 */
export function keepForOffline(paths: string[] = KEPT_PATHS): void {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
  const fetchAll = () => {
    for (const url of paths) {
      fetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } }).catch(
        () => undefined,
      );
    }
  };
  whenIdle(fetchAll, 5_000);
}

/** Runs `work` once the browser is idle, or after `atMostMs` (a browser without idle callbacks: soon). */
function whenIdle(work: () => void, atMostMs: number): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: atMostMs });
  else setTimeout(work, 2_000);
}

let registering = false;

/**
 * Registers the service worker for a signed-in member, whose card, loans and e-books it keeps for
 * offline use (docs/decisions/029-service-worker-for-members.md): once the page has loaded and the
 * browser is idle, so that neither a visitor's first visit nor the member's page waits for its
 * install. Once per page; a returning member's browser then checks for a new version.
 */
export function registerServiceWorker(): void {
  if (registering || !('serviceWorker' in navigator)) return;
  registering = true;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (a private window, an old browser): the app works online as before.
    });
  };
  const registerWhenIdle = () => whenIdle(register, 10_000);
  if (document.readyState === 'complete') registerWhenIdle();
  else window.addEventListener('load', registerWhenIdle, { once: true });
}
