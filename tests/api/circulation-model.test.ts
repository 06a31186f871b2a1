/**
 * Model-based test of circulation: random sequences of sign-up, add, update, increment, borrow,
 * return and check by several members run against the real server and, step by step, against a
 * small model of the rules. After every step the database must satisfy the invariants, and every
 * book's copies on the shelf plus on loan must equal what add, update and increment made them.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BORROW_LIMIT } from '../../src/common/constants.ts';
import type { BorrowCheck } from '../../src/common/types.ts';
import { addBook, signUp, validBook, type Agent, loanDates } from '../support/agent.ts';
import { expectCirculationInvariants, readShelves } from '../support/invariants.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';

interface ModelBook {
  id: string;
  quantity: number;
}
interface ModelLoan {
  id: string;
  member: number;
  book: number;
}
interface Model {
  members: number;
  books: ModelBook[];
  loans: ModelLoan[];
}
interface Real {
  server: TestApp;
  agents: Agent[];
}

const dates = loanDates();

/** What the rules say borrowing would answer, in the order the API checks them. */
function expectedRefusal(model: Model, member: number, book: number): string | null {
  if ((model.books[book]?.quantity ?? 0) <= 0) return 'NOT_AVAILABLE';
  const held = model.loans.filter((loan) => loan.member === member);
  if (held.some((loan) => loan.book === book)) return 'ALREADY_BORROWED';
  if (held.length >= BORROW_LIMIT) return 'LIMIT_REACHED';
  return null;
}

/** Copies on the shelf plus on loan, per book, must equal what the model says was stocked. */
async function expectShelvesMatch(model: Model, real: Real) {
  await expectCirculationInvariants(real.server.app.database.db);
  const shelves = await readShelves(real.server.app.database.db);
  model.books.forEach((book, index) => {
    const onLoan = model.loans.filter((loan) => loan.book === index).length;
    expect(shelves.get(book.id)).toEqual({ quantity: book.quantity, onLoan });
  });
}

class SignUpCommand implements fc.AsyncCommand<Model, Real> {
  check = (model: Readonly<Model>) => model.members < 6;
  async run(model: Model, real: Real) {
    real.agents.push((await signUp(real.server.app)).agent);
    model.members += 1;
    await expectShelvesMatch(model, real);
  }
  toString = () => 'signUp';
}

class AddCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly quantity: number) {}
  check = (model: Readonly<Model>) => model.books.length < 8;
  async run(model: Model, real: Real) {
    const id = await addBook(real.agents[0] as Agent, { quantity: this.quantity });
    model.books.push({ id, quantity: this.quantity });
    await expectShelvesMatch(model, real);
  }
  toString = () => `add(${this.quantity})`;
}

class UpdateCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly book: number,
    readonly quantity: number,
  ) {}
  check = (model: Readonly<Model>) => model.books.length > 0;
  async run(model: Model, real: Real) {
    const book = model.books[this.book % model.books.length] as ModelBook;
    const response = await (real.agents[0] as Agent).patch(`/api/books/${book.id}`, {
      ...validBook,
      quantity: this.quantity,
    });
    expect(response.status).toBe(200);
    book.quantity = this.quantity;
    await expectShelvesMatch(model, real);
  }
  toString = () => `update(book ${this.book}, quantity ${this.quantity})`;
}

class IncrementCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly book: number) {}
  check = (model: Readonly<Model>) => model.books.length > 0;
  async run(model: Model, real: Real) {
    const book = model.books[this.book % model.books.length] as ModelBook;
    expect((await (real.agents[0] as Agent).patch(`/api/books/${book.id}/increment`)).status).toBe(
      200,
    );
    book.quantity += 1;
    await expectShelvesMatch(model, real);
  }
  toString = () => `increment(book ${this.book})`;
}

class BorrowCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly member: number,
    readonly book: number,
  ) {}
  check = (model: Readonly<Model>) => model.books.length > 0;
  async run(model: Model, real: Real) {
    const member = this.member % model.members;
    const bookIndex = this.book % model.books.length;
    const book = model.books[bookIndex] as ModelBook;
    const refusal = expectedRefusal(model, member, bookIndex);
    const response = await (real.agents[member] as Agent).post<{
      insertedId: string;
      code: string;
    }>('/api/borrowedBooks', { bookId: book.id, ...dates });
    if (refusal) {
      expect(response.status).toBe(409);
      expect(response.body.code).toBe(refusal);
    } else {
      expect(response.status).toBe(201);
      book.quantity -= 1;
      model.loans.push({ id: response.body.insertedId, member, book: bookIndex });
    }
    await expectShelvesMatch(model, real);
  }
  toString = () => `borrow(member ${this.member}, book ${this.book})`;
}

class ReturnCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly member: number,
    readonly loan: number,
  ) {}
  check = (model: Readonly<Model>) => model.loans.length > 0;
  async run(model: Model, real: Real) {
    const member = this.member % model.members;
    const loanIndex = this.loan % model.loans.length;
    const loan = model.loans[loanIndex] as ModelLoan;
    const response = await (real.agents[member] as Agent).delete(`/api/borrowedBooks/${loan.id}`);
    if (loan.member === member) {
      expect(response.status).toBe(200);
      (model.books[loan.book] as ModelBook).quantity += 1;
      model.loans.splice(loanIndex, 1);
    } else {
      expect(response.status).toBe(404);
    }
    await expectShelvesMatch(model, real);
  }
  toString = () => `return(member ${this.member}, loan ${this.loan})`;
}

class CheckCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly member: number,
    readonly book: number,
  ) {}
  check = (model: Readonly<Model>) => model.books.length > 0;
  async run(model: Model, real: Real) {
    const member = this.member % model.members;
    const bookIndex = this.book % model.books.length;
    const book = model.books[bookIndex] as ModelBook;
    const response = await (real.agents[member] as Agent).get<BorrowCheck>(
      `/api/borrowedBooks/check?bookId=${book.id}`,
    );
    const refusal = expectedRefusal(model, member, bookIndex);
    expect(response.body).toEqual({ canBorrow: refusal === null, reason: refusal });
  }
  toString = () => `check(member ${this.member}, book ${this.book})`;
}

const index = fc.nat({ max: 20 });
const commands = [
  fc.constant(new SignUpCommand()),
  fc.integer({ min: 1, max: 3 }).map((quantity) => new AddCommand(quantity)),
  fc
    .tuple(index, fc.integer({ min: 0, max: 3 }))
    .map(([book, quantity]) => new UpdateCommand(book, quantity)),
  index.map((book) => new IncrementCommand(book)),
  fc.tuple(index, index).map(([member, book]) => new BorrowCommand(member, book)),
  fc.tuple(index, index).map(([member, book]) => new BorrowCommand(member, book)),
  fc.tuple(index, index).map(([member, loan]) => new ReturnCommand(member, loan)),
  fc.tuple(index, index).map(([member, book]) => new CheckCommand(member, book)),
];

describe.each(databaseKinds)('circulation against its model on %s', (kind) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  it('agrees with the model after every step of random sequences', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.commands(commands, { maxCommands: 40, size: 'large' }),
        async (sequence) => {
          const agents = [(await signUp(server.app)).agent, (await signUp(server.app)).agent];
          // Two books on the shelf from the start, so most sequences reach borrowing and returning.
          const books = [
            { id: await addBook(agents[0] as Agent, { quantity: 1 }), quantity: 1 },
            { id: await addBook(agents[0] as Agent, { quantity: 2 }), quantity: 2 },
          ];
          const real: Real = { server, agents };
          const model: Model = { members: 2, books, loans: [] };
          await fc.asyncModelRun(() => ({ model, real }), sequence);
        },
      ),
      { numRuns: 20 },
    );
  }, 120_000);
});
