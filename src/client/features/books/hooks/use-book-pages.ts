import { useCallback, useEffect, useRef, useState } from 'react';
import type { Book } from '../../../../common/types.ts';
import { showAlert } from '../../../lib/dialogs.ts';
import { failureMessages } from '../../../lib/messages.ts';
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

function reportLoadFailure() {
  void showAlert('error', failureMessages.loadBooks.title, failureMessages.loadBooks.text);
}

/**
 * The All Books list, one page at a time, newest first. Mount it afresh (a `key`) when the filter
 * changes so that it starts from the first page again.
 */
export function useBookPages(available: boolean) {
  const [loaded, setLoaded] = useState<LoadedBooks | null>(null);
  const [failed, setFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const moreInFlight = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    getBooks({ available, limit: BOOKS_PAGE_SIZE }, controller.signal).then(setLoaded, () => {
      if (controller.signal.aborted) return;
      setFailed(true);
      reportLoadFailure();
    });
    return () => controller.abort();
  }, [available, attempt]);

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
