import type { ReactNode } from 'react';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { t } from '../../lib/i18n.ts';

/** Navbar, main content and footer: the frame of every page, error pages included. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="btn btn-primary btn-sm fixed top-2 left-2 z-50 -translate-y-20 focus:translate-y-0"
      >
        {t.layoutTexts.skipToContent}
      </a>
      {/* A printed page (a receipt) is its content alone. */}
      <div className="contents print:hidden">
        <Navbar />
        <OfflineNotice />
      </div>
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <div className="contents print:hidden">
        <Footer />
      </div>
    </div>
  );
}
