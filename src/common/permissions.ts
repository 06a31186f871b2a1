/**
 * Who may do what: the one table that the server's guards (server/api/serve.ts) and the client's
 * menus read. An endpoint names one of these accesses in the endpoint table (common/api/); a page
 * or a menu asks `mayCall` before offering what the server would refuse.
 */
import type { CatalogueEditors, Role } from './constants.ts';

/**
 * - `visitor`: anyone, signed in or not.
 * - `member`: any signed-in account (librarians are members too).
 * - `librarian`: accounts with the librarian role now (read from the database on every request).
 * - `catalogueEditor`: who adds, updates and increments books: every member under the seed's rule
 *   (`CATALOGUE_EDITORS=members`), librarians only under `CATALOGUE_EDITORS=librarians`.
 */
export const ACCESSES = ['visitor', 'member', 'librarian', 'catalogueEditor'] as const;
export type Access = (typeof ACCESSES)[number];

/**
 * Fields of a body that only some of those who may call the endpoint may send: what losing a copy
 * of a book charges is the library's money, not a catalogue editor's (DECISIONS §25).
 */
export const FIELD_ACCESS = { replacementCost: 'librarian' } as const satisfies Record<
  string,
  Access
>;

/** Whether someone of `role` may send `field` (FIELD_ACCESS). */
export const maySend = (field: keyof typeof FIELD_ACCESS, role: Role | undefined) =>
  mayCall(FIELD_ACCESS[field], role, 'librarians');

/** Whether someone of `role` (undefined: not signed in) may call an endpoint of `access`. */
export function mayCall(
  access: Access,
  role: Role | undefined,
  catalogueEditors: CatalogueEditors,
): boolean {
  switch (access) {
    case 'visitor':
      return true;
    case 'member':
      return role !== undefined;
    case 'librarian':
      return role === 'librarian';
    case 'catalogueEditor':
      return mayCall(
        catalogueEditors === 'librarians' ? 'librarian' : 'member',
        role,
        catalogueEditors,
      );
  }
}
