import type { Notice } from '../../../../common/types.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/profile/notices: the member's notices, newest first. */
export async function getNotices(signal?: AbortSignal): Promise<Notice[]> {
  return (await api.get('/profile/notices', { signal })).data;
}
