/**
 * The loaders of the digital library and the reader, kept out of the lazily loaded page modules:
 * React
 * Router then starts a page's data at once, while the page's code is still downloading, instead
 * of after it (router.tsx imports them; the pages read them with `useLoaderData<typeof …>()`).
 */
import type { LoaderFunctionArgs } from 'react-router';
import { listEbooks, myEbooks, readingPosition, type DigitalLibrary } from './ebooks-api.ts';
import { bookOrNull } from '../../lib/get-book.ts';
import { loadFailureResponse } from '../../lib/load-failure-response.ts';
import { forMember, whenSignedIn } from '../../lib/when-signed-in.ts';

/**
 * The digital library (/read-online): the e-books, by `access` and `q` from the address, and a
 * signed-in member's e-loans and waiting lists (null for a visitor).
 */
export async function loadDigitalLibrary({ request }: LoaderFunctionArgs): Promise<DigitalLibrary> {
  const params = new URL(request.url).searchParams;
  const asked = params.get('access');
  const access = asked === 'open' || asked === 'lend' ? asked : undefined;
  const q = params.get('q')?.trim() || undefined;
  try {
    const [books, mine] = await Promise.all([
      listEbooks({ access, q }, request.signal),
      forMember(() => myEbooks(request.signal)),
    ]);
    return { books, mine, access, q };
  } catch (error) {
    throw loadFailureResponse(error);
  }
}

/**
 * The reader: the book, and where the member is in it (null for a visitor or before a first
 * reading). Whether the file may be read is the file's own answer, asked by the page.
 */
export async function loadReader({ params, request }: LoaderFunctionArgs) {
  const bookId = params.bookId ?? '';
  const [book, position] = await Promise.all([
    bookOrNull(bookId, request.signal),
    whenSignedIn(() => readingPosition(bookId, request.signal)).catch(() => null),
  ]);
  return { book, position };
}
