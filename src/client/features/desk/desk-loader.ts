/**
 * The desk's route loader (router.tsx): imported when the desk is opened, beside the page's
 * module and at the same time, so the desk's code never weighs on the other pages while its data
 * still starts before the page's module has arrived.
 */
import type { LoaderFunctionArgs } from 'react-router';
import {
  DESK_LOAN_STATUSES,
  getDeskHolds,
  getDeskLoans,
  getDeskMembers,
  getDeskStats,
  getCategoryOptions,
} from './api/desk-api.ts';
import { loadFailureResponse } from '../../lib/load-failure-response.ts';
import { isCalendarDay } from '../../../common/calendar.ts';
import { apiFailure } from '../../lib/api-client.ts';

/** The Scan tab first: lending and check-in by scanning is most of a desk's day. */
export const DESK_TABS = [
  'scan',
  'loans',
  'holds',
  'members',
  'catalogue',
  'stats',
  'bookings',
  'events',
] as const;
export type DeskTab = (typeof DESK_TABS)[number];
/** Rows on one page of the desk's loans and members. */
export const DESK_PAGE_SIZE = 20;

/** What the address asks the desk for: `/desk?tab=loans&status=overdue&q=rahim&page=2`. */
export function readDeskQuery(searchParams: URLSearchParams) {
  const tab: DeskTab = DESK_TABS.find((name) => name === searchParams.get('tab')) ?? 'scan';
  const status =
    DESK_LOAN_STATUSES.find((name) => name === searchParams.get('status')) ?? 'current';
  const page = Math.max(1, Math.trunc(Number(searchParams.get('page'))) || 1);
  const event = searchParams.get('event') ?? undefined;
  // The Room bookings tab's day; anything but a YYYY-MM-DD is the library's today.
  const asked = searchParams.get('date') ?? '';
  const date = isCalendarDay(asked) ? asked : undefined;
  return { tab, status, page, q: searchParams.get('q')?.trim() ?? '', event, date };
}
export type DeskQuery = ReturnType<typeof readDeskQuery>;

/**
 * The tabs whose panels another feature owns (room bookings and events, the appointments'): the
 * route table hands their loaders in, since features do not import each other.
 */
export interface OtherDeskTabs<Bookings, EventLists> {
  bookings(date: string | undefined, signal: AbortSignal): Promise<Bookings>;
  eventLists(event: string | undefined, signal: AbortSignal): Promise<EventLists>;
}

/** The open tab's data: each tab asks only for what it shows. */
async function deskData<Bookings, EventLists>(
  { tab, status, page, q, event, date }: DeskQuery,
  others: OtherDeskTabs<Bookings, EventLists>,
  signal: AbortSignal,
) {
  const list = { q, page, limit: DESK_PAGE_SIZE };
  switch (tab) {
    case 'loans':
      return { loans: await getDeskLoans({ ...list, status }, signal) };
    case 'holds':
      return { holds: await getDeskHolds(signal) };
    case 'members':
      return { members: await getDeskMembers(list, signal) };
    case 'stats':
      return { stats: await getDeskStats(signal) };
    case 'catalogue':
      return { categories: await getCategoryOptions(signal) };
    case 'scan':
      return {};
    case 'bookings':
      return { bookings: await others.bookings(date, signal) };
    case 'events':
      return { eventLists: await others.eventLists(event, signal) };
  }
}

/**
 * The desk (librarians only): the open tab's data, or `access` saying why there is none. A
 * visitor's null is the guarded pages' rule (the guard sends them to sign in); a member is told
 * the desk is not theirs. The scan and catalogue tabs load nothing, so their access is read from
 * stats.
 */
export async function loadDesk<Bookings, EventLists>(
  { request }: LoaderFunctionArgs,
  others: OtherDeskTabs<Bookings, EventLists>,
) {
  const query = readDeskQuery(new URL(request.url).searchParams);
  try {
    if (query.tab === 'catalogue' || query.tab === 'scan') await getDeskStats(request.signal);
    const data = await deskData(query, others, request.signal);
    return { query, access: 'granted' as const, ...data };
  } catch (error) {
    const { status } = apiFailure(error);
    if (status === 401) return { query, access: 'signedOut' as const };
    if (status === 403) return { query, access: 'forbidden' as const };
    throw loadFailureResponse(error);
  }
}
