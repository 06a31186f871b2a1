/**
 * Study rooms and events as a member uses them from a phone (docs/product/rooms-and-events.md):
 * book a room from the day's grid in two clicks and cancel it; join a full event's waiting list,
 * get the seat when someone cancels, and see it. The same journeys in Bangla. Each journey uses
 * a room, a slot and an event of its own, since the database lives as long as the run.
 */
import type { Browser } from '@playwright/test';
import { dayIn } from '../../src/common/calendar.ts';
import { nthOpenDay } from '../../src/common/opening-hours.ts';
import { expect, memberDraft, signUpThroughApi, test } from './fixtures.ts';
import { E2E_LIBRARIANS } from './librarians.ts';
import { LATER_DAYS } from './later-library.ts';
import { uniqueTitle } from './library-api.ts';

/**
 * The second day on which the library opens: every slot of it can still be booked, and it lies
 * past the later library's clock (LATER_DAYS on). That server shares the database, and its minute's
 * sweep released a booking of tomorrow morning as a no-show between its booking and its
 * cancellation ("This booking has started", 2 runs in 30 here, and in CI).
 */
const OPEN_DAY = nthOpenDay(
  { opens: '09:00', closes: '20:00', closedDays: ['fri'], timeZone: 'Asia/Dhaka' },
  dayIn('Asia/Dhaka', new Date()),
  LATER_DAYS + 1,
);

const PHONE = { width: 375, height: 812 };

const languages = {
  en: {
    room: 'Group Room B',
    slot: /^Group Room B, 10:00 to 11:00: Free$/,
    book: 'Book',
    booked: 'Room booked',
    myBookings: 'My bookings',
    cancel: /^Cancel Group Room B/,
    confirmCancel: 'Yes, cancel it',
    noBookings: 'You have no bookings from today on.',
    joinWaitingList: /^Join the waiting list/,
    waiting: 'You are number 1 on the waiting list',
    registered: 'You are registered',
    cancelRegistration: /^Cancel registration/,
    librarian: E2E_LIBRARIANS.events,
  },
  bn: {
    room: 'Seminar Room',
    slot: /^Seminar Room, ১১:০০ সকাল থেকে ১২:০০ দুপুর: খালি$/,
    book: 'বুক করুন',
    booked: 'রুম বুক হয়েছে',
    myBookings: 'আমার বুকিং',
    cancel: /^বাতিল করুন Seminar Room/,
    confirmCancel: 'হ্যাঁ, বাতিল করুন',
    noBookings: 'আজ থেকে আপনার কোনো বুকিং নেই।',
    joinWaitingList: /^অপেক্ষার তালিকায় যোগ দিন/,
    waiting: 'অপেক্ষার তালিকায় আপনি ১ নম্বরে',
    registered: 'আপনার নিবন্ধন হয়েছে',
    cancelRegistration: /^নিবন্ধন বাতিল করুন/,
    librarian: E2E_LIBRARIANS.eventsBangla,
  },
} as const;

/** A signed-in page of its own, speaking `language`, with its XSRF header for API calls. */
async function apiMember(browser: Browser, baseURL: string, language: string, email?: string) {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'lang', value: language, url: baseURL }]);
  const page = await context.newPage();
  await signUpThroughApi(page.request, memberDraft(email ? { email } : {}), baseURL);
  await page.request.get('/api/health');
  const token = (await context.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  return { page, headers: { 'X-XSRF-TOKEN': token ?? '' } };
}

for (const [language, words] of Object.entries(languages)) {
  test.describe(`in ${language === 'en' ? 'English' : 'Bangla'}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: 'lang', value: language, url: baseURL ?? '' }]);
    });

    test('a member books a room on a phone in two clicks and cancels it', async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize(PHONE);
      await signUpThroughApi(page.request, memberDraft(), baseURL);
      await page.goto(`/study-rooms?date=${OPEN_DAY}`);

      // Two clicks: the slot, then the confirmation.
      await page.getByRole('button', { name: words.slot }).click();
      await page.getByRole('dialog').getByRole('button', { name: words.book, exact: true }).click();
      await expect(page.getByText(words.booked)).toBeVisible();
      const mine = page.getByRole('region', { name: words.myBookings });
      await expect(mine.getByRole('listitem').filter({ hasText: words.room })).toBeVisible();

      await mine.getByRole('button', { name: words.cancel }).click();
      await page.getByRole('dialog').getByRole('button', { name: words.confirmCancel }).click();
      await expect(mine.getByText(words.noBookings)).toBeVisible();
      await expect(page.getByRole('button', { name: words.slot })).toBeEnabled();
    });

    test('a member joins a full event’s waiting list and gets the seat when someone cancels', async ({
      page,
      baseURL,
      browser,
    }) => {
      const base = baseURL ?? '';
      const title = uniqueTitle('Poetry Evening');
      const desk = await apiMember(browser, base, language, words.librarian);
      const created = await desk.page.request.post('/api/events', {
        headers: desk.headers,
        data: {
          title,
          place: 'Auditorium',
          capacity: 1,
          startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
          endsAt: new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString(),
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { _id: eventId } = (await created.json()) as { _id: string };
      const seated = await apiMember(browser, base, language);
      const taken = await seated.page.request.post(`/api/events/${eventId}/registrations`, {
        headers: seated.headers,
      });
      expect(taken.status()).toBe(201);

      await page.setViewportSize(PHONE);
      await signUpThroughApi(page.request, memberDraft(), baseURL);
      await page.goto('/events');
      const card = page.getByRole('article').filter({ hasText: title });
      await card.getByRole('button', { name: words.joinWaitingList }).click();
      await expect(card.getByText(words.waiting)).toBeVisible();

      const left = await seated.page.request.delete(`/api/events/${eventId}/registrations/mine`, {
        headers: seated.headers,
      });
      expect(left.status()).toBe(200);
      await page.reload();
      await expect(card.getByText(words.registered)).toBeVisible();
      await expect(card.getByRole('button', { name: words.cancelRegistration })).toBeVisible();
    });
  });
}
