import { currentSessionUser } from '../features/auth/auth-session.ts';

/**
 * Asks for a member's own data only when someone is signed in, so a visitor's page sends no
 * request the server would refuse (and the browser logs no 401).
 */
export async function whenSignedIn<T>(load: () => Promise<T>): Promise<T | null> {
  return (await currentSessionUser()) ? load() : null;
}
