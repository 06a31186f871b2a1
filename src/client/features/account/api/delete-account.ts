import { api } from '../../../lib/api-client.ts';

/** DELETE /api/profile: 409 OPEN_LOANS while books are on loan; the session ends with it. */
export async function deleteAccount(): Promise<void> {
  await api.delete('/profile');
}

/** Where the browser downloads the member's data (a JSON attachment). */
export const MEMBER_DATA_URL = '/api/profile/data';
