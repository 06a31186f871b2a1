/**
 * Every endpoint, called as a visitor, as the member who owns the data, as another member and as
 * a librarian: one table, so a new endpoint without a row here stands out. Rows whose answer
 * depends on CATALOGUE_EDITORS say what they answer when only librarians edit the catalogue, and
 * run again on a server so configured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '../../src/common/api/endpoints.ts';
import { dayIn } from '../../src/common/calendar.ts';
import { nthOpenDay } from '../../src/common/opening-hours.ts';
import { CATALOGUE_COLUMNS } from '../../src/server/desk/catalogue-csv.ts';
import { writeEpub } from '../../src/server/ebooks/epub-writer.ts';
import { insertEntry } from '../../src/server/fines/fines.repository.ts';
import { setRoleByEmail } from '../../src/server/members/members.ts';
import { Agent, VALID_PASSWORD, addBook, signUp, validBook, loanDates } from '../support/agent.ts';
import { multipartBody, smallImage } from '../support/image-files.ts';
import { isoFile, kohaBook, marcForm } from '../support/marc-records.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';

type Caller = 'visitor' | 'owner' | 'other' | 'librarian';
const callers = ['visitor', 'owner', 'other', 'librarian'] as const;

interface Ids {
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

interface Appointments {
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
interface EbookIds {
  lentId: string;
  loanId: string;
  fullId: string;
  waitId: string;
}

/** A book with a lent e-book of `copies` copies, added and uploaded by the librarian. */
async function lentEbook(librarian: Agent, copies: number): Promise<string> {
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

async function ebookWorld(app: TestApp['app'], librarian: Agent, owner: Agent): Promise<EbookIds> {
  const [lentId, fullId] = await Promise.all([lentEbook(librarian, 2), lentEbook(librarian, 1)]);
  const loan = await owner.post<{ loan: { _id: string } }>(`/api/ebooks/${lentId}/loans`);
  await (await signUp(app, 'Reader')).agent.post(`/api/ebooks/${fullId}/loans`);
  await owner.post(`/api/ebooks/${fullId}/waitlist`);
  const waits = await owner.get<{ _id: string }[]>('/api/ebooks/waitlist');
  return { lentId, loanId: loan.body.loan._id, fullId, waitId: waits.body[0]?._id ?? '' };
}

const epubUpload = () => {
  const bytes = writeEpub({
    identifier: 'urn:uuid:matrix-upload',
    title: 'Upload',
    author: 'Tester',
    language: 'en',
    chapters: [{ title: 'One', paragraphs: ['A page.'] }],
  });
  return multipartBody(Buffer.from(bytes), { filename: 'book.epub', type: 'application/epub+zip' });
};

interface Row {
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

const deskOnly = { visitor: 401, owner: 403, other: 403, librarian: 200 };
const librariansEdit = (librarian: number) => ({
  visitor: 401,
  owner: 403,
  other: 403,
  librarian,
});

const dates = loanDates();

/** An open day of the library two open days from today, whose every slot can be booked. */
const BOOKABLE_DAY = nthOpenDay(
  { opens: '09:00', closes: '20:00', closedDays: ['fri'], timeZone: 'Asia/Dhaka' },
  dayIn('Asia/Dhaka', new Date()),
  2,
);
const eventFields = {
  title: 'Meet the Author',
  place: 'Auditorium',
  capacity: 20,
  startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
  endsAt: new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString(),
};

/** Uploads a small PNG as `agent` (docs/product.md#images). */
async function uploadPng(agent: Agent) {
  const { payload, headers } = multipartBody(await smallImage('png', 30, 20));
  return agent.request<{ url: string }>({ method: 'POST', url: '/api/images', payload, headers });
}

const matrix: Row[] = [
  {
    name: 'GET /api/health',
    endpoint: 'health',
    call: (a) => a.get('/api/health'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/books',
    endpoint: 'listBooks',
    call: (a) => a.get('/api/books'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    // Any member: a photo is every member's, whoever edits the catalogue.
    name: 'POST /api/images',
    endpoint: 'uploadImage',
    call: (a) => uploadPng(a),
    expected: { visitor: 401, owner: 201, other: 201, librarian: 201 },
  },
  {
    name: 'GET /images/:id.webp',
    call: (a, ids) => a.get(ids.imageUrl),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/categories',
    endpoint: 'listCategories',
    call: (a) => a.get('/api/categories'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/categories/options',
    endpoint: 'listCategoryOptions',
    call: (a) => a.get('/api/categories/options'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'POST /api/categories/options',
    endpoint: 'addCategory',
    call: (a) => a.post('/api/categories/options', { name: 'Poetry', nameBn: 'কবিতা' }),
    expected: { visitor: 401, owner: 403, other: 403, librarian: 201 },
  },
  {
    name: 'PATCH /api/categories/options/:name',
    endpoint: 'renameCategory',
    call: (a) => a.patch('/api/categories/options/drama', { nameBn: 'নাট্য' }),
    expected: { visitor: 401, owner: 403, other: 403, librarian: 200 },
  },
  {
    name: 'DELETE /api/categories/options/<a category no book carries>',
    endpoint: 'removeCategory',
    call: (a) => a.delete('/api/categories/options/Thriller'),
    expected: { visitor: 401, owner: 403, other: 403, librarian: 200 },
  },
  {
    name: 'GET /api/books/:id',
    endpoint: 'getBook',
    call: (a, ids) => a.get(`/api/books/${ids.bookId}`),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'POST /api/books',
    endpoint: 'addBook',
    call: (a) => a.post('/api/books', validBook),
    expected: { visitor: 401, owner: 201, other: 201, librarian: 201 },
    whenLibrariansEdit: librariansEdit(201),
  },
  {
    name: 'PATCH /api/books/:id',
    endpoint: 'updateBook',
    call: (a, ids) => a.patch(`/api/books/${ids.bookId}`, { name: 'Renamed', author: 'Someone' }),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
    whenLibrariansEdit: librariansEdit(200),
  },
  {
    name: 'PATCH /api/books/:id/increment',
    endpoint: 'incrementBook',
    call: (a, ids) => a.patch(`/api/books/${ids.bookId}/increment`),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
    whenLibrariansEdit: librariansEdit(200),
  },
  {
    name: 'DELETE /api/books/<a quiet book>',
    endpoint: 'withdrawBook',
    call: (a, ids) => a.delete(`/api/books/${ids.quietBookId}`),
    expected: { visitor: 401, owner: 403, other: 403, librarian: 200 },
  },
  {
    name: "DELETE /api/books/<the owner's borrowed book>",
    endpoint: 'withdrawBook',
    call: (a, ids) => a.delete(`/api/books/${ids.bookId}`),
    // Refused while a copy is on loan, for a librarian too.
    expected: { visitor: 401, owner: 403, other: 403, librarian: 409 },
  },
  {
    name: 'GET /api/borrowedBooks/check',
    endpoint: 'borrowCheck',
    call: (a, ids) => a.get(`/api/borrowedBooks/check?bookId=${ids.bookId}`),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/borrowedBooks',
    endpoint: 'currentLoans',
    call: (a) => a.get('/api/borrowedBooks'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: "GET /api/borrowedBooks?email=<owner's>",
    endpoint: 'currentLoans',
    call: (a, ids) => a.get(`/api/borrowedBooks?email=${encodeURIComponent(ids.ownerEmail)}`),
    expected: { visitor: 401, owner: 200, other: 403, librarian: 403 },
  },
  {
    name: 'POST /api/borrowedBooks',
    endpoint: 'borrow',
    call: (a, ids) => a.post('/api/borrowedBooks', { bookId: ids.bookId, ...dates }),
    // The owner already holds this book; anyone else may borrow a copy.
    expected: { visitor: 401, owner: 409, other: 201, librarian: 201 },
  },
  {
    name: "DELETE /api/borrowedBooks/<owner's loan>",
    endpoint: 'returnLoan',
    call: (a, ids) => a.delete(`/api/borrowedBooks/${ids.loanId}`),
    expected: { visitor: 401, owner: 200, other: 404, librarian: 404 },
  },
  {
    name: 'GET /api/circulation/rules',
    endpoint: 'circulationRules',
    call: (a) => a.get('/api/circulation/rules'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/borrowedBooks/history',
    endpoint: 'loanHistory',
    call: (a) => a.get('/api/borrowedBooks/history'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: "POST /api/borrowedBooks/<owner's loan>/renew",
    endpoint: 'renewLoan',
    call: (a, ids) => a.post(`/api/borrowedBooks/${ids.loanId}/renew`),
    expected: { visitor: 401, owner: 200, other: 404, librarian: 404 },
  },
  {
    name: 'GET /api/holds',
    endpoint: 'listHolds',
    call: (a) => a.get('/api/holds'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'POST /api/holds',
    endpoint: 'placeHold',
    call: (a, ids) => a.post('/api/holds', { bookId: ids.outBookId }),
    // The owner is already in this book's queue; anyone else may join it.
    expected: { visitor: 401, owner: 409, other: 201, librarian: 201 },
  },
  {
    name: "DELETE /api/holds/<owner's hold>",
    endpoint: 'cancelHold',
    call: (a, ids) => a.delete(`/api/holds/${ids.holdId}`),
    expected: { visitor: 401, owner: 200, other: 404, librarian: 404 },
  },
  // The caller's own account, whoever calls (deleting it: profile.test.ts).
  {
    name: 'GET /api/profile/notices',
    endpoint: 'myNotices',
    call: (a) => a.get('/api/profile/notices'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'PATCH /api/profile/notice-choices',
    endpoint: 'changeNoticeChoices',
    call: (a) => a.patch('/api/profile/notice-choices', { overdue: false }),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/profile/data',
    endpoint: 'myData',
    call: (a) => a.get('/api/profile/data'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/desk/loans',
    endpoint: 'deskLoans',
    call: (a) => a.get('/api/desk/loans?status=current&q=owner'),
    expected: deskOnly,
  },
  {
    name: "POST /api/desk/loans/<owner's loan>/return",
    endpoint: 'deskReturn',
    call: (a, ids) => a.post(`/api/desk/loans/${ids.loanId}/return`),
    expected: deskOnly,
  },
  {
    name: "POST /api/desk/loans/<owner's loan>/renew",
    endpoint: 'deskRenew',
    call: (a, ids) => a.post(`/api/desk/loans/${ids.loanId}/renew`),
    expected: deskOnly,
  },
  {
    name: 'GET /api/desk/holds',
    endpoint: 'deskHolds',
    call: (a) => a.get('/api/desk/holds'),
    expected: deskOnly,
  },
  {
    name: 'GET /api/desk/members',
    endpoint: 'deskMembers',
    call: (a) => a.get('/api/desk/members?q=owner'),
    expected: deskOnly,
  },
  {
    name: 'PATCH /api/desk/members/<owner>',
    endpoint: 'updateMember',
    call: (a, ids) => a.patch(`/api/desk/members/${ids.ownerId}`, { blocked: true }),
    expected: deskOnly,
  },
  {
    name: 'GET /api/desk/stats',
    endpoint: 'deskStats',
    call: (a) => a.get('/api/desk/stats'),
    expected: deskOnly,
  },
  {
    name: 'GET /api/desk/books.csv',
    endpoint: 'exportCatalogue',
    call: (a) => a.get('/api/desk/books.csv'),
    expected: deskOnly,
  },
  {
    name: 'POST /api/desk/books/import',
    endpoint: 'importCatalogue',
    call: (a) =>
      a.request({
        method: 'POST',
        url: '/api/desk/books/import',
        headers: { 'content-type': 'text/csv' },
        payload: `${CATALOGUE_COLUMNS.join(',')}\nImported,Someone,Novel,1,4,x,/covers/dune.svg,,,,,,\n`,
      }),
    expected: deskOnly,
  },
  {
    name: 'POST /api/desk/books/marc?dryRun=true',
    endpoint: 'importMarc',
    call: (a) => {
      const { payload, headers } = marcForm(isoFile(kohaBook({ id: 'auth-1', title: 'Matrix' })));
      return a.request({
        method: 'POST',
        url: '/api/desk/books/marc?dryRun=true',
        payload,
        headers,
      });
    },
    expected: deskOnly,
  },
  {
    name: 'GET /api/desk/books.mrc',
    endpoint: 'exportMarc',
    call: (a) => a.get('/api/desk/books.mrc'),
    expected: deskOnly,
  },
  {
    name: 'GET /api/desk/books.marcxml',
    endpoint: 'exportMarcXml',
    call: (a) => a.get('/api/desk/books.marcxml'),
    expected: deskOnly,
  },
  {
    name: 'GET /api/books/facets',
    endpoint: 'bookFacets',
    call: (a) => a.get('/api/books/facets?q=dune'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/profile/notice-choices',
    endpoint: 'noticeChoices',
    call: (a) => a.get('/api/profile/notice-choices'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/profile',
    endpoint: 'myProfile',
    call: (a) => a.get('/api/profile'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    // Nobody was sent a code yet: there is none to confirm (sms.test.ts confirms numbers).
    name: 'POST /api/profile/phone/verify',
    endpoint: 'verifyPhone',
    call: (a) => a.post('/api/profile/phone/verify', { code: '123456' }),
    expected: { visitor: 401, owner: 409, other: 409, librarian: 409 },
  },
  {
    name: 'PUT /api/profile/phone',
    endpoint: 'setPhone',
    call: (a) => a.put('/api/profile/phone', { phone: '+8801712345678' }),
    expected: { visitor: 401, owner: 202, other: 202, librarian: 202 },
  },
  {
    name: 'GET /api/profile/sms-choices',
    endpoint: 'smsChoices',
    call: (a) => a.get('/api/profile/sms-choices'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'PATCH /api/profile/sms-choices',
    endpoint: 'changeSmsChoices',
    call: (a) => a.patch('/api/profile/sms-choices', { dueSoon: false }),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'DELETE /api/profile/phone',
    endpoint: 'removePhone',
    call: (a) => a.delete('/api/profile/phone'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    // Refused for the owner, whose book is on loan, and for the librarian, who borrowed in an earlier
    // row (rows run in order); deleting an account: profile.test.ts.
    name: 'DELETE /api/profile',
    endpoint: 'deleteAccount',
    call: (a) => a.delete('/api/profile', { password: VALID_PASSWORD }),
    expected: { visitor: 401, owner: 409, other: 200, librarian: 409 },
  },
  {
    name: 'GET /api/openapi.json',
    endpoint: 'openApiDocument',
    call: (a) => a.get('/api/openapi.json'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/docs',
    endpoint: 'apiReference',
    call: (a) => a.get('/api/docs'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/card',
    endpoint: 'myCard',
    call: (a) => a.get('/api/card'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/books/:id/copies',
    endpoint: 'bookCopies',
    call: (a, ids) => a.get(`/api/books/${ids.quietBookId}/copies`),
    expected: deskOnly,
  },
  {
    name: 'POST /api/books/:id/copies',
    endpoint: 'addCopy',
    call: (a, ids) => a.post(`/api/books/${ids.quietBookId}/copies`, {}),
    expected: { ...deskOnly, librarian: 201 },
  },
  {
    name: 'PATCH /api/copies/:id',
    endpoint: 'updateCopy',
    call: (a, ids) => a.patch(`/api/copies/${ids.quietCopyId}`, { note: 'Checked' }),
    expected: deskOnly,
  },
  {
    name: 'GET /api/copies?ids=',
    endpoint: 'copiesById',
    call: (a, ids) => a.get(`/api/copies?ids=${ids.quietCopyId}`),
    expected: deskOnly,
  },
  {
    name: 'GET /api/copies/by-barcode/:barcode',
    endpoint: 'copyByBarcode',
    call: (a, ids) => a.get(`/api/copies/by-barcode/${ids.quietBarcode}`),
    expected: deskOnly,
  },
  {
    name: "GET /api/desk/cards/<owner's card>",
    endpoint: 'deskCard',
    call: (a, ids) => a.get(`/api/desk/cards/${ids.ownerCard}`),
    expected: deskOnly,
  },
  {
    name: 'POST /api/desk/checkout',
    endpoint: 'deskCheckout',
    call: (a, ids) =>
      a.post('/api/desk/checkout', { cardNumber: ids.ownerCard, barcode: ids.quietBarcode }),
    expected: { ...deskOnly, librarian: 201 },
  },
  {
    name: "POST /api/desk/checkin <owner's copy>",
    endpoint: 'deskCheckin',
    call: (a, ids) => a.post('/api/desk/checkin', { barcode: ids.lentBarcode }),
    expected: deskOnly,
  },
  {
    name: "DELETE /api/desk/holds/<owner's hold>",
    endpoint: 'deskCancelHold',
    call: (a, ids) => a.delete(`/api/desk/holds/${ids.holdId}`),
    expected: deskOnly,
  },
  ...appointmentRows(),
  {
    name: 'PUT /api/books/<quiet>/ebook',
    endpoint: 'uploadEbook',
    call: (a, ids) => {
      const { payload, headers } = epubUpload();
      return a.request({
        method: 'PUT',
        url: `/api/books/${ids.quietBookId}/ebook`,
        payload,
        headers,
      });
    },
    expected: { visitor: 401, owner: 403, other: 403, librarian: 201 },
  },
  {
    name: 'PATCH /api/books/<lent>/ebook',
    endpoint: 'changeEbook',
    call: async (a, ids) =>
      a.patch(`/api/books/${(await ids.ebooks()).lentId}/ebook`, { copies: 3 }),
    expected: deskOnly,
  },
  {
    name: 'DELETE /api/books/<lent>/ebook (refused while lent)',
    endpoint: 'removeEbook',
    call: async (a, ids) => a.delete(`/api/books/${(await ids.ebooks()).lentId}/ebook`),
    expected: { visitor: 401, owner: 403, other: 403, librarian: 409 },
  },
  {
    name: 'GET /api/ebooks',
    endpoint: 'listEbooks',
    call: (a) => a.get('/api/ebooks?access=lend'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/ebooks/loans',
    endpoint: 'myEbookLoans',
    call: async (a, ids) => (await ids.ebooks()) && a.get('/api/ebooks/loans'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/ebooks/waitlist',
    endpoint: 'myEbookWaits',
    call: async (a, ids) => (await ids.ebooks()) && a.get('/api/ebooks/waitlist'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'POST /api/ebooks/<lent>/loans',
    endpoint: 'borrowEbook',
    call: async (a, ids) => a.post(`/api/ebooks/${(await ids.ebooks()).lentId}/loans`),
    expected: { visitor: 401, owner: 409, other: 201, librarian: 201 },
  },
  {
    name: "DELETE /api/ebooks/loans/<owner's>",
    endpoint: 'returnEbook',
    call: async (a, ids) => a.delete(`/api/ebooks/loans/${(await ids.ebooks()).loanId}`),
    expected: { visitor: 401, owner: 200, other: 404, librarian: 404 },
  },
  {
    name: 'POST /api/ebooks/<full>/waitlist',
    endpoint: 'joinWaitlist',
    call: async (a, ids) => a.post(`/api/ebooks/${(await ids.ebooks()).fullId}/waitlist`),
    expected: { visitor: 401, owner: 409, other: 201, librarian: 201 },
  },
  {
    name: "DELETE /api/ebooks/waitlist/<owner's>",
    endpoint: 'leaveWaitlist',
    call: async (a, ids) => a.delete(`/api/ebooks/waitlist/${(await ids.ebooks()).waitId}`),
    expected: { visitor: 401, owner: 200, other: 404, librarian: 404 },
  },
  {
    name: 'GET /api/ebooks/<lent>/file',
    endpoint: 'ebookFile',
    call: async (a, ids) => a.get(`/api/ebooks/${(await ids.ebooks()).lentId}/file`),
    expected: { visitor: 401, owner: 200, other: 403, librarian: 403 },
  },
  {
    name: 'GET /api/ebooks/<lent>/position',
    endpoint: 'readingPosition',
    call: async (a, ids) => a.get(`/api/ebooks/${(await ids.ebooks()).lentId}/position`),
    expected: { visitor: 401, owner: 200, other: 403, librarian: 403 },
  },
  {
    name: 'PUT /api/ebooks/<lent>/position',
    endpoint: 'keepReadingPosition',
    call: async (a, ids) =>
      a.request({
        method: 'PUT',
        url: `/api/ebooks/${(await ids.ebooks()).lentId}/position`,
        payload: { locator: 'epubcfi(/6/2!/4/2/1:0)', progress: 0.1 },
      }),
    expected: { visitor: 401, owner: 200, other: 403, librarian: 403 },
  },
  {
    name: "POST /api/desk/loans/<owner's loan>/lost",
    endpoint: 'markLost',
    call: (a, ids) => a.post(`/api/desk/loans/${ids.loanId}/lost`),
    expected: deskOnly,
  },
  {
    name: 'GET /api/fines',
    endpoint: 'myFines',
    call: (a) => a.get('/api/fines'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/membership',
    endpoint: 'myMembership',
    call: (a) => a.get('/api/membership'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'POST /api/desk/members/<owner>/payments',
    endpoint: 'takePayment',
    call: (a, ids) => a.post(`/api/desk/members/${ids.ownerId}/payments`, { amount: 5 }),
    expected: { ...deskOnly, librarian: 201 },
  },
  {
    name: 'POST /api/desk/members/<owner>/waivers',
    endpoint: 'waive',
    call: (a, ids) =>
      a.post(`/api/desk/members/${ids.ownerId}/waivers`, { amount: 5, note: 'First time' }),
    expected: { ...deskOnly, librarian: 201 },
  },
  {
    name: "GET /api/desk/receipts/<owner's fine>",
    endpoint: 'receipt',
    call: (a, ids) => a.get(`/api/desk/receipts/${ids.fineEntryId}`),
    expected: deskOnly,
  },
  {
    name: 'POST /api/desk/members/<owner>/membership',
    endpoint: 'renewMembership',
    call: (a, ids) => a.post(`/api/desk/members/${ids.ownerId}/membership`),
    expected: deskOnly,
  },
];

/** The rows of study rooms and events (docs/product/rooms-and-events.md). */
function appointmentRows(): Row[] {
  const anyone = { visitor: 200, owner: 200, other: 200, librarian: 200 };
  const members = (status: number) => ({
    visitor: 401,
    owner: status,
    other: status,
    librarian: status,
  });
  const librarians = (status: number) => ({
    visitor: 401,
    owner: 403,
    other: 403,
    librarian: status,
  });
  const of = (ids: Ids) => ids.appointments as Appointments;
  const rows: Omit<Row, 'appointments'>[] = [
    {
      name: 'GET /api/rooms',
      endpoint: 'listRooms',
      call: (a) => a.get('/api/rooms'),
      expected: anyone,
    },
    {
      name: 'GET /api/rooms/availability',
      endpoint: 'roomAvailability',
      call: (a) => a.get(`/api/rooms/availability?date=${BOOKABLE_DAY}`),
      expected: anyone,
    },
    {
      name: 'POST /api/rooms',
      endpoint: 'addRoom',
      call: (a) => a.post('/api/rooms', { name: 'Reading Room', capacity: 2 }),
      expected: librarians(201),
    },
    {
      name: 'PATCH /api/rooms/:id',
      endpoint: 'updateRoom',
      call: (a, ids) => a.patch(`/api/rooms/${of(ids).roomId}`, { capacity: 3 }),
      expected: librarians(200),
    },
    {
      name: 'DELETE /api/rooms/<a room nobody booked>',
      endpoint: 'removeRoom',
      call: (a, ids) => a.delete(`/api/rooms/${of(ids).quietRoomId}`),
      expected: librarians(200),
    },
    {
      name: 'POST /api/rooms/:id/bookings',
      endpoint: 'bookRoom',
      call: (a, ids) =>
        a.post(`/api/rooms/${of(ids).roomId}/bookings`, {
          date: BOOKABLE_DAY,
          start: '12:00',
          end: '13:00',
        }),
      expected: members(201),
    },
    {
      name: 'GET /api/bookings',
      endpoint: 'myBookings',
      call: (a) => a.get('/api/bookings'),
      expected: members(200),
    },
    {
      name: "DELETE /api/bookings/<the owner's>",
      endpoint: 'cancelBooking',
      call: (a, ids) => a.delete(`/api/bookings/${of(ids).bookingId}`),
      expected: { visitor: 401, owner: 200, other: 404, librarian: 404 },
    },
    {
      // Days before its start: refused for the owner and at the desk, unknown to anyone else.
      name: "POST /api/bookings/<the owner's>/check-in",
      endpoint: 'checkIn',
      call: (a, ids) => a.post(`/api/bookings/${of(ids).bookingId}/check-in`),
      expected: { visitor: 401, owner: 409, other: 404, librarian: 409 },
    },
    {
      name: 'GET /api/desk/bookings',
      endpoint: 'deskBookings',
      call: (a) => a.get('/api/desk/bookings'),
      expected: deskOnly,
    },
    {
      name: 'GET /api/events',
      endpoint: 'listEvents',
      call: (a) => a.get('/api/events'),
      expected: anyone,
    },
    {
      name: 'GET /api/events/:id',
      endpoint: 'getEvent',
      call: (a, ids) => a.get(`/api/events/${of(ids).eventId}`),
      expected: anyone,
    },
    {
      name: 'GET /api/events/:id/calendar.ics',
      endpoint: 'eventCalendar',
      call: (a, ids) => a.get(`/api/events/${of(ids).eventId}/calendar.ics`),
      expected: anyone,
    },
    {
      name: 'POST /api/events',
      endpoint: 'addEvent',
      call: (a) => a.post('/api/events', eventFields),
      expected: librarians(201),
    },
    {
      name: 'PATCH /api/events/:id',
      endpoint: 'updateEvent',
      call: (a, ids) => a.patch(`/api/events/${of(ids).eventId}`, { capacity: 30 }),
      expected: librarians(200),
    },
    {
      name: 'POST /api/events/:id/cancel',
      endpoint: 'cancelEvent',
      call: (a, ids) => a.post(`/api/events/${of(ids).eventId}/cancel`),
      expected: librarians(200),
    },
    {
      name: 'GET /api/events/:id/registrations',
      endpoint: 'eventRegistrations',
      call: (a, ids) => a.get(`/api/events/${of(ids).eventId}/registrations`),
      expected: librarians(200),
    },
    {
      name: "PATCH /api/events/:id/registrations/<the owner's>",
      endpoint: 'markAttendance',
      call: (a, ids) =>
        a.patch(`/api/events/${of(ids).eventId}/registrations/${of(ids).registrationId}`, {
          attended: true,
        }),
      expected: librarians(200),
    },
    {
      // The owner is registered already.
      name: 'POST /api/events/:id/registrations',
      endpoint: 'register',
      call: (a, ids) => a.post(`/api/events/${of(ids).eventId}/registrations`),
      expected: { visitor: 401, owner: 409, other: 201, librarian: 201 },
    },
    {
      name: 'DELETE /api/events/:id/registrations/mine',
      endpoint: 'unregister',
      call: (a, ids) => a.delete(`/api/events/${of(ids).eventId}/registrations/mine`),
      expected: { visitor: 401, owner: 200, other: 404, librarian: 404 },
    },
    {
      name: 'GET /api/registrations',
      endpoint: 'myRegistrations',
      call: (a) => a.get('/api/registrations'),
      expected: members(200),
    },
  ];
  return rows.map((row) => ({ ...row, appointments: true }));
}

/** Runs every row that has an answer in this mode, as each caller, each in a fresh world. */
function runMatrix(mode: 'members' | 'librarians') {
  const rows = matrix.flatMap((row) => {
    const expected = mode === 'members' ? row.expected : row.whenLibrariansEdit;
    return expected ? [{ ...row, expected }] : [];
  });
  describe.each(databaseKinds)(`authorisation matrix (CATALOGUE_EDITORS=${mode}) on %s`, (kind) => {
    let server: TestApp;
    /**
     * One librarian for every world: of all the rows only borrowing and placing a hold leave
     * anything of theirs behind, one loan and one hold, far from any limit.
     */
    let librarian: Agent;

    beforeAll(async () => {
      server = await startTestApp(kind, { CATALOGUE_EDITORS: mode });
      const signedUp = await signUp(server.app, 'Librarian');
      // Granted in the database, as `npm run librarian -- grant` does: the server reads it there.
      await setRoleByEmail(server.app.database.db, signedUp.email, 'librarian');
      librarian = signedUp.agent;
    });
    afterAll(() => server.close());

    /** The owner's booking and registration, in rooms and an event of their own. */
    async function appointments(owner: Agent): Promise<Appointments> {
      const room = async () =>
        (await librarian.post<{ _id: string }>('/api/rooms', { name: 'Room', capacity: 4 })).body
          ._id;
      const [roomId, quietRoomId] = [await room(), await room()];
      const booking = await owner.post<{ insertedId: string }>(`/api/rooms/${roomId}/bookings`, {
        date: BOOKABLE_DAY,
        start: '10:00',
        end: '11:00',
      });
      const eventId = (await librarian.post<{ _id: string }>('/api/events', eventFields)).body._id;
      await owner.post(`/api/events/${eventId}/registrations`);
      const [registration] = (
        await librarian.get<{ _id: string }[]>(`/api/events/${eventId}/registrations`)
      ).body;
      return {
        roomId,
        quietRoomId,
        bookingId: booking.body.insertedId,
        eventId,
        registrationId: registration?._id ?? '',
      };
    }

    /** Only what a row of rooms and events needs: fewer sign-ups and no books. */
    async function appointmentsWorld() {
      const owner = await signUp(server.app, 'Owner');
      const other = await signUp(server.app, 'Other');
      const visitor = new Agent(server.app);
      await visitor.get('/api/health');
      return {
        agents: { visitor, owner: owner.agent, other: other.agent, librarian },
        ids: {
          bookId: '',
          loanId: '',
          ownerId: '',
          ownerEmail: owner.email,
          outBookId: '',
          holdId: '',
          quietBookId: '',
          imageUrl: '',
          ownerCard: '',
          quietCopyId: '',
          quietBarcode: '',
          lentBarcode: '',
          ebooks: () => Promise.reject(new Error('No e-books in a world of rooms and events')),
          fineEntryId: '',
          appointments: await appointments(owner.agent),
        } satisfies Ids,
      };
    }

    async function world() {
      const owner = await signUp(server.app, 'Owner');
      const other = await signUp(server.app, 'Other');
      const bookId = await addBook(librarian, { quantity: 5 });
      const loan = await owner.agent.post<{ insertedId: string }>('/api/borrowedBooks', {
        bookId,
        ...dates,
      });
      // A book with no copy on the shelf (its one copy being mended), in whose queue the owner waits.
      const outBookId = await addBook(librarian, { quantity: 1 });
      const [outCopy] = (await librarian.get<{ _id: string }[]>(`/api/books/${outBookId}/copies`))
        .body;
      await librarian.patch(`/api/copies/${outCopy?._id}`, { status: 'damaged' });
      const hold = await owner.agent.post<{ insertedId: string }>('/api/holds', {
        bookId: outBookId,
      });
      const quietBookId = await addBook(librarian, { quantity: 2 });
      const ownerId = (await owner.agent.get<{ user: { id: string } }>('/api/auth/get-session'))
        .body.user.id;
      const imageUrl = (await uploadPng(owner.agent)).body.url;
      const { db } = server.app.database;
      const [card, quietCopy, lent] = await Promise.all([
        db
          .selectFrom('libraryCard')
          .select('cardNumber')
          .where('userId', '=', ownerId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('copy')
          .select(['id', 'barcode'])
          .where('bookId', '=', quietBookId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('loan')
          .select('barcode')
          .where('id', '=', loan.body.insertedId)
          .executeTakeFirstOrThrow(),
      ]);
      const fine = await insertEntry(server.app.database.db, {
        userId: ownerId,
        kind: 'overdue',
        amount: 30,
        createdAt: new Date().toISOString(),
      });
      const visitor = new Agent(server.app);
      await visitor.get('/api/health');
      let ebooks: Promise<EbookIds> | undefined;
      return {
        agents: {
          visitor,
          owner: owner.agent,
          other: other.agent,
          librarian: librarian,
        } satisfies Record<Caller, Agent>,
        ids: {
          bookId,
          loanId: loan.body.insertedId,
          ownerId,
          ownerEmail: owner.email,
          outBookId,
          holdId: hold.body.insertedId,
          quietBookId,
          imageUrl,
          ownerCard: card.cardNumber,
          quietCopyId: quietCopy.id,
          quietBarcode: quietCopy.barcode,
          lentBarcode: lent.barcode ?? '',
          ebooks: () => (ebooks ??= ebookWorld(server.app, librarian, owner.agent)),
          fineEntryId: fine._id,
        } satisfies Ids,
      };
    }

    interface World {
      agents: Record<Caller, Agent>;
      ids: Ids;
    }
    const sharedWorlds: { catalogue?: Promise<World>; appointments?: Promise<World> } = {};

    /**
     * A fresh world for a call that changes something, so each answer depends only on who asks.
     * A read or a refusal changes nothing (docs/product.md#errors), so those calls share one
     * world, which cuts the sign-ups this file makes by more than half; a refusal that did change
     * something would show as a wrong answer in a later row.
     */
    function worldFor(row: Row, caller: Caller): Promise<World> {
      const fresh = row.appointments ? appointmentsWorld : world;
      if (row.expected[caller] < 400 && !row.name.startsWith('GET ')) return fresh();
      return (sharedWorlds[row.appointments ? 'appointments' : 'catalogue'] ??= fresh());
    }

    it.each(rows.flatMap((row) => callers.map((caller) => [row.name, caller, row] as const)))(
      '%s as %s',
      async (_name, caller, row) => {
        const { agents, ids } = await worldFor(row, caller);
        const response = await row.call(agents[caller], ids);
        expect(response.status).toBe(row.expected[caller]);
      },
    );
  });
}

runMatrix('members');
runMatrix('librarians');

describe('the endpoint table (common/api/endpoints.ts)', () => {
  it('has rows in this matrix for every endpoint, so each guard is tested', () => {
    const covered = new Set(matrix.map((row) => row.endpoint));
    const untested = Object.keys(endpoints).filter((name) => !covered.has(name as EndpointName));
    expect(untested).toEqual([]);
  });
});
