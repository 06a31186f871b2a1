/**
 * Labels (/labels?book=:id or /labels?copies=id1,id2; docs/product/desk.md#labels): each copy's
 * Code 128 barcode with its title and shelf mark, printed on a sheet of 3 × 8 labels or by a
 * single label printer, as chosen on the page. Librarians only. The barcode library loads with
 * this page and the library card alone.
 */
import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { RouteErrorContent } from '../components/layout/route-error-page.tsx';
import { Code128Image } from '../components/ui/code128-image.tsx';
import { tCopies } from '../lib/copies-texts.ts';
import { paths } from '../lib/routes.ts';
import type { Label, loadLabels } from '../features/copies/labels-loader.ts';
import './labels.css';

const LAYOUTS = ['sheet', 'single'] as const;
type Layout = (typeof LAYOUTS)[number];

function CopyLabel({ label }: { label: Label }) {
  return (
    <li
      className="copy-label flex flex-col items-center justify-center gap-0.5 rounded-box border border-neutral-300 p-3 text-center"
      data-testid="copy-label"
    >
      <span className="line-clamp-2 w-full text-sm leading-tight font-semibold break-words">
        {label.title}
      </span>
      <Code128Image
        value={label.barcode}
        alt={tCopies.barcodeAlt(label.barcode)}
        className="h-16 w-full object-contain"
        height={60}
      />
      <span className="font-mono text-sm tracking-wider">{label.barcode}</span>
      {label.shelfMark && <span className="text-xs break-all">{label.shelfMark}</span>}
    </li>
  );
}

function LayoutChoice({ layout, onChange }: { layout: Layout; onChange: (to: Layout) => void }) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold">{tCopies.layout}</legend>
      {LAYOUTS.map((name) => (
        <label key={name} className="flex cursor-pointer items-center gap-2">
          <input
            type="radio"
            name="layout"
            className="radio radio-sm"
            value={name}
            checked={layout === name}
            onChange={() => onChange(name)}
          />
          {tCopies.layouts[name]}
        </label>
      ))}
    </fieldset>
  );
}

export function Component() {
  const data = useLoaderData<typeof loadLabels>();
  const [layout, setLayout] = useState<Layout>('sheet');
  if (data.access === 'signedOut') return null;
  if (data.access === 'forbidden') {
    return (
      <section className="mx-auto max-w-xl px-4 py-12 text-center">
        <h1 className="mb-4 text-3xl font-bold">{tCopies.labelsHeading}</h1>
        <p role="alert">{tCopies.labelsForbidden}</p>
      </section>
    );
  }
  const { labels, missing, bookId } = data;
  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 print:m-0 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-col gap-4 print:hidden">
        <h1 className="text-3xl font-bold">{tCopies.labelsHeading}</h1>
        <p className="text-base-content/80">{tCopies.labelsIntro}</p>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <LayoutChoice layout={layout} onChange={setLayout} />
          <div className="flex flex-wrap gap-2">
            {bookId && (
              <Link to={paths.book(bookId)} className="btn btn-ghost">
                {tCopies.backToBook}
              </Link>
            )}
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => window.print()}
              disabled={labels.length === 0}
            >
              {tCopies.print}
            </button>
          </div>
        </div>
        <p className="text-sm text-base-content/80" aria-live="polite">
          {tCopies.labelsCount(labels.length)}
          {missing > 0 && ` ${tCopies.unknownCopies(missing)}`}
        </p>
      </div>
      {labels.length === 0 ? (
        <p className="rounded-box bg-base-200 px-6 py-12 text-center">{tCopies.noLabels}</p>
      ) : (
        <ul
          className={`labels-${layout} grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3`}
          data-layout={layout}
        >
          {labels.map((label) => (
            <CopyLabel key={label.copyId} label={label} />
          ))}
        </ul>
      )}
    </section>
  );
}

export { RouteErrorContent as ErrorBoundary };
