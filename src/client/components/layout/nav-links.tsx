import { NavLink } from 'react-router';
import { paths } from '../../lib/routes.ts';

const links = [
  { to: paths.home, label: 'Home', end: true },
  { to: paths.allBooks, label: 'All Books', end: false },
  { to: paths.addBook, label: 'Add Book', end: false },
  { to: paths.borrowedBooks, label: 'Borrowed Books', end: false },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'font-bold text-primary' : 'font-medium';

/** The four main links (SPEC §2 Navbar), shown whether or not someone is signed in. */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return links.map(({ to, label, end }) => (
    <li key={to}>
      <NavLink to={to} end={end} className={linkClass} onClick={onNavigate}>
        {label}
      </NavLink>
    </li>
  ));
}
