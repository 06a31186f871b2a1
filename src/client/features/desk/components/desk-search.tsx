import { Form, Link } from 'react-router';
import { paths } from '../../../lib/routes.ts';
import { tPages } from '../../../lib/page-texts.ts';

interface DeskSearchProps {
  /** The address's other fields that a search keeps (the tab, the loans' status). */
  keep: Record<string, string>;
  q: string;
  label: string;
}

/** A search of a desk list: a GET form, so the words are in the address and Back undoes them. */
export function DeskSearch({ keep, q, label }: DeskSearchProps) {
  const cleared = `${paths.desk}?${new URLSearchParams(keep).toString()}`;
  return (
    <Form method="get" role="search" className="flex w-full flex-wrap items-end gap-2 sm:w-auto">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="flex min-w-0 flex-1 flex-col gap-1 sm:w-80 sm:flex-none">
        <span className="text-sm font-medium">{label}</span>
        <input type="search" name="q" defaultValue={q} key={q} className="input w-full" />
      </label>
      <button type="submit" className="btn btn-primary">
        {tPages.deskTexts.search}
      </button>
      {q && (
        <Link to={cleared} className="btn btn-ghost">
          {tPages.deskTexts.clearSearch}
        </Link>
      )}
    </Form>
  );
}
