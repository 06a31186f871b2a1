import { locale } from './i18n.ts';

const pad = (value: number) => String(value).padStart(2, '0');

/** Today in the member's own time zone as YYYY-MM-DD; toISOString would give the UTC day. */
export function todayLocal(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const readableDate = new Intl.DateTimeFormat(locale, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A calendar date (YYYY-MM-DD) as people read it, e.g. 5 Mar 2025; anything else as given. */
export function formatDate(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : readableDate.format(date);
}

const readableInstant = new Intl.DateTimeFormat(locale, {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
});

/** An instant (ISO) in the member's own time zone, e.g. 5 Mar, 14:30. */
export function formatInstant(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : readableInstant.format(date);
}
