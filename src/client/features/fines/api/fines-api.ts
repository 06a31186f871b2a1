/**
 * The server calls of fines and membership (docs/product/fines-and-membership.md); the member's own
 * balance and membership are lib/fines-and-membership.ts, which other features' pages read too.
 */
import type { FineEntryCreated, FineReceipt } from '../../../../common/types.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/desk/members/:id/payments or /waivers: whole taka off the member's balance. */
export async function takeOff(
  kind: 'payments' | 'waivers',
  memberId: string,
  body: { amount: number; note?: string },
): Promise<FineEntryCreated> {
  const path = kind === 'payments' ? '/desk/members/{id}/payments' : '/desk/members/{id}/waivers';
  return (await api.post(path, body, { id: memberId })).data;
}

/** POST /api/desk/members/:id/membership: the membership's new last day. */
export async function renewMembership(memberId: string): Promise<{ expiresOn: string }> {
  return (await api.post('/desk/members/{id}/membership', {}, { id: memberId })).data;
}

/** GET /api/desk/receipts/:id: a ledger entry, whose it is, and the balance now. */
export async function getReceipt(entryId: string, signal?: AbortSignal): Promise<FineReceipt> {
  return (await api.get('/desk/receipts/{id}', { signal, path: { id: entryId } })).data;
}
