import { useFetcher } from 'react-router';
import { CATALOGUE_EXPORT_URL, type ImportOutcome } from '../api/desk-api.ts';
import { tPages } from '../../../lib/page-texts.ts';
import { tMarc } from '../marc-texts.ts';
import { CategoryManager, type CategoryOptionRow } from './category-manager.tsx';
import { MarcPanel } from './marc-panel.tsx';

/** Rows named in the report on the page; the server's report holds at most 1,000 problems. */
const SHOWN_ISSUES = 200;

function ImportReport({ outcome }: { outcome: ImportOutcome }) {
  if (!('refused' in outcome)) return null;
  const shown = outcome.issues.slice(0, SHOWN_ISSUES);
  return (
    <div role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-2">
      <p className="font-semibold">{outcome.refused}</p>
      {shown.length > 0 && (
        <ul className="flex max-h-96 w-full flex-col gap-1 overflow-y-auto text-sm">
          {shown.map((issue, index) => (
            <li key={index} className="break-words">
              <span className="font-semibold">
                {tPages.deskTexts.importIssue(issue.row ?? 1, issue.path)}:
              </span>{' '}
              {issue.message}
            </li>
          ))}
        </ul>
      )}
      {outcome.issues.length > shown.length && (
        <p className="text-sm">
          {tPages.deskTexts.importMore(shown.length, outcome.issues.length)}
        </p>
      )}
    </div>
  );
}

/**
 * The catalogue's CSV export (a download) and import (a file, all of it or nothing, with a
 * report), its MARC 21 records in and out, and the library's categories.
 */
export function CataloguePanel({ categories }: { categories: CategoryOptionRow[] }) {
  const fetcher = useFetcher<ImportOutcome>();
  const busy = fetcher.state !== 'idle';
  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section className="flex flex-col gap-3 rounded-box bg-base-100 p-5 ring-1 ring-base-300">
          <h2 className="text-xl font-semibold">{tPages.deskTexts.exportHeading}</h2>
          <p className="text-base-content/80">{tMarc.csvExportText}</p>
          <a href={CATALOGUE_EXPORT_URL} download className="btn w-fit btn-primary">
            {tPages.deskTexts.exportLink}
          </a>
        </section>
        <section className="flex flex-col gap-3 rounded-box bg-base-100 p-5 ring-1 ring-base-300">
          <h2 className="text-xl font-semibold">{tPages.deskTexts.importHeading}</h2>
          <p className="text-base-content/80">{tMarc.csvImportText}</p>
          <fetcher.Form method="post" encType="multipart/form-data" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="import" />
            <label className="flex flex-col gap-1">
              <span className="text-sm font-medium">{tPages.deskTexts.importFile}</span>
              <input type="file" name="file" accept=".csv,text/csv" className="file-input w-full" />
            </label>
            <button type="submit" className="btn w-fit btn-primary" disabled={busy}>
              {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {busy ? tPages.deskTexts.importing : tPages.deskTexts.importSubmit}
            </button>
          </fetcher.Form>
          {fetcher.data && !busy && <ImportReport outcome={fetcher.data} />}
        </section>
      </div>
      <MarcPanel categories={categories} />
      <CategoryManager categories={categories} />
    </div>
  );
}
