import type { Location } from 'react-router';
import { paths } from '../../lib/routes.ts';

/** Where to go after signing in: the guarded page that sent the visitor here, or home. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === paths.signIn) return paths.home;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
