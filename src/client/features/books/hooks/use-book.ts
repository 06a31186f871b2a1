import { useEffect, useState } from 'react';
import type { Book } from '../../../../common/types.ts';
import { showAlert } from '../../../lib/dialogs.ts';
import { failureMessages } from '../../../lib/messages.ts';
import { getBook } from '../api/get-book.ts';

type Loaded = { id: string; book: Book } | { id: string; book: null };

/**
 * One book for the update form; `book` is undefined while loading and null when it failed.
 * Answers are kept with their id, so moving to another book shows loading again.
 */
export function useBook(id: string) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getBook(id, controller.signal).then(
      (book) => setLoaded({ id, book }),
      () => {
        if (controller.signal.aborted) return;
        setLoaded({ id, book: null });
        const { title, text } = failureMessages.loadBookForUpdate;
        void showAlert('error', title, text);
      },
    );
    return () => controller.abort();
  }, [id]);

  return loaded?.id === id ? loaded.book : undefined;
}
