/**
 * The client's calls are typed from the endpoint table (issue 39, item 6): `npm run typecheck`
 * compiles this file, and each `@ts-expect-error` below fails the check when the call it marks
 * starts to compile, that is, when the table's types stop reaching the client. Never run.
 */
import { api } from '../../src/client/lib/api-client.ts';

export function typedCalls() {
  // A path's value, its query and its body, as the table declares them.
  void api.get('/books/{id}', { path: { id: 'b1' } });
  void api.get('/books', { params: { q: 'gora', sort: 'title' } });
  void api.post('/borrowedBooks/{id}/renew', undefined, { id: 'l1' });
  void api.delete('/profile', { password: 'secret' });

  // @ts-expect-error a misspelt query parameter
  void api.get('/books', { params: { ids: 'x' } });
  // @ts-expect-error a query value the endpoint does not take
  void api.get('/books', { params: { sort: 'price' } });
  // @ts-expect-error a path's value left out
  void api.get('/books/{id}');
  // @ts-expect-error a path's value misspelt
  void api.get('/books/{id}', { path: { bookId: 'b1' } });
  // @ts-expect-error a query on an endpoint that takes none
  void api.get('/circulation/rules', { params: { day: '2026-01-01' } });
  // @ts-expect-error a renewal without the loan it renews
  void api.post('/borrowedBooks/{id}/renew', undefined);
  // @ts-expect-error a path that is not in the table
  void api.get('/book/{id}', { path: { id: 'b1' } });
}
