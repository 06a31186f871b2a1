import type { FineEntry, Fines } from '../../../../common/types.ts';
import { formatTaka } from '../../../lib/i18n.ts';
import { tPages } from '../../../lib/page-texts.ts';
import { formatInstant } from '../../../lib/dates.ts';

const entryText = (entry: FineEntry) => {
  const { kinds } = tPages.finesTexts;
  if (entry.kind === 'overdue' || entry.kind === 'lost') return kinds[entry.kind](entry.bookName);
  return entry.note ? `${kinds[entry.kind]}: ${entry.note}` : kinds[entry.kind];
};

/** Charges add to what is owed; payments and waivers take off it. */
const signed = (entry: FineEntry) =>
  entry.kind === 'payment' || entry.kind === 'waiver'
    ? `−${formatTaka(entry.amount)}`
    : formatTaka(entry.amount);

function Entries({ entries }: { entries: FineEntry[] }) {
  const texts = tPages.finesTexts;
  if (entries.length === 0)
    return <p className="text-sm text-base-content/80">{texts.noEntries}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm">
        <caption className="mb-2 text-start text-sm text-base-content/80">
          {texts.entriesCaption}
        </caption>
        <thead>
          {/* daisyUI's header text is faded below the contrast axe asks for on a tinted card. */}
          <tr className="text-base-content">
            <th scope="col">{texts.date}</th>
            <th scope="col">{texts.what}</th>
            <th scope="col" className="text-end">
              {texts.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry._id}>
              <td className="whitespace-nowrap">{formatInstant(entry.createdAt)}</td>
              <td className="break-words">{entryText(entry)}</td>
              <td className="text-end whitespace-nowrap tabular-nums">{signed(entry)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What the member owes, what their overdue books are accruing, and every charge and payment. */
export function FinesSummary({ fines }: { fines: Fines }) {
  const texts = tPages.finesTexts;
  return (
    <section
      aria-labelledby="fines-heading"
      className="mb-8 flex flex-col gap-4 rounded-box bg-base-100 p-5 ring-1 ring-base-300"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="fines-heading" className="text-xl font-bold">
          {texts.heading}
        </h2>
        <p className="text-lg" data-testid="fines-balance">
          {fines.balance > 0 ? (
            <>
              {texts.balance}{' '}
              <strong className="text-error tabular-nums">{formatTaka(fines.balance)}</strong>
            </>
          ) : fines.accruing > 0 ? (
            texts.nothingChargedYet
          ) : (
            texts.nothingOwed
          )}
        </p>
      </div>
      {fines.accruing > 0 && (
        <p className="text-sm text-error">{texts.accruing(formatTaka(fines.accruing))}</p>
      )}
      {fines.balance > 0 && <p className="text-sm text-base-content/80">{texts.payAtDesk}</p>}
      <Entries entries={fines.entries} />
    </section>
  );
}
