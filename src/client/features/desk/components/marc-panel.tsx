/**
 * MARC 21 at the desk's Catalogue tab (docs/product/marc.md): the two exports, and the import,
 * checked first as a dry run whose table says what will happen to each record, then imported,
 * with the upload's progress for a large file.
 */
import { useId, useState } from 'react';
import type { CategoryOptionRow } from './category-manager.tsx';
import {
  MARC_LIMIT_BYTES,
  type MarcImportReport,
  type MarcRecordOutcome,
} from '../../../../common/marc-schemas.ts';
import { apiFailure } from '../../../lib/api-client.ts';
import { categoryName, formatNumber } from '../../../lib/i18n.ts';
import { importMarc, MARC_EXPORT_URL, MARCXML_EXPORT_URL } from '../api/marc-api.ts';
import { tMarc } from '../marc-texts.ts';

const LIMIT_MB = MARC_LIMIT_BYTES / 1024 / 1024;

type Busy = { kind: 'checking' | 'importing'; sent: number; total: number } | null;
type Result = { report: MarcImportReport; file: File; category: string };

function failureText(error: unknown): string {
  const { code } = apiFailure(error);
  const failures: Partial<Record<string, string>> = tMarc.failures;
  return (code && failures[code]) || tMarc.failures.OTHER;
}

function OutcomeCell({ outcome }: { outcome: MarcRecordOutcome }) {
  const tone = {
    add: 'badge-success',
    update: 'badge-info',
    unchanged: 'badge-ghost',
    skip: 'badge-warning',
  }[outcome.action];
  return (
    <td className="min-w-28">
      <span className={`badge badge-sm ${tone}`}>{tMarc.actions[outcome.action]}</span>
      {outcome.code && <p className="mt-1 text-xs">{tMarc.skipReasons[outcome.code]}</p>}
    </td>
  );
}

function OutcomeTable({ report, caption }: { report: MarcImportReport; caption: string }) {
  const { columns } = tMarc;
  return (
    <div className="flex flex-col gap-2">
      {/* Scrolled by keyboard too: it can be focused, and says what it holds. */}
      <div
        role="region"
        aria-label={caption}
        tabIndex={0}
        className="max-h-[28rem] overflow-auto rounded-box ring-1 ring-base-300"
      >
        <table className="table table-zebra table-pin-rows table-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="text-base-content/80">
            <tr>
              {/* A phone keeps the columns that decide; record, author and ISBN show from sm up. */}
              <th scope="col" className="hidden sm:table-cell">
                {columns.record}
              </th>
              <th scope="col">{columns.title}</th>
              <th scope="col" className="hidden sm:table-cell">
                {columns.author}
              </th>
              <th scope="col" className="hidden sm:table-cell">
                {columns.isbn}
              </th>
              <th scope="col">{columns.copies}</th>
              <th scope="col">{columns.action}</th>
            </tr>
          </thead>
          <tbody>
            {report.outcomes.map((outcome) => (
              <tr key={outcome.record}>
                <td className="hidden sm:table-cell">{formatNumber(outcome.record)}</td>
                <th scope="row" className="min-w-36 font-semibold break-words">
                  {outcome.title || '—'}
                  {/* On a phone the author goes under the title. */}
                  <span className="block font-normal text-base-content/80 sm:hidden">
                    {outcome.author}
                  </span>
                </th>
                <td className="hidden min-w-32 break-words sm:table-cell">
                  {outcome.author || '—'}
                </td>
                <td className="hidden font-mono text-xs sm:table-cell">{outcome.isbn ?? '—'}</td>
                <td>{formatNumber(outcome.copies)}</td>
                <OutcomeCell outcome={outcome} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {report.records > report.outcomes.length && (
        <p className="text-sm text-base-content/80">
          {tMarc.listedFirst(report.outcomes.length, report.records)}
        </p>
      )}
    </div>
  );
}

function Summary({ report }: { report: MarcImportReport }) {
  return (
    <p className="font-semibold">
      {report.dryRun
        ? tMarc.checkedSummary(
            report.records,
            report.added,
            report.updated,
            report.unchanged,
            report.skippedCount,
          )
        : tMarc.doneSummary(
            report.records,
            report.added,
            report.updated,
            report.copiesAdded,
            report.skippedCount,
          )}
    </p>
  );
}

function Progress({ busy }: { busy: NonNullable<Busy> }) {
  const sending = busy.total > 0 && busy.sent < busy.total;
  const percent = busy.total > 0 ? Math.floor((busy.sent / busy.total) * 100) : 0;
  const label = sending ? tMarc.sending(percent) : tMarc.reading;
  return (
    <div className="flex flex-col gap-1">
      <progress
        className="progress w-full progress-primary"
        aria-label={label}
        {...(sending ? { value: percent, max: 100 } : {})}
      />
      <p className="text-sm text-base-content/80">{label}</p>
    </div>
  );
}

/** The MARC section of the Catalogue tab. */
export function MarcPanel({ categories }: { categories: CategoryOptionRow[] }) {
  const fileId = useId();
  const categoryId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [category, setCategory] = useState<string>(categories[0]?.name ?? '');
  const [busy, setBusy] = useState<Busy>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The Import button imports what was checked: the same file, the same category.
  const checked =
    result?.report.dryRun && result.file === file && result.category === category
      ? result.report
      : null;

  const run = async (dryRun: boolean) => {
    setProblem(null);
    if (!file) return setProblem(tMarc.chooseFile);
    if (file.size > MARC_LIMIT_BYTES) return setProblem(tMarc.tooLarge(LIMIT_MB));
    const kind = dryRun ? 'checking' : 'importing';
    setBusy({ kind, sent: 0, total: file.size });
    try {
      const report = await importMarc(file, category, dryRun, (sent, total) =>
        setBusy({ kind, sent, total }),
      );
      setResult({ report, file, category });
    } catch (error) {
      setProblem(failureText(error));
    } finally {
      setBusy(null);
    }
  };

  const report = result && result.file === file ? result.report : null;
  return (
    <section
      aria-labelledby={`${fileId}-heading`}
      className="flex flex-col gap-5 rounded-box bg-base-100 p-5 ring-1 ring-base-300"
    >
      <header className="flex flex-col gap-1">
        <h2 id={`${fileId}-heading`} className="text-xl font-semibold">
          {tMarc.heading}
        </h2>
        <p className="text-base-content/80">{tMarc.intro}</p>
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="flex flex-col gap-3">
          <h3 className="text-lg font-semibold">{tMarc.exportHeading}</h3>
          <p className="text-base-content/80">{tMarc.exportText}</p>
          <div className="flex flex-wrap gap-2">
            <a href={MARC_EXPORT_URL} download className="btn btn-outline btn-primary">
              {tMarc.exportIso}
            </a>
            <a href={MARCXML_EXPORT_URL} download className="btn btn-outline btn-primary">
              {tMarc.exportXml}
            </a>
          </div>
        </div>
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void run(true);
          }}
        >
          <h3 className="text-lg font-semibold">{tMarc.importHeading}</h3>
          <p className="text-base-content/80">{tMarc.importText(LIMIT_MB)}</p>
          <label htmlFor={fileId} className="text-sm font-medium">
            {tMarc.fileLabel}
          </label>
          <input
            id={fileId}
            type="file"
            name="file"
            accept=".mrc,.marc,.xml,.marcxml,application/marc,application/marcxml+xml,text/xml"
            className="file-input w-full"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <label htmlFor={categoryId} className="text-sm font-medium">
            {tMarc.categoryLabel}
          </label>
          <select
            id={categoryId}
            name="category"
            value={category}
            onChange={(event) => setCategory(event.target.value)}
            className="select w-full"
          >
            {categories.map(({ name }) => (
              <option key={name} value={name}>
                {categoryName(name)}
              </option>
            ))}
          </select>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn btn-primary" disabled={busy !== null}>
              {busy?.kind === 'checking' ? tMarc.checking : tMarc.check}
            </button>
            <button
              type="button"
              className="btn btn-success"
              disabled={busy !== null || !checked}
              onClick={() => void run(false)}
            >
              {busy?.kind === 'importing' ? tMarc.importing : tMarc.importSubmit}
            </button>
          </div>
        </form>
      </div>
      <div role="status" aria-live="polite" className="flex flex-col gap-3">
        {busy && <Progress busy={busy} />}
        {problem && (
          <p role="alert" className="alert alert-error alert-soft">
            {problem}
          </p>
        )}
        {report && !busy && <Summary report={report} />}
      </div>
      {report && !busy && (
        <OutcomeTable
          report={report}
          caption={report.dryRun ? tMarc.checkedCaption : tMarc.doneCaption}
        />
      )}
    </section>
  );
}
