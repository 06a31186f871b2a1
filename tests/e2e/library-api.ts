/**
 * Puts the library into a known state through the API, as the signed-in member of a page, so that
 * journeys start from books and loans they made themselves rather than from the shared demo data.
 */
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { BookCreate } from '../../src/common/schemas.ts';
import { addDays } from '../../src/common/calendar.ts';
import type { Book, CirculationRules, InsertResult } from '../../src/common/types.ts';

/** Unique words, so that a test finds its own book among everyone else's. */
export const uniqueTitle = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

/** The page's XSRF cookie, echoed as a header on unsafe requests the way the app's client does. */
export async function xsrfHeaders(page: Page): Promise<Record<string, string>> {
  const find = async () =>
    (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  let token = await find();
  if (!token) {
    await page.request.get('/api/health');
    token = await find();
  }
  expect(token, 'the server sets an XSRF-TOKEN cookie').toBeTruthy();
  return { 'X-XSRF-TOKEN': token ?? '' };
}

export function bookDraft(overrides: Partial<BookCreate> = {}): BookCreate {
  return {
    name: uniqueTitle('Test Book'),
    author: 'Test Author',
    category: 'Novel',
    quantity: 2,
    rating: 4.5,
    shortDescription: 'A book made by an end-to-end test.',
    image: '/covers/pather-panchali.svg',
    content: 'The first paragraph of the content.\n\nThe second paragraph of the content.',
    ...overrides,
  };
}

/** Adds a book as the page's member; answers the book as the API now holds it. */
export async function addBook(page: Page, overrides: Partial<BookCreate> = {}): Promise<Book> {
  const response = await page.request.post('/api/books', {
    data: bookDraft(overrides),
    headers: await xsrfHeaders(page),
  });
  expect(response.status(), await response.text()).toBe(201);
  const { insertedId } = (await response.json()) as InsertResult;
  return getBook(page, insertedId);
}

export async function getBook(page: Page, id: string): Promise<Book> {
  const response = await page.request.get(`/api/books/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Book;
}

export async function setQuantity(page: Page, book: Book, quantity: number) {
  const response = await page.request.patch(`/api/books/${book._id}`, {
    data: { name: book.name, author: book.author, quantity },
    headers: await xsrfHeaders(page),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The library's today (its own calendar, not the test machine's), as the server tells it. */
export async function libraryToday(page: Page): Promise<string> {
  const response = await page.request.get('/api/circulation/rules');
  return ((await response.json()) as CirculationRules).today;
}

/**
 * Borrows a book as the page's member for `days` days, from today or (`fromYesterday`, which the
 * rules accept for members' clocks) from yesterday; answers the loan's id.
 */
export async function borrowBook(
  page: Page,
  bookId: string,
  days = 14,
  fromYesterday = false,
): Promise<string> {
  const borrowedDate = addDays(await libraryToday(page), fromYesterday ? -1 : 0);
  const response = await page.request.post('/api/borrowedBooks', {
    data: { bookId, borrowedDate, returnDate: addDays(borrowedDate, days) },
    headers: await xsrfHeaders(page),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as InsertResult).insertedId;
}

/** Returns a loan as the page's member. */
export async function returnBook(page: Page, loanId: string): Promise<void> {
  const response = await page.request.delete(`/api/borrowedBooks/${loanId}`, {
    headers: await xsrfHeaders(page),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** How the app writes a calendar day, e.g. 5 Mar 2025. */
export const spelledOut = (isoDate: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));

/** Places a hold on a book as the page's member; answers the hold's id. */
export async function placeHold(page: Page, bookId: string): Promise<string> {
  const response = await page.request.post('/api/holds', {
    data: { bookId },
    headers: await xsrfHeaders(page),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as InsertResult).insertedId;
}
