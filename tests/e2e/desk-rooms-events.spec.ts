/**
 * Rooms and events at the desk (docs/product/rooms-and-events.md): a librarian adds a room and
 * changes its capacity, chooses another day's bookings by the day fields (written in the page's
 * language), creates an event and raises its capacity; lowering it below those registered is
 * refused in the page's words. Each tab in English and Bangla, light and dark, 1280 and 375 px.
 */
import type { Page } from '@playwright/test';
import { addDays } from '../../src/common/calendar.ts';
import { librarianAndReader } from './desk-people.ts';
import { expect, memberDraft, signUpThroughApi, test } from './fixtures.ts';
import { libraryToday, uniqueTitle, xsrfHeaders } from './library-api.ts';
import { checkBothWidths, dressAs, LOOKS } from './looks.ts';

async function confirmDialogSays(page: Page, text: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(text, { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * The booking's member is shown whole: on a phone in a card (the table, whose member column
 * squeezed names until they broke mid-word, is hidden there), from 640 px in the table.
 */
async function expectBookingShown(page: Page, member: string) {
  const narrow = (page.viewportSize()?.width ?? 1280) < 640;
  const cards = page.locator('[data-bookings-cards]');
  const table = page.locator('[data-bookings-table]');
  await expect(narrow ? cards : table).toBeVisible({ timeout: 20_000 });
  await expect(narrow ? table : cards).toBeHidden();
  const name = (narrow ? cards : table).locator('[data-booking-member]', { hasText: member });
  await expect(name).toBeVisible();
  // One line box: a name wrapped inside a squeezed column has one per line.
  const lines = await name.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return range.getClientRects().length;
  });
  expect(lines).toBe(1);
}

test('a librarian adds and edits a room, picks a day’s bookings, and creates and edits an event', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const reader = await librarianAndReader(
    { page, browser, baseURL },
    { name: 'Rooms Librarian', address: 'rooms' },
    'Booking Reader',
  );
  const room = uniqueTitle('Reading Room');
  await page.goto('/desk?tab=bookings');
  const newRoom = page.getByTestId('room-form').last();
  await newRoom.getByLabel('Name').fill(room);
  await newRoom.getByLabel('Up to how many people').fill('6');
  await newRoom.getByLabel('Description').fill('A quiet room by the windows.');
  await newRoom.getByRole('button', { name: 'Add Room' }).click();
  await expect(page.getByText(`Edit ${room}`)).toBeVisible({ timeout: 20_000 });
  await page.getByText(`Edit ${room}`).click();
  const edit = page.locator('details', { hasText: `Edit ${room}` }).getByTestId('room-form');
  await edit.getByLabel('Up to how many people').fill('8');
  await edit.getByRole('button', { name: 'Save Room' }).click();
  await expect(page.getByText(`${room} saved`)).toBeVisible();
  const rooms = (await (await page.request.get('/api/rooms')).json()) as {
    name: string;
    capacity: number;
  }[];
  expect(rooms.find((listed) => listed.name === room)?.capacity).toBe(8);
  const invalid = page.getByTestId('room-form').last();
  await invalid.getByLabel('Name').fill(' ');
  await invalid.getByRole('button', { name: 'Add Room' }).click();
  await confirmDialogSays(page, 'A room needs a name');

  // Another day's bookings: a member's booking two days on, found by the day fields.
  const today = await libraryToday(page);
  const availability = (await (
    await reader.request.get(`/api/rooms/availability?date=${addDays(today, 2)}`)
  ).json()) as {
    date: string;
    open: boolean;
    slots: string[];
    rooms: { _id: string; name: string }[];
  };
  const roomId = availability.rooms.find((listed) => listed.name === room)?._id ?? '';
  let day = addDays(today, 2);
  for (let ahead = 2; ahead < 7; ahead += 1) {
    day = addDays(today, ahead);
    const open = (await (
      await reader.request.get(`/api/rooms/availability?date=${day}`)
    ).json()) as { open: boolean; slots: string[] };
    if (!open.open) continue;
    const booked = await reader.request.post(`/api/rooms/${roomId}/bookings`, {
      data: { date: day, start: open.slots[0], end: open.slots[1] },
      headers: await xsrfHeaders(reader),
    });
    expect(booked.status(), await booked.text()).toBe(201);
    break;
  }
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  await page.goto('/desk?tab=bookings');
  const chooser = page.getByRole('form', { name: 'Go to a day' });
  await chooser.getByRole('combobox', { name: 'Day', exact: true }).selectOption(String(date));
  await chooser.getByRole('combobox', { name: 'Month' }).selectOption(String(month));
  await chooser.getByRole('combobox', { name: 'Year' }).selectOption(String(year));
  await chooser.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`date=${day}`));
  await expect(page.locator('table')).toContainText('Booking Reader', { timeout: 20_000 });
  await page.getByRole('link', { name: 'Previous Day' }).click();
  await expect(page).toHaveURL(new RegExp(`date=${addDays(day, -1)}`));
  for (const look of LOOKS) {
    await dressAs(page, look);
    await page.goto(`/desk?tab=bookings&date=${day}`);
    await checkBothWidths(page, 'desk bookings', look, async () => {
      await expectBookingShown(page, 'Booking Reader');
    });
  }

  // An event created at the desk, its capacity raised, then lowered below those registered.
  await dressAs(page, { language: 'en', theme: 'light' });
  const title = uniqueTitle('Poetry Reading');
  await page.goto('/desk?tab=events');
  const create = page.getByTestId('new-event');
  await create.getByLabel('Title').fill(title);
  await create.getByLabel('Place').fill('Auditorium');
  await create.getByLabel('Seats').fill('1');
  await create.getByLabel('Description').fill('Poems read aloud by their poets.');
  const [eventYear, eventMonth, eventDate] = addDays(today, 3).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  await create.getByRole('combobox', { name: 'Day', exact: true }).selectOption(String(eventDate));
  await create.getByRole('combobox', { name: 'Month' }).selectOption(String(eventMonth));
  await create.getByRole('combobox', { name: 'Year' }).selectOption(String(eventYear));
  await create.getByRole('combobox', { name: 'Starts' }).selectOption('17:00');
  await create.getByRole('combobox', { name: 'Ends' }).selectOption('18:30');
  await create.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText(`${title} created`)).toBeVisible({ timeout: 20_000 });
  const events = (await (await page.request.get('/api/events')).json()) as {
    _id: string;
    title: string;
    capacity: number;
    startsAt: string;
    endsAt: string;
  }[];
  const event = events.find((listed) => listed.title === title);
  expect(event?.capacity).toBe(1);
  expect(Date.parse(event?.endsAt ?? '') - Date.parse(event?.startsAt ?? '')).toBe(90 * 60_000);
  for (const name of ['First Listener', 'Second Listener']) {
    const listener = await (await browser.newContext({ baseURL })).newPage();
    await signUpThroughApi(listener.request, memberDraft({ name }), baseURL);
    const registered = await listener.request.post(`/api/events/${event?._id}/registrations`, {
      headers: await xsrfHeaders(listener),
    });
    expect(registered.status()).toBe(201);
  }

  await page.goto(`/desk?tab=events&event=${event?._id}`);
  await page.getByText('Edit this event').click();
  const editEvent = page.getByTestId('edit-event');
  await editEvent.getByLabel('Seats').fill('3');
  await editEvent.getByRole('button', { name: 'Save Event' }).click();
  await expect(page.getByText(`${title} saved`)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('2 of 3 seats taken, 0 waiting')).toBeVisible();
  // The form stays open after a save, with the saved values.
  await editEvent.getByLabel('Seats').fill('1');
  await editEvent.getByRole('button', { name: 'Save Event' }).click();
  await confirmDialogSays(page, '2 members are registered: the capacity cannot be lower.');
  for (const look of LOOKS) {
    await dressAs(page, look);
    await page.goto(`/desk?tab=events&event=${event?._id}`);
    await checkBothWidths(page, 'desk events', look, async () => {
      await expect(page.getByTestId('new-event')).toBeVisible({ timeout: 20_000 });
    });
  }
});
