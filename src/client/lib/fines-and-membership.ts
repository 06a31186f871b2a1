/**
 * A member's own balance and membership, which several pages show (borrowed books, profile, Join
 * Us, the fines' own pages): the library's standing with the member, so no one feature's.
 */
import type { Fines, Membership } from '../../common/types.ts';
import { api } from './api-client.ts';

/** GET /api/fines: the member's balance, what is accruing, and the ledger. */
export async function getFines(signal?: AbortSignal): Promise<Fines> {
  return (await api.get('/fines', { signal })).data;
}

/** GET /api/membership: since when and until when; null for a visitor. */
export async function getMembership(signal?: AbortSignal): Promise<Membership | null> {
  return (await api.get('/membership', { signal })).data;
}
