import { NavLink } from 'react-router';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { paths } from '../../lib/routes.ts';
import { t } from '../../lib/i18n.ts';

/**
 * The library's services beyond the catalogue (issue 36: before, only the home page's banner led
 * to them): study rooms, events, the digital library, membership, and a member's own card.
 */
export function serviceLinks(signedIn: boolean) {
  const links = [
    { to: paths.studyRooms, label: t.pageTitles.studyRooms },
    { to: paths.events, label: t.pageTitles.events },
    { to: paths.readOnline, label: t.layoutTexts.navDigitalLibrary },
    { to: paths.membership, label: t.pageTitles.membership },
  ];
  // A visitor has no card yet: Membership says how to get one.
  return signedIn ? [...links, { to: paths.card, label: t.layoutTexts.navCard }] : links;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'font-bold text-primary' : 'font-medium';

/** The services as menu items, for the navbar's menus. */
export function ServiceLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useAuth();
  return serviceLinks(user !== null).map(({ to, label }) => (
    <li key={to}>
      <NavLink to={to} className={linkClass} onClick={onNavigate}>
        {label}
      </NavLink>
    </li>
  ));
}
