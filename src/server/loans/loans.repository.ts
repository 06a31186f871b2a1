/** SQL for loans and for the copies they take off and put back on the shelf. */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Category } from '../../common/constants.ts';
import type { Loan } from '../../common/types.ts';
import type { DB } from '../db/schema.ts';

export interface Member {
  id: string;
  name: string;
  email: string;
}

/** Takes one copy off the shelf if there is one; answers whether it did. */
export async function takeCopy(db: Kysely<DB>, bookId: string): Promise<boolean> {
  const result = await db
    .updateTable('book')
    .set((eb) => ({ quantity: eb('quantity', '-', 1) }))
    .where('id', '=', bookId)
    .where('quantity', '>', 0)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function putCopyBack(db: Kysely<DB>, bookId: string): Promise<void> {
  await db
    .updateTable('book')
    .set((eb) => ({ quantity: eb('quantity', '+', 1) }))
    .where('id', '=', bookId)
    .execute();
}

export async function bookQuantity(db: Kysely<DB>, bookId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('book')
    .select('quantity')
    .where('id', '=', bookId)
    .executeTakeFirst();
  return row?.quantity;
}

/** The member's loans as far as the borrow rules need them: which books, in which places. */
export async function memberHoldings(db: Kysely<DB>, userId: string) {
  return db.selectFrom('loan').select(['bookId', 'slot']).where('userId', '=', userId).execute();
}

export async function insertLoan(
  db: Kysely<DB>,
  loan: { bookId: string; member: Member; slot: number; borrowedDate: string; returnDate: string },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('loan')
    .values({
      id,
      bookId: loan.bookId,
      userId: loan.member.id,
      userName: loan.member.name,
      userEmail: loan.member.email,
      slot: loan.slot,
      borrowedDate: loan.borrowedDate,
      returnDate: loan.returnDate,
      createdAt: new Date().toISOString(),
    })
    .execute();
  return id;
}

export async function findMemberLoan(db: Kysely<DB>, userId: string, loanId: string) {
  return db
    .selectFrom('loan')
    .select(['id', 'bookId'])
    .where('id', '=', loanId)
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function deleteMemberLoan(
  db: Kysely<DB>,
  userId: string,
  loanId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('loan')
    .where('id', '=', loanId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The member's loans with the book each one is of, newest first. */
export async function listMemberLoans(db: Kysely<DB>, userId: string): Promise<Loan[]> {
  const rows = await db
    .selectFrom('loan')
    .innerJoin('book', 'book.id', 'loan.bookId')
    .select([
      'loan.id',
      'loan.bookId',
      'loan.userName',
      'loan.userEmail',
      'loan.borrowedDate',
      'loan.returnDate',
      'book.name',
      'book.author',
      'book.category',
      'book.image',
    ])
    .where('loan.userId', '=', userId)
    .orderBy('loan.createdAt', 'desc')
    .orderBy('loan.id', 'desc')
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    bookId: row.bookId,
    userName: row.userName,
    userEmail: row.userEmail,
    borrowedDate: row.borrowedDate,
    returnDate: row.returnDate,
    bookDetails: {
      _id: row.bookId,
      name: row.name,
      title: row.name,
      author: row.author,
      category: row.category as Category,
      image: row.image,
    },
  }));
}
