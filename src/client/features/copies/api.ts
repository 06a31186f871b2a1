/**
 * The calls of a book's copies (docs/product/desk.md#copies): listed with who has them, added,
 * marked, found by barcode, named for labels, and a lent copy marked lost. Librarians only; the
 * server decides.
 */
import type { CopyUpdate } from '../../../common/copies.ts';
import { api } from '../../lib/api-client.ts';

/** The most copies one request lists: a book's page shows this many and says how many more. */
export const COPIES_SHOWN = 200;

/** GET /api/books/:id/copies: the first page, with who has each copy on loan, and how many in all. */
export async function getBookCopies(bookId: string, signal?: AbortSignal) {
  const { data, headers } = await api.get('/books/{id}/copies', {
    path: { id: bookId },
    params: { limit: COPIES_SHOWN },
    signal,
  });
  return { items: data, total: Number(headers.get('X-Total-Count') ?? data.length) };
}

/** POST /api/books/:id/copies: a new copy with a new barcode, or the one given. */
export async function addCopy(bookId: string, fields: { barcode?: string; shelfMark?: string }) {
  return (await api.post('/books/{id}/copies', fields, { id: bookId })).data.copy;
}

/** PATCH /api/copies/:id: status (not of a copy on loan or held), shelf mark, note. */
export async function updateCopy(copyId: string, changes: CopyUpdate) {
  return (await api.patch('/copies/{id}', changes, { id: copyId })).data;
}

/** GET /api/copies/by-barcode/:barcode: the copy, its book and its current loan. */
export async function findCopy(barcode: string) {
  return (await api.get('/copies/by-barcode/{barcode}', { path: { barcode } })).data;
}

/** GET /api/copies?ids=: the copies a labels page names, with their titles. */
export async function getLabelCopies(ids: string[], signal?: AbortSignal) {
  return (await api.get('/copies', { params: { ids: ids.join(',') }, signal })).data;
}

/** POST /api/desk/loans/:id/lost: the loan closes as lost; what it charged. */
export async function markLoanLost(loanId: string) {
  return (await api.post('/desk/loans/{id}/lost', {}, { id: loanId })).data;
}
