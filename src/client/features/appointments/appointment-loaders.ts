/**
 * The route loaders of the study rooms and events pages (router.tsx), kept out of the lazily
 * loaded page modules like loaders.ts, so their data starts while the pages' code downloads.
 * A visitor gets the public data and null for what would be theirs.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { getAvailability, getEvents, getMyBookings, getMyRegistrations } from './api.ts';
import { loadFailureResponse } from '../../lib/load-failure-response.ts';
import { getCirculationRules } from '../../lib/get-rules.ts';
import { whenSignedIn } from '../../lib/when-signed-in.ts';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** `/study-rooms?date=2026-11-27`: that day's grid (today's by default) and the member's bookings. */
export async function loadStudyRooms({ request }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get('date') ?? '';
  const date = DAY_PATTERN.test(asked) ? asked : undefined;
  try {
    const [availability, bookings] = await Promise.all([
      getAvailability(date, request.signal),
      whenSignedIn(() => getMyBookings(request.signal)),
    ]);
    return { availability, bookings };
  } catch (error) {
    throw loadFailureResponse(error);
  }
}

/** The upcoming events, the member's registrations, and the time zone events are told in. */
export async function loadEvents({ request }: LoaderFunctionArgs) {
  try {
    const [events, registrations, rules] = await Promise.all([
      getEvents(request.signal),
      whenSignedIn(() => getMyRegistrations(request.signal)),
      getCirculationRules(request.signal),
    ]);
    return { events, registrations, timeZone: rules.timeZone };
  } catch (error) {
    throw loadFailureResponse(error);
  }
}
