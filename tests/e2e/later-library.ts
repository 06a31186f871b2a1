/**
 * The second server of the browser tests: the same library, its clock moved LATER_DAYS on (less
 * than the hold pickup time, 2 days, so its sweep never expires another journey's ready hold),
 * and with CATALOGUE_EDITORS=librarians.
 */
export const LATER_DAYS = 1;
export const LATER_PORT = Number(process.env.E2E_PORT ?? 3107) + 1;
export const laterLibrary = `http://localhost:${LATER_PORT}`;
