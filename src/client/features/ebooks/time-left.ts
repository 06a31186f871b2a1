import { tPages } from '../../lib/page-texts.ts';
import { formatInstant } from '../loans/lib/local-date.ts';

const HOUR_MS = 60 * 60 * 1000;

/** How long an e-loan has left, in days (or hours on its last day), and when it ends. */
export function timeLeft(expiresAt: string, now = Date.now()): string {
  const texts = tPages.digitalLibraryTexts;
  const hours = Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / HOUR_MS));
  const left = hours >= 24 ? texts.daysLeft(Math.floor(hours / 24)) : texts.hoursLeft(hours);
  return texts.timeLeft(left, formatInstant(expiresAt));
}
