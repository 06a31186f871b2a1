/**
 * What every row of the role matrix shares: who calls, the ids of the world each row is called
 * in, and the fixtures rows upload or name. The rows themselves are in the files beside this one.
 */
import { type EndpointName } from '../../../src/common/api/endpoints.ts';
import { dayIn } from '../../../src/common/calendar.ts';
import { nthOpenDay } from '../../../src/common/opening-hours.ts';
import { writeEpub } from '../../../src/server/ebooks/epub-writer.ts';
import type { Agent } from '../../support/agent.ts';
import { addBook, signUp, loanDates } from '../../support/agent.ts';
import { multipartBody, smallImage } from '../../support/image-files.ts';
import { type TestApp } from '../../support/test-app.ts';

export type Caller = 'visitor' | 'owner' | 'other' | 'librarian';
export const callers = ['visitor', 'owner', 'other', 'librarian'] as const;

export interface Ids {
  bookId: string;
  loanId: string;
  ownerId: string;
  ownerEmail: string;
  outBookId: string;
  holdId: string;
  /** A book nobody borrows or holds: it can be withdrawn. */
  quietBookId: string;
  /** Where an image the owner uploaded is served. */
  imageUrl: string;
  /** The owner's library card, a copy of the quiet book, and the copy the owner has on loan. */
  ownerCard: string;
  quietCopyId: string;
  quietBarcode: string;
  lentBarcode: string;
  /** The digital library's fixtures, made only for the rows that need them. */
  ebooks: () => Promise<EbookIds>;
  /** Rooms and events, made only for the rows that ask for them (see `Row.appointments`). */
  appointments?: Appointments;
  /** A fine of 30 taka the owner owes. */
  fineEntryId: string;
}

export interface Appointments {
  roomId: string;
  /** A room nobody booked: it can be deleted. */
  quietRoomId: string;
  /** The owner's booking, not yet started. */
  bookingId: string;
  /** An event the owner is registered for, and their registration. */
  eventId: string;
  registrationId: string;
}

/**
 * `lentId`: a lent title with two copies, one on loan to the owner (`loanId`); `fullId`: a lent
 * title whose one copy another member has, on whose waiting list the owner is (`waitId`).
 */
export interface EbookIds {
  lentId: string;
  loanId: string;
  fullId: string;
  waitId: string;
}

/** A book with a lent e-book of `copies` copies, added and uploaded by the librarian. */
export async function lentEbook(librarian: Agent, copies: number): Promise<string> {
  const bookId = await addBook(librarian, { quantity: 1 });
  const { payload, headers } = multipartBody(
    Buffer.from(
      writeEpub({
        identifier: `urn:uuid:${bookId}`,
        title: 'Matrix',
        author: 'Tester',
        language: 'en',
        chapters: [{ title: 'One', paragraphs: ['A page.'] }],
      }),
    ),
    { filename: 'book.epub', type: 'application/epub+zip' },
  );
  await librarian.request({ method: 'PUT', url: `/api/books/${bookId}/ebook`, payload, headers });
  if (copies !== 1) await librarian.patch(`/api/books/${bookId}/ebook`, { copies });
  return bookId;
}

export async function ebookWorld(
  app: TestApp['app'],
  librarian: Agent,
  owner: Agent,
): Promise<EbookIds> {
  const [lentId, fullId] = await Promise.all([lentEbook(librarian, 2), lentEbook(librarian, 1)]);
  const loan = await owner.post<{ loan: { _id: string } }>(`/api/ebooks/${lentId}/loans`);
  await (await signUp(app, 'Reader')).agent.post(`/api/ebooks/${fullId}/loans`);
  await owner.post(`/api/ebooks/${fullId}/waitlist`);
  const waits = await owner.get<{ _id: string }[]>('/api/ebooks/waitlist');
  return { lentId, loanId: loan.body.loan._id, fullId, waitId: waits.body[0]?._id ?? '' };
}

export const epubUpload = () => {
  const bytes = writeEpub({
    identifier: 'urn:uuid:matrix-upload',
    title: 'Upload',
    author: 'Tester',
    language: 'en',
    chapters: [{ title: 'One', paragraphs: ['A page.'] }],
  });
  return multipartBody(Buffer.from(bytes), { filename: 'book.epub', type: 'application/epub+zip' });
};

export interface Row {
  name: string;
  /** The endpoint of the table (common/api/) the row calls; none for a page's address. */
  endpoint?: EndpointName;
  call: (agent: Agent, ids: Ids) => Promise<{ status: number }>;
  /** With CATALOGUE_EDITORS=members, the default. */
  expected: Record<Caller, number>;
  /** With CATALOGUE_EDITORS=librarians, for the rows it changes. */
  whenLibrariansEdit?: Record<Caller, number>;
  /** The row needs rooms and events, and none of the catalogue's books, loans or images. */
  appointments?: true;
}

export const deskOnly = { visitor: 401, owner: 403, other: 403, librarian: 200 };
export const librariansEdit = (librarian: number) => ({
  visitor: 401,
  owner: 403,
  other: 403,
  librarian,
});

export const dates = loanDates();

/** An open day of the library two open days from today, whose every slot can be booked. */
export const BOOKABLE_DAY = nthOpenDay(
  { opens: '09:00', closes: '20:00', closedDays: ['fri'], timeZone: 'Asia/Dhaka' },
  dayIn('Asia/Dhaka', new Date()),
  2,
);
export const eventFields = {
  title: 'Meet the Author',
  place: 'Auditorium',
  capacity: 20,
  startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  endsAt: new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString(),
};

/** Uploads a small PNG as `agent` (docs/product.md#images). */
export async function uploadPng(agent: Agent) {
  const { payload, headers } = multipartBody(await smallImage('png', 30, 20));
  return agent.request<{ url: string }>({ method: 'POST', url: '/api/images', payload, headers });
}
