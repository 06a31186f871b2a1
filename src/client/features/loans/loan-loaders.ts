/**
 * The loaders of Borrow and Borrowed Books, kept out of the lazily loaded page modules: React
 * Router then starts a page's data at once, while the page's code is still downloading, instead
 * of after it (router.tsx imports them; the pages read them with `useLoaderData<typeof …>()`).
 */
import type { LoaderFunctionArgs } from 'react-router';
import { HISTORY_PAGE_SIZE } from '../../../common/constants.ts';
import { getHistory } from './api/get-history.ts';
import { getHolds } from './api/get-holds.ts';
import { getLoans } from './api/get-loans.ts';
import { getCirculationRules } from '../../lib/get-rules.ts';
import { bookOrNull } from '../../lib/get-book.ts';
import { getFines } from '../../lib/fines-and-membership.ts';
import { forMember } from '../../lib/when-signed-in.ts';

/** Borrow: the book, the rules that set its dates, and the member's hold on it, if any. */
export async function loadBorrow(args: LoaderFunctionArgs) {
  const { signal } = args.request;
  const [book, rules, holds] = await Promise.all([
    bookOrNull(args.params.id ?? '', signal),
    forMember(() => getCirculationRules(signal)),
    forMember(() => getHolds(signal)),
  ]);
  const hold = (holds ?? []).find((held) => held.bookId === book?._id);
  return { book, rules, hold };
}

export const BORROWED_TABS = ['loans', 'holds', 'history'] as const;
export type BorrowedTab = (typeof BORROWED_TABS)[number];

/** Borrowed Books: current loans and holds, and on the History tab one page of returned loans. */
export async function loadBorrowedBooks({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tab: BorrowedTab =
    BORROWED_TABS.find((name) => name === url.searchParams.get('tab')) ?? 'loans';
  const page = Math.max(1, Math.trunc(Number(url.searchParams.get('page'))) || 1);
  const { signal } = request;
  const data = await forMember(async () => {
    const [loans, holds, rules, history, fines] = await Promise.all([
      getLoans(signal),
      getHolds(signal),
      getCirculationRules(signal),
      tab === 'history' ? getHistory(page, HISTORY_PAGE_SIZE, signal) : null,
      getFines(signal),
    ]);
    return { loans, holds, rules, history, fines };
  });
  return { tab, page, data };
}
