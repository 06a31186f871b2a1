/**
 * The one table from the server's error codes (and the client's own events) to their dialogs;
 * the words themselves are the current language's catalogue (lib/i18n.ts, common/i18n/), whose
 * English reproduces docs/product.md#errors. Also the timings of docs/product.md#timings.
 */
import type { ErrorCode } from '../../common/error-codes.ts';
import type { Message } from '../../common/i18n/message.ts';
import { t } from './i18n.ts';

export type { Message };

/** Maps a borrow failure code from the API to its dialog. */
export function borrowFailureMessage(code: ErrorCode | undefined): Message {
  switch (code) {
    case 'BOOK_NOT_FOUND':
    case 'NOT_AVAILABLE':
    case 'ALREADY_BORROWED':
    case 'LIMIT_REACHED':
    case 'OVERDUE_LOANS':
    case 'MEMBER_BLOCKED':
    case 'FINES_OWED':
    case 'MEMBERSHIP_EXPIRED':
      return t.borrowRefusalMessages[code];
    case 'EMAIL_NOT_VERIFIED':
      return t.emailNotVerifiedMessage;
    default:
      return t.borrowRefusalMessages.OTHER;
  }
}

/** What the sign-up form shows for a failure the server reports. */
export function registrationFailureMessage(
  code: ErrorCode | undefined,
  serverText: string,
): Message {
  if (code === 'EMAIL_EXISTS') return t.registerMessages.emailInUse;
  if (code === 'WEAK_PASSWORD') return t.registerMessages.weakPasswordServer;
  if (code === 'RATE_LIMITED') return t.rateLimitedMessage;
  return { title: t.registerMessages.failedTitle, text: serverText };
}

/** The dialog for a refused renewal or hold. */
export function circulationFailureMessage(code: ErrorCode | undefined): Message {
  const refusals: Partial<Record<ErrorCode, Message>> = t.circulationMessages.refusals;
  return (code && refusals[code]) || t.circulationMessages.failed;
}

/** Why an image was not taken (docs/product.md#images): shown under the image field. */
export function imageFailureMessage(code: ErrorCode | undefined): string {
  const failures: Partial<Record<ErrorCode, string>> = t.imageFailureMessages;
  return (code && failures[code]) || t.imageFailureMessages.OTHER;
}

/** Timings of docs/product.md#timings, in milliseconds. */
export const timings = {
  toast: 1500,
  logoutToast: 1500,
  redirectAfterRegister: 1500,
  redirectAfterBorrow: 1500,
  redirectAfterAdd: 1600,
  bannerAutoplay: 4000,
  counterDuration: 3000,
  categoryStagger: 100,
} as const;
