import { currentSessionUser } from '../features/auth/auth-session.ts';
import { apiFailure } from './api-client.ts';
import { loadFailureResponse } from './load-failure-response.ts';

/**
 * Asks for a member's own data only when someone is signed in, so a visitor's page sends no
 * request the server would refuse (and the browser logs no 401).
 */
export async function whenSignedIn<T>(load: () => Promise<T>): Promise<T | null> {
  return (await currentSessionUser()) ? load() : null;
}

/**
 * A member page's data, or null for a visitor: guarded pages' loaders run before the guard, which
 * then sends the visitor to sign in. A visitor's page asks nothing (so the browser logs no 401),
 * and a session ended meanwhile counts as a visitor.
 */
export async function forMember<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await whenSignedIn(load);
  } catch (error) {
    if (apiFailure(error).status === 401) return null;
    throw loadFailureResponse(error);
  }
}
