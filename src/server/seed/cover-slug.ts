/**
 * The file name of a book's generated cover, shared by the demo catalogue and the script that
 * draws the covers, so the two can never disagree.
 */
export function coverSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const coverPath = (name: string) => `/covers/${coverSlug(name)}.svg`;
