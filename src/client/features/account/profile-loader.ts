/**
 * The profile page's loader, kept out of the lazily loaded page module: React
 * Router then starts a page's data at once, while the page's code is still downloading, instead
 * of after it (router.tsx imports them; the pages read them with `useLoaderData<typeof …>()`).
 */
import type { LoaderFunctionArgs } from 'react-router';
import { getPhone, getSmsChoices } from './api/phone.ts';
import { getNoticeChoices } from './api/notice-choices.ts';
import { getNotices } from './api/get-notices.ts';
import { getFines, getMembership } from '../../lib/fines-and-membership.ts';
import { forMember } from '../../lib/when-signed-in.ts';

/** Profile: which notices the member wants by e-mail, and the notices the library sent them. */
export async function loadProfile({ request }: LoaderFunctionArgs) {
  const { signal } = request;
  const data = await forMember(async () => {
    const [choices, notices, membership, fines, phone, smsChoices] = await Promise.all([
      getNoticeChoices(signal),
      getNotices(signal),
      getMembership(signal),
      getFines(signal),
      getPhone(signal),
      getSmsChoices(signal),
    ]);
    return { choices, notices, membership, balance: fines.balance, phone, smsChoices };
  });
  return { data };
}
