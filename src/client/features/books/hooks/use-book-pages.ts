import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { Book } from '../../../../common/types.ts';
import { showAlert } from '../../../lib/dialogs.ts';
import { t } from '../../../lib/i18n.ts';
import { getBooks } from '../api/get-books.ts';

/** Enough to fill whole rows of two, three or four cards. */
export const BOOKS_PAGE_SIZE = 24;

interface LoadedBooks {
  books: Book[];
  total: number;
  nextCursor: string | null;
}

/** A book added while the member pages through the list must not show up twice. */
function appendNew(books: Book[], more: Book[]) {
  const seen = new Set(books.map((book) => book._id));
  return [...books, ...more.filter((book) => !seen.has(book._id))];
}

/**
 * The list as it was last shown in each entry of the browser's history, so that Back and Forward
 * find every page loaded there again, at once, and the scroll position with them.
 */
const listsByEntry = new Map<string, { available: boolean; loaded: LoadedBooks }>();
/** Entries kept; the oldest is forgotten first. */
const KEPT_ENTRIES = 20;

function keepList(entry: string, available: boolean, loaded: LoadedBooks) {
  listsByEntry.delete(entry);
  listsByEntry.set(entry, { available, loaded });
  const oldest = listsByEntry.keys().next().value;
  if (listsByEntry.size > KEPT_ENTRIES && oldest !== undefined) listsByEntry.delete(oldest);
}

function reportLoadFailure() {
  void showAlert('error', t.failureMessages.loadBooks.title, t.failureMessages.loadBooks.text);
}

/**
 * The All Books list, one page at a time, newest first. Mount it afresh (a `key`) when the filter
 * changes so that it starts from the first page again. Coming back to it through the browser's
 * history shows the pages loaded before (listsByEntry).
 */
export function useBookPages(available: boolean) {
  const entry = useLocation().key;
  const [restored] = useState(() => {
    const kept = listsByEntry.get(entry);
    return kept?.available === available ? kept.loaded : null;
  });
  const [loaded, setLoaded] = useState<LoadedBooks | null>(restored);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const moreInFlight = useRef(false);

  useEffect(() => {
    if (loaded) keepList(entry, available, loaded);
  }, [entry, available, loaded]);

  useEffect(() => {
    if (restored && attempt === 0) return;
    const controller = new AbortController();
    getBooks({ available, limit: BOOKS_PAGE_SIZE }, controller.signal).then(setLoaded, () => {
      if (controller.signal.aborted) return;
      setFailed(true);
      reportLoadFailure();
    });
    return () => controller.abort();
  }, [available, attempt, restored]);

  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((count) => count + 1);
  }, []);

  const loadMore = useCallback(async () => {
    const cursor = loaded?.nextCursor;
    if (!cursor || moreInFlight.current) return;
    moreInFlight.current = true;
    setLoadingMore(true);
    try {
      const page = await getBooks({ available, limit: BOOKS_PAGE_SIZE, cursor });
      setLoaded((current) => ({
        books: appendNew(current?.books ?? [], page.books),
        total: page.total,
        nextCursor: page.nextCursor,
      }));
    } catch {
      reportLoadFailure();
    } finally {
      moreInFlight.current = false;
      setLoadingMore(false);
    }
  }, [available, loaded?.nextCursor]);

  return { loaded, failed, loadingMore, loadMore, retry };
}
