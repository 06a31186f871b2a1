/**
 * Who may add, update and increment books (CATALOGUE_EDITORS), as the server wrote it into the
 * page. The server enforces it; the client only stops offering what would be refused.
 */
import type { Role } from '../../common/constants.ts';

const librariansOnly =
  document.querySelector<HTMLMetaElement>('meta[name="catalogue-editors"]')?.content ===
  'librarians';

/** Whether Add Book and Update are offered: to anyone under the seed's rule, else to librarians. */
export const mayEditCatalogue = (role: Role | undefined) => !librariansOnly || role === 'librarian';
