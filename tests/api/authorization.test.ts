/**
 * Every endpoint, called as a visitor, as the member who owns the data, as another member and as
 * a librarian: one table, so a new endpoint without a row here stands out. Rows whose answer
 * depends on CATALOGUE_EDITORS say what they answer when only librarians edit the catalogue, and
 * run again on a server so configured.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  /** A category the library offers that no book is shelved under: it can be removed. */
  unusedCategory: string;
}

interface Row {
  name: string;
  call: (agent: Agent, ids: Ids) => Promise<{ status: number }>;
  /** With CATALOGUE_EDITORS=members, the default. */
  expected: Record<Caller, number>;
  /** With CATALOGUE_EDITORS=librarians, for the rows it changes. */
  whenLibrariansEdit?: Record<Caller, number>;
}

const deskOnly = { visitor: 401, owner: 403, other: 403, librarian: 200 };
const librariansEdit = (librarian: number) => ({
  visitor: 401,
  owner: 403,
  other: 403,
  librarian,
});

const dates = loanDates();

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
  {
    name: 'GET /api/categories/options',
    call: (a) => a.get('/api/categories/options'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'POST /api/categories/options',
    call: (a) => a.post('/api/categories/options', { name: `Shelf ${randomUUID().slice(0, 8)}` }),
    expected: { ...deskOnly, librarian: 201 },
  },
  {
    name: 'PATCH /api/categories/options/:name',
    call: (a, ids) =>
      a.patch(`/api/categories/options/${encodeURIComponent(ids.unusedCategory)}`, {
        name: ids.unusedCategory,
      }),
    expected: deskOnly,
  },
  {
    name: 'DELETE /api/categories/options/:name',
    call: (a, ids) => a.delete(`/api/categories/options/${encodeURIComponent(ids.unusedCategory)}`),
    expected: deskOnly,
  },
];

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
    async function world() {
      const owner = await signUp(server.app, 'Owner');
      const other = await signUp(server.app, 'Other');
      const bookId = await addBook(librarian, { quantity: 5 });
      const loan = await owner.agent.post<{ insertedId: string }>('/api/borrowedBooks', {
        bookId,
        ...dates,
      });
      // A book with no copy on the shelf, in whose queue the owner waits.
      // Its one copy is on loan to a third member: a hold has something to wait for.
      const outBookId = await addBook(librarian, { quantity: 1 });
      const borrower = await signUp(server.app, 'Borrower');
      await borrower.agent.post('/api/borrowedBooks', { bookId: outBookId, ...dates });
      const hold = await owner.agent.post<{ insertedId: string }>('/api/holds', {
        bookId: outBookId,
      });
      const quietBookId = await addBook(librarian, { quantity: 2 });
      const ownerId = (await owner.agent.get<{ user: { id: string } }>('/api/auth/get-session'))
        .body.user.id;
      const imageUrl = (await uploadPng(owner.agent)).body.url;
      const unusedCategory = `Unused ${randomUUID().slice(0, 8)}`;
      await librarian.post('/api/categories/options', { name: unusedCategory });
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
          unusedCategory,
        } satisfies Ids,
      };
    }

    it.each(rows.flatMap((row) => callers.map((caller) => [row.name, caller, row] as const)))(
      '%s as %s',
      async (_name, caller, row) => {
        const { agents, ids } = await world();
        const response = await row.call(agents[caller], ids);
        expect(response.status).toBe(row.expected[caller]);
      },
    );
  });
}

runMatrix('members');
runMatrix('librarians');
