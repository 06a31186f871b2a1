/**
 * Every endpoint, called as a visitor, as the member who owns the data, as another member and as
 * a librarian: one table, so a new endpoint without a row here stands out. Rows whose answer
 * depends on CATALOGUE_EDITORS say what they answer when only librarians edit the catalogue, and
 * run again on a server so configured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '../../src/common/api/endpoints.ts';
import { insertEntry } from '../../src/server/fines/fines.repository.ts';
import { setRoleByEmail } from '../../src/server/members/members.ts';
import { Agent, addBook, signUp } from '../support/agent.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';
import { catalogueAndLendingRows } from './role-matrix/catalogue-and-lending.ts';
import { copiesEbooksFinesRows } from './role-matrix/copies-ebooks-fines.ts';
import { deskAndPhoneRows } from './role-matrix/desk-and-phone.ts';
import {
  BOOKABLE_DAY,
  callers,
  dates,
  ebookWorld,
  eventFields,
  uploadPng,
  type Appointments,
  type Caller,
  type EbookIds,
  type Ids,
  type Row,
} from './role-matrix/fixtures.ts';

/** Rows run in this order: a row may rely on what an earlier one did. */
const matrix = [...catalogueAndLendingRows, ...deskAndPhoneRows, ...copiesEbooksFinesRows];

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
