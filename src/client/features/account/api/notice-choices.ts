import type { NoticeChoices } from '../../../../common/types.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/profile/notice-choices: which notices the member wants by e-mail. */
export async function getNoticeChoices(signal?: AbortSignal): Promise<NoticeChoices> {
  return (await api.get('/profile/notice-choices', { signal })).data;
}

/** PATCH /api/profile/notice-choices: answers the choices now in force. */
export async function setNoticeChoices(choices: NoticeChoices): Promise<NoticeChoices> {
  return (await api.patch('/profile/notice-choices', choices)).data;
}
