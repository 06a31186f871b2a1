import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { documentTitle } from '../../lib/app-name.ts';
import { t } from '../../lib/i18n.ts';
import type { PageTitle } from '../../../common/i18n/page-title.ts';
import { NavigationProgress } from './navigation-progress.tsx';
import { PageShell } from './page-shell.tsx';

/** The title of the deepest matched route (see router.tsx); undefined means the product name alone. */
function usePageTitle(): string | undefined {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as { title?: PageTitle } | undefined;
  return handle?.title && t.pageTitles[handle.title];
}

export function RootLayout() {
  const title = usePageTitle();
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  return (
    <PageShell>
      <Outlet />
      <NavigationProgress />
      <ScrollRestoration />
    </PageShell>
  );
}
