import { useEffect, useRef, useState } from 'react';
import { Brand } from '../ui/brand.tsx';
import { Icon } from '../ui/icon.tsx';
import { NavLinks } from './nav-links.tsx';
import { ServiceLinks } from './service-links.tsx';
import { SearchField } from './search-field.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { UserActions } from './user-actions.tsx';
import { t } from '../../lib/i18n.ts';

/**
 * A `<details>` menu that closes on a pointer outside it and on Escape (focus back on its summary),
 * and whose links close it.
 */
function useMenu() {
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

  return {
    details: {
      ref: menu,
      open,
      onToggle: (event: React.ToggleEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open),
    },
    close: () => setOpen(false),
  };
}

/** A dropdown of the main links and the services on small screens. */
function MobileMenu() {
  const { details, close } = useMenu();
  return (
    <details {...details} className="dropdown lg:hidden">
      <summary
        className="btn btn-ghost btn-square btn-sm sm:btn-md"
        aria-label={t.layoutTexts.openMenu}
      >
        <Icon name="menu" />
      </summary>
      <ul className="nav-menu menu dropdown-content z-40 mt-3 w-56 gap-1 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg">
        <NavLinks onNavigate={close} />
        <li className="menu-title">{t.layoutTexts.navServices}</li>
        <ServiceLinks onNavigate={close} />
        <li className="sm:hidden">
          <LanguageSwitch className="justify-start" />
        </li>
      </ul>
    </details>
  );
}

/** The services, a dropdown beside the main links on wide screens. */
function ServicesMenu() {
  const { details, close } = useMenu();
  return (
    <li>
      <details {...details}>
        <summary className="font-medium">{t.layoutTexts.navServices}</summary>
        <ul className="z-40 w-52 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg">
          <ServiceLinks onNavigate={close} />
        </ul>
      </details>
    </li>
  );
}

/**
 * docs/product.md#pages Navbar, with the search field of docs/product.md#search: beside the brand on wide screens, on a
 * row of its own below the rest on narrow ones, where it takes the whole width.
 */
export function Navbar() {
  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/90 backdrop-blur">
      <nav
        className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center gap-x-2 gap-y-1 px-2 py-2 sm:px-4"
        aria-label={t.layoutTexts.mainNav}
      >
        {/* Grows from nothing, so that the end of the navbar stays on the first row beside it. */}
        <div className="flex min-w-0 flex-1 basis-0 items-center gap-1 lg:flex-none lg:basis-auto">
          <MobileMenu />
          <Brand />
        </div>
        <div className="order-last w-full lg:order-none lg:w-auto lg:max-w-xs lg:min-w-24 lg:flex-1 xl:min-w-48">
          <SearchField />
        </div>
        {/* Links a little narrower than the menu's own, so that a librarian's six fit beside the
            search field and the controls on one row at 1280 px in English. */}
        <div className="hidden lg:flex">
          <ul className="nav-menu menu menu-horizontal gap-1 px-1 text-sm xl:text-base [&>li>a]:px-2 [&>li>details>summary]:px-2">
            <NavLinks />
            <ServicesMenu />
          </ul>
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <LanguageSwitch className="hidden sm:inline-flex" />
          <ThemeToggle />
          <UserActions />
        </div>
      </nav>
    </header>
  );
}
