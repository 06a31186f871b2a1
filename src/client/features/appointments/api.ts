/**
 * The server calls of study rooms and events (docs/product/rooms-and-events.md), one function
 * each; route loaders and actions call them (routes/appointment-loaders.ts, appointment-actions.ts).
 */
import type { BookingCreate } from '../../../common/room-schemas.ts';
import { api, apiFailure } from '../../lib/api-client.ts';

/** A day's slots and which are taken; the signed-in member's own are marked. */
export async function getAvailability(date: string | undefined, signal?: AbortSignal) {
  return (await api.get('/rooms/availability', { params: { date }, signal })).data;
}

/** The member's bookings from today on, or null for a visitor. */
export async function getMyBookings(signal?: AbortSignal) {
  try {
    return (await api.get('/bookings', { signal })).data;
  } catch (error) {
    if (apiFailure(error).status === 401) return null;
    throw error;
  }
}

export async function bookRoom(roomId: string, slot: BookingCreate) {
  return (await api.post('/rooms/{id}/bookings', slot, { id: roomId })).data.booking;
}

export async function cancelBooking(bookingId: string) {
  await api.delete('/bookings/{id}', { id: bookingId });
}

export async function checkIn(bookingId: string) {
  return (await api.post('/bookings/{id}/check-in', {}, { id: bookingId })).data;
}

export async function getDeskBookings(signal?: AbortSignal) {
  return (await api.get('/desk/bookings', { signal })).data;
}

export async function getEvents(signal?: AbortSignal) {
  return (await api.get('/events', { signal })).data;
}

/** The member's registrations, or null for a visitor. */
export async function getMyRegistrations(signal?: AbortSignal) {
  try {
    return (await api.get('/registrations', { signal })).data;
  } catch (error) {
    if (apiFailure(error).status === 401) return null;
    throw error;
  }
}

export async function registerFor(eventId: string) {
  return (await api.post('/events/{id}/registrations', {}, { id: eventId })).data;
}

export async function cancelRegistration(eventId: string) {
  await api.delete('/events/{id}/registrations/mine', { id: eventId });
}

export async function getEventRegistrations(eventId: string, signal?: AbortSignal) {
  return (await api.get('/events/{id}/registrations', { signal, path: { id: eventId } })).data;
}

export async function markAttendance(eventId: string, registrationId: string, attended: boolean) {
  await api.patch(
    '/events/{id}/registrations/{registrationId}',
    { attended },
    { id: eventId, registrationId },
  );
}

/** Where a browser downloads an event's calendar file. */
export const calendarUrl = (eventId: string) =>
  `/api/events/${encodeURIComponent(eventId)}/calendar.ics`;
