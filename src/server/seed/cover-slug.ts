import anyAscii from 'any-ascii';

/**
 * The file name of a book's generated cover, shared by the demo catalogue and the script that
 * draws the covers, so the two can never disagree.
 */
export function coverSlug(name: string): string {
  // A Bengali title is written in Latin letters (any-ascii) and marked, so it never meets a Latin
  // record's file: পথের পাঁচালী is bn-pther-pamcali, Pather Panchali pather-panchali.
  const latin = /[\u0980-\u09ff]/.test(name) ? `bn ${anyAscii(name)}` : name;
  return latin
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const coverPath = (name: string) => `/covers/${coverSlug(name)}.svg`;
