/**
 * The labels page's loader (router.tsx imports it with the page, like the desk's): the copies of
 * `?book=:id` (all but withdrawn and lost ones, which get no label) or the copies named by
 * `?copies=id1,id2`, with what each label prints. Librarians only: a member is told the page is
 * not theirs, a visitor is sent to sign in by the guard.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { LABEL_COPIES_MAX, type CopyStatus } from '../../../common/copies.ts';
import { getBook } from '../../lib/get-book.ts';
import { loadFailureResponse } from '../../lib/load-failure-response.ts';
import { getBookCopies, getLabelCopies } from './api.ts';
import { apiFailure } from '../../lib/api-client.ts';
import { whenSignedIn } from '../../lib/when-signed-in.ts';

export interface Label {
  copyId: string;
  barcode: string;
  title: string;
  shelfMark: string | null;
}

/** The labels to print, the book they came from (none for named copies), and named copies not found. */
interface Labels {
  labels: Label[];
  bookId: string | null;
  missing: number;
}

/** Copies that are no longer on the library's shelves: nothing to stick a label on. */
const UNLABELLED: ReadonlySet<CopyStatus> = new Set(['withdrawn', 'lost']);

async function bookLabels(bookId: string, signal: AbortSignal): Promise<Labels> {
  const [book, copies] = await Promise.all([
    getBook(bookId, signal),
    getBookCopies(bookId, signal),
  ]);
  const labels = copies.items
    .filter((copy) => !UNLABELLED.has(copy.status))
    .map((copy) => ({
      copyId: copy._id,
      barcode: copy.barcode,
      title: book.name,
      shelfMark: copy.shelfMark,
    }));
  return { labels, bookId, missing: 0 };
}

async function namedLabels(ids: string[], signal: AbortSignal): Promise<Labels> {
  const copies = ids.length > 0 ? await getLabelCopies(ids, signal) : [];
  const labels = copies.map((copy) => ({
    copyId: copy._id,
    barcode: copy.barcode,
    title: copy.title,
    shelfMark: copy.shelfMark,
  }));
  return { labels, bookId: null, missing: ids.length - labels.length };
}

export async function loadLabels({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const book = query.get('book')?.trim();
  const ids = [
    ...new Set(
      (query.get('copies') ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ].slice(0, LABEL_COPIES_MAX);
  try {
    const found = await whenSignedIn(() =>
      book ? bookLabels(book, request.signal) : namedLabels(ids, request.signal),
    );
    return found ? { access: 'granted' as const, ...found } : { access: 'signedOut' as const };
  } catch (error) {
    const { status } = apiFailure(error);
    if (status === 401) return { access: 'signedOut' as const };
    if (status === 403) return { access: 'forbidden' as const };
    throw loadFailureResponse(error);
  }
}
