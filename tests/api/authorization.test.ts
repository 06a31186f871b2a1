/**
 * Every endpoint, called as a visitor, as the member who owns the data, as another member and as
 * a librarian: one table, so a new endpoint without a row here stands out. Rows whose answer
 * depends on CATALOGUE_EDITORS say what they answer when only librarians edit the catalogue, and
 * run again on a server so configured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayIn } from '../../src/common/calendar.ts';
import { nthOpenDay } from '../../src/common/opening-hours.ts';
import { CATALOGUE_COLUMNS } from '../../src/server/desk/catalogue-csv.ts';
import { setRoleByEmail } from '../../src/server/members/members.repository.ts';
import { Agent, addBook, signUp, validBook, loanDates } from '../support/agent.ts';
import { multipartBody, smallImage } from '../support/image-files.ts';
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
  /** Rooms and events, made only for the rows that ask for them (see `Row.appointments`). */
  appointments?: Appointments;
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

interface Row {
  name: string;
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

/** Uploads a small PNG as `agent` (DECISIONS §12). */
async function uploadPng(agent: Agent) {
  const { payload, headers } = multipartBody(await smallImage('png', 30, 20));
  return agent.request<{ url: string }>({ method: 'POST', url: '/api/images', payload, headers });
}

const matrix: Row[] = [
  {
    name: 'GET /api/health',
    call: (a) => a.get('/api/health'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/books',
    call: (a) => a.get('/api/books'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    // Any member: a photo is every member's, whoever edits the catalogue.
    name: 'POST /api/images',
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
    call: (a) => a.get('/api/categories'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/books/:id',
    call: (a, ids) => a.get(`/api/books/${ids.bookId}`),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'POST /api/books',
    call: (a) => a.post('/api/books', validBook),
    expected: { visitor: 401, owner: 201, other: 201, librarian: 201 },
    whenLibrariansEdit: librariansEdit(201),
  },
  {
    name: 'PATCH /api/books/:id',
    call: (a, ids) => a.patch(`/api/books/${ids.bookId}`, { name: 'Renamed', author: 'Someone' }),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
    whenLibrariansEdit: librariansEdit(200),
  },
  {
    name: 'PATCH /api/books/:id/increment',
    call: (a, ids) => a.patch(`/api/books/${ids.bookId}/increment`),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
    whenLibrariansEdit: librariansEdit(200),
  },
  {
    name: 'DELETE /api/books/<a quiet book>',
    call: (a, ids) => a.delete(`/api/books/${ids.quietBookId}`),
    expected: { visitor: 401, owner: 403, other: 403, librarian: 200 },
  },
  {
    name: "DELETE /api/books/<the owner's borrowed book>",
    call: (a, ids) => a.delete(`/api/books/${ids.bookId}`),
    // Refused while a copy is on loan, for a librarian too.
    expected: { visitor: 401, owner: 403, other: 403, librarian: 409 },
  },
  {
    name: 'GET /api/borrowedBooks/check',
    call: (a, ids) => a.get(`/api/borrowedBooks/check?bookId=${ids.bookId}`),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/borrowedBooks',
    call: (a) => a.get('/api/borrowedBooks'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: "GET /api/borrowedBooks?email=<owner's>",
    call: (a, ids) => a.get(`/api/borrowedBooks?email=${encodeURIComponent(ids.ownerEmail)}`),
    expected: { visitor: 401, owner: 200, other: 403, librarian: 403 },
  },
  {
    name: 'POST /api/borrowedBooks',
    call: (a, ids) => a.post('/api/borrowedBooks', { bookId: ids.bookId, ...dates }),
    // The owner already holds this book; anyone else may borrow a copy.
    expected: { visitor: 401, owner: 409, other: 201, librarian: 201 },
  },
  {
    name: "DELETE /api/borrowedBooks/<owner's loan>",
    call: (a, ids) => a.delete(`/api/borrowedBooks/${ids.loanId}`),
    expected: { visitor: 401, owner: 200, other: 404, librarian: 404 },
  },
  {
    name: 'GET /api/circulation/rules',
    call: (a) => a.get('/api/circulation/rules'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/borrowedBooks/history',
    call: (a) => a.get('/api/borrowedBooks/history'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: "POST /api/borrowedBooks/<owner's loan>/renew",
    call: (a, ids) => a.post(`/api/borrowedBooks/${ids.loanId}/renew`),
    expected: { visitor: 401, owner: 200, other: 404, librarian: 404 },
  },
  {
    name: 'GET /api/holds',
    call: (a) => a.get('/api/holds'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'POST /api/holds',
    call: (a, ids) => a.post('/api/holds', { bookId: ids.outBookId }),
    // The owner is already in this book's queue; anyone else may join it.
    expected: { visitor: 401, owner: 409, other: 201, librarian: 201 },
  },
  {
    name: "DELETE /api/holds/<owner's hold>",
    call: (a, ids) => a.delete(`/api/holds/${ids.holdId}`),
    expected: { visitor: 401, owner: 200, other: 404, librarian: 404 },
  },
  // The caller's own account, whoever calls (deleting it: profile.test.ts).
  {
    name: 'GET /api/profile/notices',
    call: (a) => a.get('/api/profile/notices'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'PATCH /api/profile/notice-choices',
    call: (a) => a.patch('/api/profile/notice-choices', { overdue: false }),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/profile/data',
    call: (a) => a.get('/api/profile/data'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/desk/loans',
    call: (a) => a.get('/api/desk/loans?status=current&q=owner'),
    expected: deskOnly,
  },
  {
    name: "POST /api/desk/loans/<owner's loan>/return",
    call: (a, ids) => a.post(`/api/desk/loans/${ids.loanId}/return`),
    expected: deskOnly,
  },
  {
    name: "POST /api/desk/loans/<owner's loan>/renew",
    call: (a, ids) => a.post(`/api/desk/loans/${ids.loanId}/renew`),
    expected: deskOnly,
  },
  {
    name: 'GET /api/desk/holds',
    call: (a) => a.get('/api/desk/holds'),
    expected: deskOnly,
  },
  {
    name: 'GET /api/desk/members',
    call: (a) => a.get('/api/desk/members?q=owner'),
    expected: deskOnly,
  },
  {
    name: 'PATCH /api/desk/members/<owner>',
    call: (a, ids) => a.patch(`/api/desk/members/${ids.ownerId}`, { blocked: true }),
    expected: deskOnly,
  },
  {
    name: 'GET /api/desk/stats',
    call: (a) => a.get('/api/desk/stats'),
    expected: deskOnly,
  },
  {
    name: 'GET /api/desk/books.csv',
    call: (a) => a.get('/api/desk/books.csv'),
    expected: deskOnly,
  },
  {
    name: 'POST /api/desk/books/import',
    call: (a) =>
      a.request({
        method: 'POST',
        url: '/api/desk/books/import',
        headers: { 'content-type': 'text/csv' },
        payload: `${CATALOGUE_COLUMNS.join(',')}\nImported,Someone,Novel,1,4,x,/covers/dune.svg,,,,,\n`,
      }),
    expected: deskOnly,
  },
  ...appointmentRows(),
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
    { name: 'GET /api/rooms', call: (a) => a.get('/api/rooms'), expected: anyone },
    {
      name: 'GET /api/rooms/availability',
      call: (a) => a.get(`/api/rooms/availability?date=${BOOKABLE_DAY}`),
      expected: anyone,
    },
    {
      name: 'POST /api/rooms',
      call: (a) => a.post('/api/rooms', { name: 'Reading Room', capacity: 2 }),
      expected: librarians(201),
    },
    {
      name: 'PATCH /api/rooms/:id',
      call: (a, ids) => a.patch(`/api/rooms/${of(ids).roomId}`, { capacity: 3 }),
      expected: librarians(200),
    },
    {
      name: 'DELETE /api/rooms/<a room nobody booked>',
      call: (a, ids) => a.delete(`/api/rooms/${of(ids).quietRoomId}`),
      expected: librarians(200),
    },
    {
      name: 'POST /api/rooms/:id/bookings',
      call: (a, ids) =>
        a.post(`/api/rooms/${of(ids).roomId}/bookings`, {
          date: BOOKABLE_DAY,
          start: '12:00',
          end: '13:00',
        }),
      expected: members(201),
    },
    { name: 'GET /api/bookings', call: (a) => a.get('/api/bookings'), expected: members(200) },
    {
      name: "DELETE /api/bookings/<the owner's>",
      call: (a, ids) => a.delete(`/api/bookings/${of(ids).bookingId}`),
      expected: { visitor: 401, owner: 200, other: 404, librarian: 404 },
    },
    {
      // Days before its start: refused for the owner and at the desk, unknown to anyone else.
      name: "POST /api/bookings/<the owner's>/check-in",
      call: (a, ids) => a.post(`/api/bookings/${of(ids).bookingId}/check-in`),
      expected: { visitor: 401, owner: 409, other: 404, librarian: 409 },
    },
    {
      name: 'GET /api/desk/bookings',
      call: (a) => a.get('/api/desk/bookings'),
      expected: deskOnly,
    },
    { name: 'GET /api/events', call: (a) => a.get('/api/events'), expected: anyone },
    {
      name: 'GET /api/events/:id',
      call: (a, ids) => a.get(`/api/events/${of(ids).eventId}`),
      expected: anyone,
    },
    {
      name: 'GET /api/events/:id/calendar.ics',
      call: (a, ids) => a.get(`/api/events/${of(ids).eventId}/calendar.ics`),
      expected: anyone,
    },
    {
      name: 'POST /api/events',
      call: (a) => a.post('/api/events', eventFields),
      expected: librarians(201),
    },
    {
      name: 'PATCH /api/events/:id',
      call: (a, ids) => a.patch(`/api/events/${of(ids).eventId}`, { capacity: 30 }),
      expected: librarians(200),
    },
    {
      name: 'POST /api/events/:id/cancel',
      call: (a, ids) => a.post(`/api/events/${of(ids).eventId}/cancel`),
      expected: librarians(200),
    },
    {
      name: 'GET /api/events/:id/registrations',
      call: (a, ids) => a.get(`/api/events/${of(ids).eventId}/registrations`),
      expected: librarians(200),
    },
    {
      name: "PATCH /api/events/:id/registrations/<the owner's>",
      call: (a, ids) =>
        a.patch(`/api/events/${of(ids).eventId}/registrations/${of(ids).registrationId}`, {
          attended: true,
        }),
      expected: librarians(200),
    },
    {
      // The owner is registered already.
      name: 'POST /api/events/:id/registrations',
      call: (a, ids) => a.post(`/api/events/${of(ids).eventId}/registrations`),
      expected: { visitor: 401, owner: 409, other: 201, librarian: 201 },
    },
    {
      name: 'DELETE /api/events/:id/registrations/mine',
      call: (a, ids) => a.delete(`/api/events/${of(ids).eventId}/registrations/mine`),
      expected: { visitor: 401, owner: 200, other: 404, librarian: 404 },
    },
    {
      name: 'GET /api/registrations',
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

    /** A fresh world per call, so each answer depends only on who asks. */
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
      // A book with no copy on the shelf, in whose queue the owner waits.
      const outBookId = await addBook(librarian, { quantity: 1 });
      await librarian.patch(`/api/books/${outBookId}`, { ...validBook, quantity: 0 });
      const hold = await owner.agent.post<{ insertedId: string }>('/api/holds', {
        bookId: outBookId,
      });
      const quietBookId = await addBook(librarian, { quantity: 2 });
      const ownerId = (await owner.agent.get<{ user: { id: string } }>('/api/auth/get-session'))
        .body.user.id;
      const imageUrl = (await uploadPng(owner.agent)).body.url;
      const visitor = new Agent(server.app);
      await visitor.get('/api/health');
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
        } satisfies Ids,
      };
    }

    it.each(rows.flatMap((row) => callers.map((caller) => [row.name, caller, row] as const)))(
      '%s as %s',
      async (_name, caller, row) => {
        const { agents, ids } = row.appointments ? await appointmentsWorld() : await world();
        const response = await row.call(agents[caller], ids);
        expect(response.status).toBe(row.expected[caller]);
      },
    );
  });
}

runMatrix('members');
runMatrix('librarians');
