import { NavLink } from 'react-router';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { mayEditCatalogue } from '../../lib/catalogue-editors.ts';
import { shellTexts } from '../../lib/messages.ts';
import { paths } from '../../lib/routes.ts';

const links = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.allBooks, label: 'All Books', end: false },
  { to: paths.addBook, label: 'Add Book', end: false },
  { to: paths.borrowedBooks, label: 'Borrowed Books', end: false },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'font-bold text-primary' : 'font-medium';

/**
 * The four main links (SPEC §2 Navbar), shown whether or not someone is signed in; Add Book only
 * to those who may add books when CATALOGUE_EDITORS is `librarians`; the Desk to librarians.
 */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useAuth();
  const editable = mayEditCatalogue(user?.role)
    ? links
    : links.filter((link) => link.to !== paths.addBook);
  // The desk is offered to librarians only; the server refuses everyone else anyway.
  const shown =
    user?.role === 'librarian'
      ? [...editable, { to: paths.desk, label: shellTexts.deskLink, end: false }]
      : editable;
  return shown.map(({ to, label, end }) => (
    <li key={to}>
      <NavLink to={to} end={end} className={linkClass} onClick={onNavigate}>
        {label}
      </NavLink>
    </li>
  ));
}
