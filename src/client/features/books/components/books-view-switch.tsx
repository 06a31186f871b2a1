import { useId } from 'react';
import { t } from '../../../lib/i18n.ts';

export type BooksView = 'card' | 'table';

const views: { value: BooksView; label: () => string }[] = [
  { value: 'card', label: () => t.catalogueTexts.cardView },
  { value: 'table', label: () => t.catalogueTexts.tableView },
];

interface BooksViewSwitchProps {
  view: BooksView;
  onChange: (view: BooksView) => void;
}

/** Card View / Table View as two joined buttons, the current one pressed. */
export function BooksViewSwitch({ view, onChange }: BooksViewSwitchProps) {
  const labelId = useId();
  return (
    <div className="flex items-center gap-2">
      <span id={labelId} className="text-sm font-medium">
        {t.catalogueTexts.viewLabel}
      </span>
      <div role="group" aria-labelledby={labelId} className="join">
        {views.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            aria-pressed={view === value}
            onClick={() => onChange(value)}
            className={`btn join-item btn-sm sm:btn-md ${view === value ? 'btn-primary' : 'btn-outline'}`}
          >
            {label()}
          </button>
        ))}
      </div>
    </div>
  );
}
