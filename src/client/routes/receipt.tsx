/**
 * A receipt of a payment or waiver taken at the desk (docs/product/fines-and-membership.md),
 * laid out to print on one page: the navbar, footer and buttons are left off the print.
 */
import { Link, useLoaderData } from 'react-router';
import { RouteErrorContent } from '../components/layout/route-error-page.tsx';
import { formatInstant } from '../lib/dates.ts';
import { formatTaka } from '../lib/i18n.ts';
import { tPages } from '../lib/page-texts.ts';
import { paths } from '../lib/routes.ts';
import type { loadReceipt } from './loaders.ts';

export function Component() {
  const { receipt } = useLoaderData<typeof loadReceipt>();
  if (!receipt) return null;
  const texts = tPages.finesTexts;
  const { entry, member, balance } = receipt;
  const what = entry.kind === 'payment' || entry.kind === 'waiver' ? texts.kinds[entry.kind] : '';
  return (
    <section className="mx-auto w-full max-w-md px-4 py-8 print:max-w-none print:p-0">
      <article className="flex flex-col gap-4 rounded-box bg-base-100 p-6 ring-1 ring-base-300 print:ring-0">
        <h1 className="text-2xl font-bold">{texts.receiptHeading}</h1>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="font-semibold">{texts.receiptNumber}</dt>
          <dd className="font-mono break-all">{entry._id.slice(0, 8).toUpperCase()}</dd>
          <dt className="font-semibold">{texts.date}</dt>
          <dd>{formatInstant(entry.createdAt)}</dd>
          <dt className="font-semibold">{texts.receiptMember}</dt>
          <dd className="break-words">
            {member.name}
            <span className="block break-all text-base-content/80">{member.email}</span>
          </dd>
          <dt className="font-semibold">{texts.what}</dt>
          <dd className="break-words">
            {what}
            {entry.note && <span className="block text-base-content/80">{entry.note}</span>}
          </dd>
          <dt className="font-semibold">{texts.amount}</dt>
          <dd className="text-lg font-bold tabular-nums" data-testid="receipt-amount">
            {formatTaka(entry.amount)}
          </dd>
          <dt className="font-semibold">{texts.receiptBalance}</dt>
          <dd className="tabular-nums" data-testid="receipt-balance">
            {formatTaka(balance)}
          </dd>
        </dl>
        <div className="flex flex-wrap gap-2 print:hidden">
          <button type="button" className="btn btn-primary" onClick={() => window.print()}>
            {texts.print}
          </button>
          <Link to={`${paths.desk}?tab=members`} className="btn btn-outline">
            {texts.backToDesk}
          </Link>
        </div>
      </article>
    </section>
  );
}

export { RouteErrorContent as ErrorBoundary };
