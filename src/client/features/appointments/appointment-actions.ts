/**
 * The route actions of the study rooms and events pages: each asks where it must, calls the API,
 * tells the member how it went, and lets React Router load the page's data again.
 */
import type { ActionFunctionArgs } from 'react-router';
import {
  addEvent,
  addRoom,
  bookRoom,
  cancelBooking,
  cancelRegistration,
  checkIn,
  markAttendance,
  registerFor,
  updateEvent,
  updateRoom,
} from './api.ts';
import { tAppointments } from './texts.ts';
import { instantAt } from '../../../common/opening-hours.ts';
import { apiFailure } from '../../lib/api-client.ts';
import { confirmDialog, showAlert, showToast } from '../../lib/dialogs.ts';

async function refused(
  error: unknown,
  texts: { refusedTitle: string; refusals: Record<string, string> },
) {
  const { code } = apiFailure(error);
  await showAlert('error', texts.refusedTitle, texts.refusals[code ?? ''] ?? texts.refusals.OTHER);
}

/**
 * Form fields: `intent` (book, cancel or checkIn); for book `roomId`, `date`, `start`, `end`
 * and the words of the confirmation (`room`, `when`, `from`, `to`); for the others `id`.
 */
export async function studyRoomsAction({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? '');
  const texts = tAppointments.rooms;
  try {
    switch (field('intent')) {
      case 'book': {
        const ask = texts.confirmBooking(field('room'), field('when'), field('from'), field('to'));
        if (!(await confirmDialog(ask.title, ask.text, ask.confirm, ask.cancel))) return null;
        await bookRoom(field('roomId'), {
          date: field('date'),
          start: field('start'),
          end: field('end'),
        });
        void showToast('success', texts.booked, texts.bookedText);
        return null;
      }
      case 'cancel': {
        const ask = texts.confirmCancel(field('room'), field('when'));
        if (!(await confirmDialog(ask.title, ask.text, ask.confirm, ask.cancel))) return null;
        await cancelBooking(field('id'));
        void showToast('success', texts.cancelled);
        return null;
      }
      case 'checkIn':
        await checkIn(field('id'));
        void showToast('success', texts.checkedIn);
        return null;
    }
  } catch (error) {
    await refused(error, texts);
  }
  return null;
}

/** Form fields: `intent` (register or unregister), `id` (the event's) and its `title`. */
export async function eventsAction({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const id = String(form.get('id') ?? '');
  const texts = tAppointments.events;
  try {
    if (form.get('intent') === 'register') {
      const { status, position } = await registerFor(id);
      void showToast(
        'success',
        status === 'registered' ? texts.registeredToast : texts.waitingToast(position ?? 0),
      );
    } else {
      const ask = texts.confirmCancel(String(form.get('title') ?? ''));
      if (!(await confirmDialog(ask.title, ask.text, ask.confirm, ask.cancel))) return null;
      await cancelRegistration(id);
      void showToast('success', texts.cancelledToast);
    }
  } catch (error) {
    await refused(error, texts);
  }
  return null;
}

/** The desk's intents of rooms and events (the desk's action): a check-in and a mark of attendance. */
/** A room's fields as the desk's form sends them. */
const roomFields = (form: FormData) => ({
  name: String(form.get('name') ?? '').trim(),
  capacity: Number(form.get('capacity')),
  seats: Number(form.get('seats')),
  description: String(form.get('description') ?? '').trim(),
});

async function roomRefused(error: unknown) {
  const texts = tAppointments.desk;
  const { code, message } = apiFailure(error);
  await showAlert('error', texts.roomRefused, code === 'VALIDATION' ? texts.roomInvalid : message);
}

/** An event's fields as the desk's form sends them: the day and times on the library's clock. */
function eventFields(form: FormData) {
  const field = (name: string) => String(form.get(name) ?? '').trim();
  const at = (time: string) => instantAt(field('timeZone'), field('day'), time).toISOString();
  return {
    title: field('title'),
    place: field('place'),
    description: field('description'),
    capacity: Number(form.get('capacity')),
    roomId: field('roomId') || null,
    startsAt: at(field('start')),
    endsAt: at(field('end')),
  };
}

/**
 * The server's refusal in the page's language: a capacity below those registered (the form sends
 * how many are), or what a valid event needs; else the server's own words.
 */
async function eventRefused(error: unknown, form: FormData) {
  const texts = tAppointments.desk;
  const { code, message } = apiFailure(error);
  const words =
    code === 'CAPACITY_BELOW_REGISTERED'
      ? texts.capacityBelow(Number(form.get('registered')))
      : code === 'VALIDATION'
        ? texts.eventInvalid
        : message;
  await showAlert('error', texts.eventRefused, words);
}

export const deskAppointmentIntents = {
  async addEvent(form: FormData) {
    const event = eventFields(form);
    try {
      await addEvent(event);
      void showToast('success', tAppointments.desk.eventCreated(event.title));
    } catch (error) {
      await eventRefused(error, form);
    }
    return null;
  },
  async updateEvent(form: FormData) {
    const event = eventFields(form);
    try {
      await updateEvent(String(form.get('id') ?? ''), event);
      void showToast('success', tAppointments.desk.eventSaved(event.title));
    } catch (error) {
      await eventRefused(error, form);
    }
    return null;
  },
  async addRoom(form: FormData) {
    const room = roomFields(form);
    try {
      await addRoom(room);
      void showToast('success', tAppointments.desk.roomAdded(room.name));
    } catch (error) {
      await roomRefused(error);
    }
    return null;
  },
  async updateRoom(form: FormData) {
    const room = roomFields(form);
    try {
      await updateRoom(String(form.get('id') ?? ''), room);
      void showToast('success', tAppointments.desk.roomSaved(room.name));
    } catch (error) {
      await roomRefused(error);
    }
    return null;
  },
  async checkInBooking(form: FormData) {
    try {
      await checkIn(String(form.get('id') ?? ''));
      void showToast('success', tAppointments.desk.checkedIn);
    } catch (error) {
      await refused(error, tAppointments.rooms);
    }
    return null;
  },
  async attendance(form: FormData) {
    try {
      await markAttendance(
        String(form.get('eventId') ?? ''),
        String(form.get('id') ?? ''),
        form.get('attended') === 'true',
      );
    } catch (error) {
      await refused(error, tAppointments.events);
    }
    return null;
  },
};
