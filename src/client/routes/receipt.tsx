/**
 * A receipt of a payment or waiver taken at the desk (docs/product/fines-and-membership.md): the
 * library, the full date and time on the library's clock, the member and their card, the
 * librarian who took it and what it settled. It prints alone on one page, black on white (the
 * `data-printable` rule of styles.css); the buttons are left off the print.
 */
import { Link, useLoaderData } from 'react-router';
import { receiptNumber } from '../../common/i18n/money.ts';
import { RouteErrorContent } from '../components/layout/route-error-page.tsx';
import { formatFullInstant } from '../lib/dates.ts';
import { formatTaka } from '../lib/i18n.ts';
import { tPages } from '../lib/page-texts.ts';
import { paths } from '../lib/routes.ts';
import type { loadReceipt } from '../features/fines/fines-loaders.ts';

export function Component() {
  const { receipt } = useLoaderData<typeof loadReceipt>();
  if (!receipt) return null;
  const texts = tPages.finesTexts;
  const { entry, member, balance, settles } = receipt;
  const what =
    entry.kind === 'payment' || entry.kind === 'waiver'
      ? texts.kinds[entry.kind]
      : texts.kinds[entry.kind](entry.bookName);
  const credit = entry.kind === 'payment' || entry.kind === 'waiver';
  return (
    <section className="mx-auto w-full max-w-md px-4 py-8 print:max-w-none print:p-0">
      <article
        data-printable
        className="flex flex-col gap-4 rounded-box bg-base-100 p-6 ring-1 ring-base-300 print:bg-white print:text-black print:ring-0"
      >
        <header>
          <p className="text-lg font-semibold" data-testid="receipt-library">
            {receipt.library}
          </p>
          <h1 className="text-2xl font-bold">{texts.receiptHeading}</h1>
        </header>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="font-semibold">{texts.receiptNumber}</dt>
          <dd className="font-mono break-all">{receiptNumber(entry._id)}</dd>
          <dt className="font-semibold">{texts.receiptWhen}</dt>
          <dd data-testid="receipt-when">{formatFullInstant(entry.createdAt)}</dd>
          <dt className="font-semibold">{texts.receiptMember}</dt>
          <dd className="break-words">
            {member.name}
            <span className="block break-all text-base-content/80 print:text-black">
              {member.email}
            </span>
          </dd>
          <dt className="font-semibold">{texts.receiptCard}</dt>
          <dd className="font-mono" data-testid="receipt-card">
            {member.cardNumber}
          </dd>
          {receipt.takenBy && (
            <>
              <dt className="font-semibold">{texts.receiptTakenBy}</dt>
              <dd className="break-words" data-testid="receipt-taken-by">
                {receipt.takenBy}
              </dd>
            </>
          )}
          <dt className="font-semibold">{texts.what}</dt>
          <dd className="break-words">
            {what}
            {entry.note && (
              <span className="block text-base-content/80 print:text-black">{entry.note}</span>
            )}
          </dd>
          {credit && (
            <>
              <dt className="font-semibold">{texts.receiptSettles}</dt>
              <dd>
                {settles.length === 0 ? (
                  texts.receiptSettlesNothing
                ) : (
                  <ul className="flex max-w-xs flex-col gap-1" data-testid="receipt-settles">
                    {settles.map((each, index) => (
                      <li key={index} className="flex justify-between gap-3 break-words">
                        <span>{texts.kinds[each.kind](each.bookName)}</span>
                        <span className="whitespace-nowrap tabular-nums">
                          {formatTaka(each.amount)}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </>
          )}
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
