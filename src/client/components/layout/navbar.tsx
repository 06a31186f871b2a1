import { useEffect, useRef, useState } from 'react';
import { Brand } from '../ui/brand.tsx';
import { Icon } from '../ui/icon.tsx';
import { NavLinks } from './nav-links.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserActions } from './user-actions.tsx';

/** A dropdown of the main links on small screens. */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      menu.current?.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', closeOnOutsidePointer);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutsidePointer);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <details
      ref={menu}
      className="dropdown lg:hidden"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="btn btn-ghost btn-square btn-sm sm:btn-md" aria-label="Open menu">
        <Icon name="menu" />
      </summary>
      <ul className="nav-menu menu dropdown-content z-40 mt-3 w-56 gap-1 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg">
        <NavLinks onNavigate={() => setOpen(false)} />
      </ul>
    </details>
  );
}

/** SPEC §2 Navbar. */
export function Navbar() {
  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/90 backdrop-blur">
      <nav className="navbar mx-auto max-w-7xl gap-1 px-2 sm:gap-2 sm:px-4" aria-label="Main">
        <div className="navbar-start gap-1">
          <MobileMenu />
          <Brand />
        </div>
        <div className="navbar-center hidden lg:flex">
          <ul className="nav-menu menu menu-horizontal gap-1 px-1 text-base">
            <NavLinks />
          </ul>
        </div>
        <div className="navbar-end gap-1 sm:gap-2">
          <ThemeToggle />
          <UserActions />
        </div>
      </nav>
    </header>
  );
}
