import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { applyStoredTheme } from './lib/theme.ts';
import { dropEmbeddedAnswers } from './lib/embedded-answers.ts';
import { AuthProvider } from './features/auth/auth-context.tsx';
import { createAppRouter } from './router.tsx';
import { RouterRoot } from './router-root.tsx';
import { loadCatalogue } from './lib/i18n.ts';
import { currentSessionUser } from './features/auth/auth-session.ts';
import { categoryOptionsLoaded } from './lib/category-options.ts';

// Before the first paint, so that a remembered theme never flashes the other one.
applyStoredTheme();

/**
 * How long the first render waits for the router's first page (its data and module) before it
 * shows the frame and the page's skeleton instead. The HTML's frame and loading bars are on
 * screen meanwhile. A page whose module is still being evaluated (Join Us waits for its words'
 * chunk) is ready a few milliseconds later; rendering the skeleton first made its first page two
 * renders and two layouts, twice the main thread's work under Lighthouse (blocking time 420 ms
 * against register's 160 with the same form).
 */
const SKELETON_AFTER_MS = 500;

/** Resolves once the router has its first page. */
function firstPageReady(router: ReturnType<typeof createAppRouter>): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stopWatching = router.subscribe((state) => {
      if (!state.initialized) return;
      stopWatching();
      resolve();
    });
  });
}

const root = document.getElementById('root');

if (root) {
  // Taken from the page before the loaders start, which share it (whenSignedIn).
  const session = currentSessionUser();
  // Taken from the page too, before the router starts its loaders (some wait for them).
  const categories = categoryOptionsLoaded();
  const router = createAppRouter();
  const firstPage = firstPageReady(router);
  // Once the first page's loaders have taken their answers, any other would be out of date later.
  void firstPage.then(dropEmbeddedAnswers);
  // The router's loaders are already fetching; the first render waits for the words, the
  // session (both normally in the page already) and the library's categories, side by side, then
  // a moment for the first page itself.
  const [atLoad] = await Promise.all([session, loadCatalogue(), categories]);
  await Promise.race([firstPage, new Promise((resolve) => setTimeout(resolve, SKELETON_AFTER_MS))]);
  const app = (
    <StrictMode>
      <AuthProvider atLoad={atLoad}>
        <RouterRoot router={router} />
      </AuthProvider>
    </StrictMode>
  );
  const reactRoot = createRoot(root);
  if (!router.state.initialized) {
    // Its frame and skeleton now; the page itself comes as the router's update, which React
    // Router renders as a transition.
    reactRoot.render(app);
  } else {
    // The page is ready: rendered as a transition, in slices of a few milliseconds with the
    // browser let in between, instead of one task of a quarter of a second on a slow phone
    // (Lighthouse's blocking time on home: 200–260 ms against 320–530). The page's HTML keeps
    // its loading bars until then (docs/decisions/031-first-render-in-slices.md).
    startTransition(() => reactRoot.render(app));
  }
}
