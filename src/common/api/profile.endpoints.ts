/**
 * A member's own account: the notices the library sent them and which they want by e-mail, a
 * download of everything kept about them, and deleting the account. Name, photo and password go
 * through better-auth (`/api/auth/update-user`, `/change-password`). Always the caller's own
 * account, from the session.
 */
import { z } from 'zod';
import {
  accountDeletionSchema,
  deleteResultSchema,
  memberDataExportSchema,
  noticeChoicesSchema,
  noticeChoicesUpdateSchema,
  noticeSchema,
} from '../schemas.ts';
import { endpoint } from './endpoint.ts';

const tag = 'Profile';
const access = 'member';

export const profileEndpoints = {
  myNotices: endpoint({
    method: 'GET',
    path: '/api/profile/notices',
    summary: 'The notices the library sent the member, newest first',
    tag,
    access,
    answer: z.array(noticeSchema),
  }),
  noticeChoices: endpoint({
    method: 'GET',
    path: '/api/profile/notice-choices',
    summary: 'Which notices the member wants by e-mail',
    tag,
    access,
    answer: noticeChoicesSchema,
  }),
  changeNoticeChoices: endpoint({
    method: 'PATCH',
    path: '/api/profile/notice-choices',
    summary: 'Change which notices go by e-mail; kinds left out stay as they were',
    tag,
    access,
    body: noticeChoicesUpdateSchema,
    answer: noticeChoicesSchema,
  }),
  myData: endpoint({
    method: 'GET',
    path: '/api/profile/data',
    summary: 'Everything the library keeps about the member, as a JSON download',
    tag,
    access,
    answer: memberDataExportSchema,
  }),
  deleteAccount: endpoint({
    method: 'DELETE',
    path: '/api/profile',
    summary:
      'Delete the account, given its password: refused while books are on loan; history kept without name',
    tag,
    access,
    body: accountDeletionSchema,
    answer: deleteResultSchema,
  }),
};
