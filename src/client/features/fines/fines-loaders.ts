/**
 * The loaders of Join Us and a desk receipt, kept out of the lazily loaded page modules: React
 * Router then starts a page's data at once, while the page's code is still downloading, instead
 * of after it (router.tsx imports them; the pages read them with `useLoaderData<typeof …>()`).
 */
import type { LoaderFunctionArgs } from 'react-router';
import { getReceipt } from './api/fines-api.ts';
import { getMembership } from '../../lib/fines-and-membership.ts';
import { forMember } from '../../lib/when-signed-in.ts';

/** Join Us: the member's membership, or null for a visitor (who sees the sign-up form). */
export async function loadMembership({ request }: LoaderFunctionArgs) {
  return { membership: await forMember(() => getMembership(request.signal)) };
}

/** A desk receipt: the ledger entry, whose it is, and what they owe now. */
export async function loadReceipt({ params, request }: LoaderFunctionArgs) {
  return { receipt: await forMember(() => getReceipt(params.id ?? '', request.signal)) };
}
