import { useEffect } from 'react';
import { documentTitle } from '../../lib/app-name.ts';
import { PageShell } from './page-shell.tsx';
import { RouteErrorContent } from './route-error-content.tsx';

/** The root error boundary: the error inside the navbar and footer, never a blank screen. */
export function RouteErrorPage() {
  // The root layout, which normally sets the title, is not rendered when the root route fails.
  useEffect(() => {
    document.title = documentTitle();
  }, []);

  return (
    <PageShell>
      <RouteErrorContent />
    </PageShell>
  );
}

export { RouteErrorContent } from './route-error-content.tsx';
