/**
 * The desk's Room bookings and Events tabs' data (the desk's loader, features/desk/desk-loader.ts,
 * is handed these by the route table and loads with them, only when the desk is opened).
 */
import { dayIn } from '../../../common/calendar.ts';
import { getDeskBookings, getEventRegistrations, getEvents, getRooms } from './api.ts';
import { getCirculationRules } from '../../lib/get-rules.ts';

/** A day's bookings (the library's today by default), that day, and the rooms to edit. */
async function deskBookings(date: string | undefined, signal: AbortSignal) {
  const [rules, rooms] = await Promise.all([getCirculationRules(signal), getRooms(signal)]);
  const today = dayIn(rules.timeZone, new Date());
  const day = date ?? today;
  return { day, today, rooms, items: await getDeskBookings(day, signal) };
}

/** The upcoming events, and the registrations of the one asked for (the first by default). */
async function deskEventLists(asked: string | undefined, signal: AbortSignal) {
  const [events, rules, rooms] = await Promise.all([
    getEvents(signal),
    getCirculationRules(signal),
    getRooms(signal),
  ]);
  const shown = events.find((event) => event._id === asked) ?? events[0];
  const registrations = shown ? await getEventRegistrations(shown._id, signal) : [];
  return { events, shown, registrations, rooms, timeZone: rules.timeZone };
}

export const appointmentDeskTabs = { bookings: deskBookings, eventLists: deskEventLists };
