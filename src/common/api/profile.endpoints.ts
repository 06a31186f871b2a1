/**
 * A member's own account: the notices the library sent them and which they want by e-mail or by
 * SMS, their mobile number and its confirmation (docs/product.md#sms), a download of everything kept about them, and deleting the account. Name, photo and password go
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
import {
  phoneCodeSchema,
  phoneCodeSentSchema,
  phoneRequestSchema,
  phoneStateSchema,
  phoneVerifiedSchema,
  profileSchema,
  smsChoicesSchema,
  smsChoicesUpdateSchema,
} from '../phone-schemas.ts';
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
  myProfile: endpoint({
    method: 'GET',
    path: '/api/profile',
    summary: "The member's own account, with their mobile number and whether it is confirmed",
    tag,
    access,
    answer: profileSchema,
  }),
  setPhone: endpoint({
    method: 'PUT',
    path: '/api/profile/phone',
    summary:
      'Give a Bangladeshi mobile number: kept unconfirmed, a six-digit code sent to it by SMS (3 an hour)',
    tag,
    access,
    status: 202,
    body: phoneRequestSchema,
    answer: phoneCodeSentSchema,
  }),
  verifyPhone: endpoint({
    method: 'POST',
    path: '/api/profile/phone/verify',
    summary: 'Confirm the number with the code sent to it (five tries, ten minutes)',
    tag,
    access,
    body: phoneCodeSchema,
    answer: phoneVerifiedSchema,
  }),
  removePhone: endpoint({
    method: 'DELETE',
    path: '/api/profile/phone',
    summary: 'Remove the mobile number; every notice by SMS is turned off',
    tag,
    access,
    answer: phoneStateSchema,
  }),
  smsChoices: endpoint({
    method: 'GET',
    path: '/api/profile/sms-choices',
    summary: 'Which notices the member wants by SMS',
    tag,
    access,
    answer: smsChoicesSchema,
  }),
  changeSmsChoices: endpoint({
    method: 'PATCH',
    path: '/api/profile/sms-choices',
    summary:
      'Change which notices go by SMS; kinds left out stay as they were; turning one on needs a confirmed number',
    tag,
    access,
    body: smsChoicesUpdateSchema,
    answer: smsChoicesSchema,
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
