/**
 * Every endpoint, called as a visitor, as the member who owns the data, and as another member:
 * one table, so a new endpoint without a row here stands out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent, addBook, signUp, validBook, loanDates } from '../support/agent.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';

type Caller = 'visitor' | 'owner' | 'other';

interface Row {
  name: string;
  call: (
    agent: Agent,
    ids: { bookId: string; loanId: string; ownerEmail: string; outBookId: string; holdId: string },
  ) => Promise<{ status: number }>;
  expected: Record<Caller, number>;
}

const dates = loanDates();

const matrix: Row[] = [
  {
    name: 'GET /api/health',
    call: (a) => a.get('/api/health'),
    expected: { visitor: 200, owner: 200, other: 200 },
  },
  {
    name: 'GET /api/books',
    call: (a) => a.get('/api/books'),
    expected: { visitor: 200, owner: 200, other: 200 },
  },
  {
    name: 'GET /api/categories',
    call: (a) => a.get('/api/categories'),
    expected: { visitor: 200, owner: 200, other: 200 },
  },
  {
    name: 'GET /api/books/:id',
    call: (a, ids) => a.get(`/api/books/${ids.bookId}`),
    expected: { visitor: 200, owner: 200, other: 200 },
  },
  {
    name: 'POST /api/books',
    call: (a) => a.post('/api/books', validBook),
    expected: { visitor: 401, owner: 201, other: 201 },
  },
  {
    name: 'PATCH /api/books/:id',
    call: (a, ids) => a.patch(`/api/books/${ids.bookId}`, { name: 'Renamed', author: 'Someone' }),
    expected: { visitor: 401, owner: 200, other: 200 },
  },
  {
    name: 'PATCH /api/books/:id/increment',
    call: (a, ids) => a.patch(`/api/books/${ids.bookId}/increment`),
    expected: { visitor: 401, owner: 200, other: 200 },
  },
  {
    name: 'GET /api/borrowedBooks/check',
    call: (a, ids) => a.get(`/api/borrowedBooks/check?bookId=${ids.bookId}`),
    expected: { visitor: 401, owner: 200, other: 200 },
  },
  {
    name: 'GET /api/borrowedBooks',
    call: (a) => a.get('/api/borrowedBooks'),
    expected: { visitor: 401, owner: 200, other: 200 },
  },
  {
    name: "GET /api/borrowedBooks?email=<owner's>",
    call: (a, ids) => a.get(`/api/borrowedBooks?email=${encodeURIComponent(ids.ownerEmail)}`),
    expected: { visitor: 401, owner: 200, other: 403 },
  },
  {
    name: 'POST /api/borrowedBooks',
    call: (a, ids) => a.post('/api/borrowedBooks', { bookId: ids.bookId, ...dates }),
    // The owner already holds this book; anyone else may borrow a copy.
    expected: { visitor: 401, owner: 409, other: 201 },
  },
  {
    name: "DELETE /api/borrowedBooks/<owner's loan>",
    call: (a, ids) => a.delete(`/api/borrowedBooks/${ids.loanId}`),
    expected: { visitor: 401, owner: 200, other: 404 },
  },
  {
    name: 'GET /api/circulation/rules',
    call: (a) => a.get('/api/circulation/rules'),
    expected: { visitor: 200, owner: 200, other: 200 },
  },
  {
    name: 'GET /api/borrowedBooks/history',
    call: (a) => a.get('/api/borrowedBooks/history'),
    expected: { visitor: 401, owner: 200, other: 200 },
  },
  {
    name: "POST /api/borrowedBooks/<owner's loan>/renew",
    call: (a, ids) => a.post(`/api/borrowedBooks/${ids.loanId}/renew`),
    expected: { visitor: 401, owner: 200, other: 404 },
  },
  {
    name: 'GET /api/holds',
    call: (a) => a.get('/api/holds'),
    expected: { visitor: 401, owner: 200, other: 200 },
  },
  {
    name: 'POST /api/holds',
    call: (a, ids) => a.post('/api/holds', { bookId: ids.outBookId }),
    // The owner is already in this book's queue; anyone else may join it.
    expected: { visitor: 401, owner: 409, other: 201 },
  },
  {
    name: "DELETE /api/holds/<owner's hold>",
    call: (a, ids) => a.delete(`/api/holds/${ids.holdId}`),
    expected: { visitor: 401, owner: 200, other: 404 },
  },
];

describe.each(databaseKinds)('authorisation matrix on %s', (kind) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  /** A fresh world per call, so each answer depends only on who asks. */
  async function world() {
    const owner = await signUp(server.app, 'Owner');
    const other = await signUp(server.app, 'Other');
    const bookId = await addBook(owner.agent, { quantity: 5 });
    const loan = await owner.agent.post<{ insertedId: string }>('/api/borrowedBooks', {
      bookId,
      ...dates,
    });
    // A book with no copy on the shelf, in whose queue the owner waits.
    const outBookId = await addBook(owner.agent, { quantity: 1 });
    await owner.agent.patch(`/api/books/${outBookId}`, { ...validBook, quantity: 0 });
    const hold = await owner.agent.post<{ insertedId: string }>('/api/holds', {
      bookId: outBookId,
    });
    const visitor = new Agent(server.app);
    await visitor.get('/api/health');
    return {
      agents: { visitor, owner: owner.agent, other: other.agent } satisfies Record<Caller, Agent>,
      ids: {
        bookId,
        loanId: loan.body.insertedId,
        ownerEmail: owner.email,
        outBookId,
        holdId: hold.body.insertedId,
      },
    };
  }

  it.each(
    matrix.flatMap((row) =>
      (['visitor', 'owner', 'other'] as const).map((caller) => [row.name, caller, row] as const),
    ),
  )('%s as %s', async (_name, caller, row) => {
    const { agents, ids } = await world();
    const response = await row.call(agents[caller], ids);
    expect(response.status).toBe(row.expected[caller]);
  });
});
