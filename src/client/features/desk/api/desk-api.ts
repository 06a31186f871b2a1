/**
 * The desk's calls (docs/product.md#librarians): every member's loans, check-in and renewal on their
 * behalf, holds, members, figures and the catalogue's import. Librarians only; the server decides.
 */
import type {
  ApiErrorBody,
  DeskHold,
  DeskMember,
  DeskStats,
  Loan,
} from '../../../../common/types.ts';
import type { Role } from '../../../../common/constants.ts';
import { api } from '../../../lib/api-client.ts';

export const DESK_LOAN_STATUSES = ['current', 'overdue', 'returned'] as const;
export type DeskLoanStatus = (typeof DESK_LOAN_STATUSES)[number];

/** One page of a desk list and how many there are in all (`X-Total-Count`). */
export interface DeskPage<T> {
  items: T[];
  total: number;
}

const totalOf = (headers: Headers) => Number(headers.get('X-Total-Count') ?? 0);

export interface DeskListQuery {
  q: string;
  page: number;
  limit: number;
}

/** GET /api/desk/loans: current and overdue soonest due first, returned latest first. */
export async function getDeskLoans(
  query: DeskListQuery & { status: DeskLoanStatus },
  signal?: AbortSignal,
): Promise<DeskPage<Loan>> {
  const { data, headers } = await api.get('/desk/loans', {
    params: { status: query.status, q: query.q || undefined, page: query.page, limit: query.limit },
    signal,
  });
  return { items: data, total: totalOf(headers) };
}

/** POST /api/desk/loans/:id/return: the copy goes to the next hold or the shelf. */
export async function checkInLoan(loanId: string): Promise<void> {
  await api.post('/desk/loans/{id}/return', {}, { id: loanId });
}

/** POST /api/desk/loans/:id/renew: the member's renewal, with its rules. */
export async function renewDeskLoan(loanId: string): Promise<Loan> {
  return (await api.post('/desk/loans/{id}/renew', {}, { id: loanId })).data;
}

/** GET /api/desk/holds: every member's holds, newest first. */
export async function getDeskHolds(signal?: AbortSignal): Promise<DeskHold[]> {
  return (await api.get('/desk/holds', { signal })).data;
}

/** GET /api/desk/members: found by name or e-mail, by name. */
export async function getDeskMembers(
  query: DeskListQuery,
  signal?: AbortSignal,
): Promise<DeskPage<DeskMember>> {
  const { data, headers } = await api.get('/desk/members', {
    params: { q: query.q || undefined, page: query.page, limit: query.limit },
    signal,
  });
  return { items: data, total: totalOf(headers) };
}

/** PATCH /api/desk/members/:id: grant or revoke the librarian role, block or unblock. */
export async function updateDeskMember(
  memberId: string,
  changes: { role?: Role; blocked?: boolean },
): Promise<DeskMember> {
  return (await api.patch('/desk/members/{id}', changes, { id: memberId })).data;
}

export async function getDeskStats(signal?: AbortSignal): Promise<DeskStats> {
  return (await api.get('/desk/stats', { signal })).data;
}

/** Where the browser downloads the catalogue as CSV (a plain link: the cookie goes with it). */
export const CATALOGUE_EXPORT_URL = '/api/desk/books.csv';

/** POST /api/desk/books/import: the file as text/csv; all of it or nothing. */
export async function importCatalogue(csv: string): Promise<number> {
  const { data } = await api.postText('/desk/books/import', csv, 'text/csv; charset=utf-8');
  return data.imported;
}

/** What an import came to, as the desk's action answers it: books added, or why none were. */
export type ImportIssue = NonNullable<ApiErrorBody['issues']>[number];
export type ImportOutcome =
  | { intent: 'import'; imported: number }
  | { intent: 'import'; refused: string; issues: ImportIssue[] };

/** GET /api/categories/options: the library's categories, for the catalogue tab's list. */
export async function getCategoryOptions(
  signal?: AbortSignal,
): Promise<{ name: string; nameBn: string }[]> {
  return (await api.get('/categories/options', { signal })).data;
}

/** POST /api/categories/options (docs/product.md#categories). */
export async function addCategory(name: string, nameBn: string): Promise<void> {
  await api.post('/categories/options', { name, nameBn });
}

/** PATCH /api/categories/options/:name: a new English or Bangla name; books follow. */
export async function renameCategory(from: string, name: string, nameBn: string): Promise<void> {
  await api.patch('/categories/options/{name}', { name, nameBn }, { name: from });
}

/** DELETE /api/categories/options/:name: only a category no book carries. */
export async function removeCategory(name: string): Promise<void> {
  await api.delete('/categories/options/{name}', { name });
}
