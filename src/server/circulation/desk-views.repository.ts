/** SQL of the desk's views (docs/product.md#librarians): every member's loans, and the library in figures. */
import { sql, type Kysely } from 'kysely';
import type { DeskStats } from '../../common/types.ts';
import type { DB } from '../db/schema.ts';
import { likePattern } from '../db/like-pattern.ts';
import { loansWithBooks, toListing, type LoanListing } from './loans.repository.ts';

export type DeskLoanStatus = 'current' | 'overdue' | 'returned';

export interface DeskLoanQuery {
  status?: DeskLoanStatus;
  /** Words of a member's name or e-mail, or of a book's title. */
  q?: string;
  /** One loan, whatever its status (the answer of a renewal at the desk). */
  loanId?: string;
  /** The library's today, which decides what is overdue. */
  today?: string;
  limit: number;
  offset: number;
}

function matching(db: Kysely<DB>, query: DeskLoanQuery) {
  let found = loansWithBooks(db);
  if (query.loanId !== undefined) found = found.where('loan.id', '=', query.loanId);
  if (query.status === 'returned') found = found.where('loan.returnedAt', 'is not', null);
  if (query.status === 'current' || query.status === 'overdue')
    found = found.where('loan.returnedAt', 'is', null);
  if (query.status === 'overdue' && query.today !== undefined)
    found = found.where('loan.returnDate', '<', query.today);
  if (query.q) {
    const pattern = likePattern(query.q);
    const title = sql`coalesce(${sql.ref('book.name')}, ${sql.ref('withdrawnBook.name')}, '')`;
    found = found.where(
      sql<boolean>`(lower(${sql.ref('loan.userName')}) like ${pattern} escape '\\'
        or lower(${sql.ref('loan.userEmail')}) like ${pattern} escape '\\'
        or lower(${title}) like ${pattern} escape '\\')`,
    );
  }
  return found;
}

/**
 * One page of loans: current and overdue ones soonest due first, returned ones most recently
 * returned first; with their total when asked.
 */
export async function deskLoanPage(
  db: Kysely<DB>,
  query: DeskLoanQuery,
  options: { counted?: boolean } = {},
): Promise<{ rows: LoanListing[]; total: number }> {
  const ordered =
    query.status === 'returned'
      ? matching(db, query).orderBy('loan.returnedAt', 'desc').orderBy('loan.id', 'desc')
      : matching(db, query).orderBy('loan.returnDate', 'asc').orderBy('loan.id', 'asc');
  const rows = (await ordered.limit(query.limit).offset(query.offset).execute()).map(toListing);
  let total = rows.length;
  if (options.counted) {
    const counted = await db
      .selectFrom(matching(db, query).as('matched'))
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    total = Number(counted.count);
  }
  return { rows, total };
}

const countOf = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

export async function libraryStats(
  db: Kysely<DB>,
  { today, monthStart }: { today: string; monthStart: string },
): Promise<DeskStats> {
  const [books, loans, holds, month, top] = await Promise.all([
    db
      .selectFrom('book')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('books'),
        eb.fn.sum<number | string | null>('quantity').as('shelf'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('loan')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('onLoan'),
        eb.fn
          .sum<number | string | null>(
            eb.case().when('returnDate', '<', today).then(1).else(0).end(),
          )
          .as('overdue'),
      ])
      .where('returnedAt', 'is', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('hold')
      .select((eb) => [
        eb.fn
          .sum<number | string | null>(
            eb.case().when('status', '=', 'waiting').then(1).else(0).end(),
          )
          .as('waiting'),
        eb.fn
          .sum<number | string | null>(eb.case().when('status', '=', 'ready').then(1).else(0).end())
          .as('ready'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('loan')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('borrowedDate', '>=', monthStart)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('loan')
      .innerJoin('book', 'book.id', 'loan.bookId')
      .select((eb) => [
        'book.id',
        'book.name',
        'book.author',
        eb.fn.countAll<number | string>().as('loans'),
      ])
      .groupBy(['book.id', 'book.name', 'book.author'])
      .orderBy('loans', 'desc')
      .orderBy('book.name')
      .orderBy('book.id')
      .limit(5)
      .execute(),
  ]);
  const onLoan = countOf(loans.onLoan);
  return {
    books: countOf(books.books),
    copies: countOf(books.shelf) + onLoan + countOf(holds.ready),
    onLoan,
    overdue: countOf(loans.overdue),
    holdsWaiting: countOf(holds.waiting),
    loansThisMonth: countOf(month.count),
    topBooks: top.map((row) => ({
      _id: row.id,
      name: row.name,
      author: row.author,
      loans: countOf(row.loans),
    })),
  };
}
