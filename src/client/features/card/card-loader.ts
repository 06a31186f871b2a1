/**
 * The library card's loader, kept out of the lazily loaded page module: React
 * Router then starts a page's data at once, while the page's code is still downloading, instead
 * of after it (router.tsx imports them; the pages read them with `useLoaderData<typeof …>()`).
 */
import type { LoaderFunctionArgs } from 'react-router';
import { getCard } from './api/get-card.ts';
import { forMember } from '../../lib/when-signed-in.ts';

/** The library card: the member's card number and name (null for a visitor, sent to sign in). */
export async function loadCard({ request }: LoaderFunctionArgs) {
  return { card: await forMember(() => getCard(request.signal)) };
}
