import { apiFailure } from './api-client.ts';

/**
 * Turns a failed call of a route loader into the Response that the route's ErrorBoundary reads.
 * A request that never got an answer (status 0) counts as 503, since a Response cannot carry 0.
 */
export function loadFailureResponse(error: unknown): Response {
  const { status, message } = apiFailure(error);
  return new Response(message, { status: status >= 400 ? status : 503 });
}
