import { useLayoutEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import type { createAppRouter } from './router.tsx';

/**
 * React Router's provider: it takes the router's state when it renders and follows the router
 * once it is on the page. The first page renders in slices (main.tsx), so the router can move in
 * between, a Back pressed before the page appeared, and that move would never show: on the first
 * commit, a provider that rendered an older state starts again from the router's own.
 */
export function RouterRoot({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const [renderedState] = useState(router.state);
  const [restarts, setRestarts] = useState(0);
  // Only the first commit: later, the provider follows the router itself. A restart renders once
  // more at once, which is the point: the page on screen must be the router's.
  useLayoutEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (router.state !== renderedState) setRestarts((count) => count + 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <RouterProvider key={restarts} router={router} />;
}
