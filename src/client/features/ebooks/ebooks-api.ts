/**
 * The digital library's calls (docs/product/digital-library.md): the e-books, a member's e-loans
 * and waiting lists, reading positions, and the librarian's e-book edition of a book.
 */
import type { EbookAccess } from '../../../common/constants.ts';
import type { EbookEdition, EbookLoanListing, EbookWait } from '../../../common/types.ts';
import { api } from '../../lib/api-client.ts';

export async function listEbooks(
  query: { access?: EbookAccess; q?: string },
  signal?: AbortSignal,
) {
  return (await api.get('/ebooks', { params: query, signal })).data;
}

/** The digital library's page: the e-books asked for, and a member's own (null for a visitor). */
export interface DigitalLibrary {
  books: Awaited<ReturnType<typeof listEbooks>>;
  mine: Awaited<ReturnType<typeof myEbooks>> | null;
  access: EbookAccess | undefined;
  q: string | undefined;
}

/** The member's current e-loans and places on waiting lists. */
export async function myEbooks(
  signal?: AbortSignal,
): Promise<{ loans: EbookLoanListing[]; waits: EbookWait[] }> {
  const [loans, waits] = await Promise.all([
    api.get('/ebooks/loans', { signal }),
    api.get('/ebooks/waitlist', { signal }),
  ]);
  return { loans: loans.data, waits: waits.data };
}

export async function borrowEbook(bookId: string) {
  return (await api.post('/ebooks/{bookId}/loans', undefined, { bookId })).data.loan;
}

export async function returnEbook(loanId: string) {
  await api.delete('/ebooks/loans/{id}', { id: loanId });
}

export async function joinWaitlist(bookId: string) {
  return (await api.post('/ebooks/{bookId}/waitlist', undefined, { bookId })).data.position;
}

export async function leaveWaitlist(waitId: string) {
  await api.delete('/ebooks/waitlist/{id}', { id: waitId });
}

export async function readingPosition(bookId: string, signal?: AbortSignal) {
  return (await api.get('/ebooks/{bookId}/position', { path: { bookId }, signal })).data;
}

export async function keepReadingPosition(bookId: string, locator: string, progress: number) {
  await api.put('/ebooks/{bookId}/position', { locator, progress }, { bookId });
}

/** PUT /api/books/:id/ebook: the EPUB, checked by the server before it is stored. */
export async function uploadEbook(bookId: string, file: File): Promise<EbookEdition> {
  const form = new FormData();
  form.append('file', file);
  return (await api.put('/books/{id}/ebook', form, { id: bookId })).data.ebook;
}

export async function changeEbook(
  bookId: string,
  change: { access?: EbookAccess; copies?: number },
): Promise<EbookEdition> {
  return (await api.patch('/books/{id}/ebook', change, { id: bookId })).data.ebook;
}

export async function removeEbook(bookId: string) {
  await api.delete('/books/{id}/ebook', { id: bookId });
}

/** The EPUB itself, as a file the reader opens; its failure keeps the server's code. */
export async function fetchEpub(bookId: string, signal?: AbortSignal): Promise<File> {
  const response = await fetch(`/api/ebooks/${encodeURIComponent(bookId)}/file`, {
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { code?: string };
    throw new EpubUnavailable(response.status, body.code);
  }
  return new File([await response.blob()], 'book.epub', { type: 'application/epub+zip' });
}

export class EpubUnavailable extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(`The e-book could not be fetched (${status})`);
  }
}
