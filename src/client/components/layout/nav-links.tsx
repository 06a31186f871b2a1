import { NavLink } from 'react-router';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { mayDo } from '../../lib/access.ts';
import { paths } from '../../lib/routes.ts';
import { t } from '../../lib/i18n.ts';

const links = [
  { to: paths.home, label: () => t.layoutTexts.navHome, end: true },
  { to: paths.allBooks, label: () => t.layoutTexts.navAllBooks, end: false },
  { to: paths.addBook, label: () => t.layoutTexts.navAddBook, end: false },
  { to: paths.borrowedBooks, label: () => t.layoutTexts.navBorrowedBooks, end: false },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'font-bold text-primary' : 'font-medium';

/**
 * The four main links (docs/product.md#pages Navbar), shown whether or not someone is signed in; Add Book only
 * to those who may add books when CATALOGUE_EDITORS is `librarians`; the Desk to librarians.
 */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useAuth();
  const editable = mayDo('catalogueEditor', user?.role)
    ? links
    : links.filter((link) => link.to !== paths.addBook);
  // The desk is offered to librarians only; the server refuses everyone else anyway.
  const shown = mayDo('librarian', user?.role)
    ? [...editable, { to: paths.desk, label: () => t.shellTexts.deskLink, end: false }]
    : editable;
  return shown.map(({ to, label, end }) => (
    <li key={to}>
      <NavLink to={to} end={end} className={linkClass} onClick={onNavigate}>
        {label()}
      </NavLink>
    </li>
  ));
}
