/**
 * The route actions of the study rooms and events pages: each asks where it must, calls the API,
 * tells the member how it went, and lets React Router load the page's data again.
 */
import type { ActionFunctionArgs } from 'react-router';
import {
  bookRoom,
  cancelBooking,
  cancelRegistration,
  checkIn,
  markAttendance,
  registerFor,
} from '../features/appointments/api.ts';
import { tAppointments } from '../features/appointments/texts.ts';
import { apiFailure } from '../lib/api-client.ts';
import { confirmDialog, showAlert, showToast } from '../lib/dialogs.ts';

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

/** The desk's intents of rooms and events (desk-actions.ts): a check-in and a mark of attendance. */
export const deskAppointmentIntents = {
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
