/**
 * Document titles, `{page} - Pathagar` (docs/product.md#pages), in the page's language: the client's route
 * table names each page's title by its key in the catalogue's `pageTitles`, and the server writes
 * the same title into the first HTML, so a page never shows an English title first.
 */
import { matchPagePath, pagePaths } from '../page-paths.ts';
import type { Catalogue } from './catalogue.ts';

export type PageTitle = keyof Catalogue['pageTitles'];

export const documentTitle = (appName: string, page?: string) =>
  page ? `${page} - ${appName}` : appName;

const isTitled = (name: string, catalogue: Catalogue): name is PageTitle =>
  Object.hasOwn(catalogue.pageTitles, name);

/** The title of the page at `pathname`; a page without a title key (or none) has the name alone. */
export function pageTitleFor(pathname: string, catalogue: Catalogue, appName: string): string {
  const name = Object.entries(pagePaths).find(
    ([, pattern]) => matchPagePath(pattern, pathname) !== null,
  )?.[0];
  return documentTitle(
    appName,
    name && isTitled(name, catalogue) ? catalogue.pageTitles[name] : undefined,
  );
}
