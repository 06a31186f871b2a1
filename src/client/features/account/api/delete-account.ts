import { api } from '../../../lib/api-client.ts';

/**
 * DELETE /api/profile with the account's password: 403 INVALID_CREDENTIALS for a wrong one, 409
 * OPEN_LOANS while books are on loan; the session ends with it.
 */
export async function deleteAccount(password: string): Promise<void> {
  await api.delete('/profile', { password });
}

/** Where the browser downloads the member's data (a JSON attachment). */
export const MEMBER_DATA_URL = '/api/profile/data';
