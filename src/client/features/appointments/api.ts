/**
 * The server calls of study rooms and events (docs/product/rooms-and-events.md), one function
 * each; route loaders and actions call them (appointment-loaders.ts, desk-appointment-loaders.ts, appointment-actions.ts).
 */
import type { BookingCreate, RoomCreate, RoomUpdate } from '../../../common/room-schemas.ts';
import type { EventCreate, EventUpdate } from '../../../common/event-schemas.ts';
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

/** A day's bookings of every room (the library's today when no date is given). */
export async function getDeskBookings(date: string | undefined, signal?: AbortSignal) {
  return (await api.get('/desk/bookings', { params: { date }, signal })).data;
}

export async function getRooms(signal?: AbortSignal) {
  return (await api.get('/rooms', { signal })).data;
}

export async function addRoom(room: RoomCreate) {
  return (await api.post('/rooms', room)).data;
}

export async function updateRoom(roomId: string, changes: RoomUpdate) {
  return (await api.patch('/rooms/{id}', changes, { id: roomId })).data;
}

export async function addEvent(event: EventCreate) {
  return (await api.post('/events', event)).data;
}

export async function updateEvent(eventId: string, changes: EventUpdate) {
  return (await api.patch('/events/{id}', changes, { id: eventId })).data;
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
