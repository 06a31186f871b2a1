/**
 * What the signed-in person may do, by the permissions table the server's guards read, with who
 * edits the catalogue (CATALOGUE_EDITORS) as the server wrote it into the page. The server
 * enforces it; the client only stops offering what would be refused.
 */
import type { CatalogueEditors, Role } from '../../common/constants.ts';
import { mayCall, type Access } from '../../common/permissions.ts';

const catalogueEditors: CatalogueEditors =
  document.querySelector<HTMLMetaElement>('meta[name="catalogue-editors"]')?.content ===
  'librarians'
    ? 'librarians'
    : 'members';

/**
 * Whether someone of `role` may call endpoints of `access` (common/permissions.ts). A visitor is
 * asked about as the member they would be once signed in: a link they may follow after signing
 * in is shown, and leads to the sign-in page first.
 */
export const mayDo = (access: Access, role: Role | undefined) =>
  mayCall(access, role ?? 'member', catalogueEditors);
