/**
 * Google sign-in in a 500×600 popup. The popup opens /oauth/start.html, which asks better-auth for
 * Google's consent page and goes there; Google sends it back to /oauth/done.html, which posts
 * `{ type, error }` to this window and closes.
 *
 * Coming back from Google's origin, the popup can lose its link to the opener (Cross-Origin-Opener-
 * Policy puts it in a new browsing context group, and the opener then sees it as closed). So a
 * popup that closed without a report is checked against the session before it counts as abandoned.
 */
import { t } from '../../lib/i18n.ts';
import { AuthError } from './auth-error.ts';

const POPUP_URL = '/oauth/start.html';
const POPUP_NAME = 'pathagar-google-sign-in';
const MESSAGE_TYPE = 'pathagar:google-sign-in';
const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 600;
const CLOSED_POLL_MS = 500;

interface PopupReport {
  type: typeof MESSAGE_TYPE;
  error: string | null;
}

const isPopupReport = (data: unknown): data is PopupReport =>
  typeof data === 'object' && data !== null && (data as PopupReport).type === MESSAGE_TYPE;

function openCenteredPopup(): Window | null {
  const left = Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  return window.open(
    POPUP_URL,
    POPUP_NAME,
    `popup,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`,
  );
}

/** The report and the closing can arrive in either order; whichever comes first settles it. */
function waitForPopup(popup: Window, isSignedIn: () => Promise<boolean>): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      window.removeEventListener('message', onMessage);
      window.clearInterval(closedTimer);
      if (error) reject(new AuthError(error, 'AUTH_ERROR'));
      else resolve();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin && isPopupReport(event.data))
        finish(event.data.error);
    };
    const closedTimer = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(closedTimer);
      void isSignedIn().then(
        (signedIn) => finish(signedIn ? null : t.authMessages.googlePopupClosed),
        () => finish(t.authMessages.googlePopupClosed),
      );
    }, CLOSED_POLL_MS);
    window.addEventListener('message', onMessage);
  });
}

export async function signInWithGooglePopup(isSignedIn: () => Promise<boolean>): Promise<void> {
  const popup = openCenteredPopup();
  if (!popup) throw new AuthError(t.authMessages.googlePopupBlocked, 'AUTH_ERROR');
  popup.focus();
  return waitForPopup(popup, isSignedIn);
}
