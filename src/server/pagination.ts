/** Cursors and the Link header of paginated lists (books, a member's history, the desk's lists). */
import type { FastifyReply } from 'fastify';
import { ApiError } from './http-errors.ts';

/** A position in a list's order: the sort key and the id of the last item of the previous page. */
export interface Cursor {
  key: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');
}

export function decodeCursor(value: string): Cursor {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(decoded) &&
      decoded.length === 2 &&
      decoded.every((part) => typeof part === 'string' && part.length > 0 && part.length <= 64)
    ) {
      return { key: decoded[0] as string, id: decoded[1] as string };
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

/** X-Total-Count and, when there is more, a Link to the next page, of a list paged by number. */
export function pageHeaders(
  reply: FastifyReply,
  path: string,
  query: Record<string, unknown> & { page?: number; limit: number },
  shown: number,
  total: number,
) {
  const page = query.page ?? 1;
  reply.header('X-Total-Count', String(total));
  if ((page - 1) * query.limit + shown < total)
    reply.header('Link', nextPageLink(path, query, { page: String(page + 1) }));
}
