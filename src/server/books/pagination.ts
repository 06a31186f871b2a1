/** Cursor and Link-header helpers for newest-first book lists. */
import { ApiError } from '../http-errors.ts';
import type { BookCursor } from './books.repository.ts';

export function encodeCursor(cursor: BookCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

export function decodeCursor(value: string): BookCursor {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(decoded) &&
      decoded.length === 2 &&
      decoded.every((part) => typeof part === 'string' && part.length > 0 && part.length <= 64)
    ) {
      return { createdAt: decoded[0] as string, id: decoded[1] as string };
    }
  } catch {
    // Falls through to the one answer every unreadable cursor gets.
  }
  throw new ApiError(400, 'VALIDATION', 'cursor: not a cursor this server issued', [
    { path: 'cursor', message: 'not a cursor this server issued' },
  ]);
}

/** The `Link` header pointing at the next page: the same query with the given page parameters. */
export function nextPageLink(
  path: string,
  query: Record<string, unknown>,
  next: Record<string, string>,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === 'cursor' || key === 'page' || value === undefined) continue;
    params.set(key, String(value));
  }
  for (const [key, value] of Object.entries(next)) params.set(key, value);
  return `<${path}?${params.toString()}>; rel="next"`;
}
