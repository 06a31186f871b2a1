/**
 * The one list of the client's routes: path, title prefix, guard, data loader and lazily loaded
 * page module. Each page module exports `Component` and, where it loads data, `ErrorBoundary`.
 */
import {
  createBrowserRouter,
  type ActionFunction,
  type LoaderFunction,
  type RouteObject,
} from 'react-router';
import { RootLayout } from './components/layout/root-layout.tsx';
import { RequireAuth } from './features/auth/require-auth.tsx';
import { RouteErrorPage } from './components/layout/route-error-page.tsx';
import { PageShell } from './components/layout/page-shell.tsx';
import { PageSkeleton } from './components/layout/page-skeleton.tsx';
import { circulationAction } from './features/loans/circulation-actions.ts';
import { loadHome } from './features/home/home-loader.ts';
import {
  loadAllBooks,
  loadBook,
  loadBookForUpdate,
  loadCategoryBooks,
  loadSearch,
} from './features/books/book-loaders.ts';
import { loadBorrow, loadBorrowedBooks } from './features/loans/loan-loaders.ts';
import { loadProfile } from './features/account/profile-loader.ts';
import { loadCard } from './features/card/card-loader.ts';
import { loadDigitalLibrary, loadReader } from './features/ebooks/ebook-loaders.ts';
import { loadMembership, loadReceipt } from './features/fines/fines-loaders.ts';
import { loadEvents, loadStudyRooms } from './features/appointments/appointment-loaders.ts';
import { pagePaths, type PagePath } from '../common/page-paths.ts';
import type { PageTitle } from '../common/i18n/page-title.ts';

/** A page module exports its `Component`, and may export an `ErrorBoundary` and an `action` of its own. */
type PageModule = () => Promise<
  Partial<Pick<RouteObject, 'Component' | 'ErrorBoundary' | 'action'>>
>;

/**
 * Each page's module is the one common/page-modules.ts names, which the server's first HTML hints
 * at (a test compares the two).
 */
export interface AppRoute {
  /** From common/page-paths.ts, which the server matches too: any other path answers 404. */
  path: PagePath | '*';
  /**
   * The key of the `{page}` of the document title `{page} - Pathagar` in the catalogue's
   * `pageTitles`; absent means the product name alone.
   */
  title?: PageTitle;
  /** Signed-out visitors are sent to /signIn and brought back after signing in. */
  guarded?: boolean;
  /** The page's data (its feature's loader), fetched while the page module downloads. */
  loader?: LoaderFunction;
  /** What the page's forms post to (its feature's action); the loader runs again after it. */
  action?: ActionFunction;
  page: PageModule;
}

/** The digital library's intents and their action, loaded with the first one (features/ebooks/ebook-actions.ts). */
const EBOOK_INTENTS = new Set([
  'borrowEbook',
  'returnEbook',
  'joinWaitlist',
  'leaveWaitlist',
  'uploadEbook',
  'changeEbook',
  'removeEbook',
]);
const ebookAction: ActionFunction = async (args) =>
  (await import('./features/ebooks/ebook-actions.ts')).ebookAction(args);

/** A page's own action, and the digital library's intents (the book page's e-book panel). */
function withEbookIntents(action: ActionFunction): ActionFunction {
  return async (args) => {
    const intent = (await args.request.clone().formData()).get('intent');
    return EBOOK_INTENTS.has(String(intent)) ? ebookAction(args) : action(args);
  };
}

export const appRoutes: AppRoute[] = [
  {
    path: pagePaths.home,
    title: 'home',
    loader: loadHome,
    page: () => import('./routes/home.tsx'),
  },
  {
    path: pagePaths.allBooks,
    title: 'allBooks',
    guarded: true,
    loader: loadAllBooks,
    page: () => import('./routes/all-books.tsx'),
  },
  {
    path: pagePaths.book,
    title: 'book',
    loader: loadBook,
    action: withEbookIntents(circulationAction),
    page: () => import('./routes/book-details.tsx'),
  },
  {
    path: pagePaths.category,
    title: 'category',
    loader: loadCategoryBooks,
    page: () => import('./routes/category-books.tsx'),
  },
  {
    path: pagePaths.borrow,
    title: 'borrow',
    guarded: true,
    loader: loadBorrow,
    action: circulationAction,
    page: () => import('./routes/borrow.tsx'),
  },
  {
    path: pagePaths.borrowedBooks,
    title: 'borrowedBooks',
    guarded: true,
    loader: loadBorrowedBooks,
    action: circulationAction,
    page: () => import('./routes/borrowed-books.tsx'),
  },
  {
    path: pagePaths.addBook,
    title: 'addBook',
    guarded: true,
    page: () => import('./routes/add-book.tsx'),
  },
  {
    path: pagePaths.updateBook,
    title: 'updateBook',
    guarded: true,
    loader: loadBookForUpdate,
    page: () => import('./routes/update-book.tsx'),
  },
  // Its form actions come with its module, so the schemas load with the page only.
  {
    path: pagePaths.profile,
    title: 'profile',
    guarded: true,
    loader: loadProfile,
    page: () => import('./routes/profile.tsx'),
  },
  // Librarians only (docs/product.md#librarians): the server refuses members, and the page tells them so.
  // Its loader and action load with the desk, so the desk weighs nothing on the other pages.
  {
    path: pagePaths.desk,
    title: 'desk',
    guarded: true,
    loader: async (args) => (await import('./routes/desk-loader.ts')).loadDeskPage(args),
    page: () => import('./routes/desk.tsx'),
  },
  { path: pagePaths.register, title: 'register', page: () => import('./routes/register.tsx') },
  { path: pagePaths.signIn, title: 'signIn', page: () => import('./routes/sign-in.tsx') },
  // Their forms' actions come with their modules, so the schemas load with the page only.
  {
    path: pagePaths.forgotPassword,
    title: 'forgotPassword',
    page: () => import('./routes/forgot-password.tsx'),
  },
  {
    path: pagePaths.resetPassword,
    title: 'resetPassword',
    page: () => import('./routes/reset-password.tsx'),
  },
  { path: pagePaths.terms, page: () => import('./routes/terms.tsx') },
  { path: pagePaths.privacy, page: () => import('./routes/privacy.tsx') },
  { path: pagePaths.contact, page: () => import('./routes/contact.tsx') },
  // Where the e-mail confirmation link lands (better-auth adds ?error= when it did not confirm).
  {
    path: pagePaths.emailConfirmed,
    title: 'emailConfirmed',
    page: () => import('./routes/email-confirmed.tsx'),
  },
  // Public: anyone may look for a book (docs/product.md#search).
  {
    path: pagePaths.search,
    title: 'search',
    loader: loadSearch,
    page: () => import('./routes/search.tsx'),
  },
  // The banner's Explore Now of old links: it opens the search page now.
  { path: pagePaths.explore, title: 'explore', page: () => import('./routes/explore.tsx') },
  {
    path: pagePaths.readOnline,
    title: 'readOnline',
    loader: loadDigitalLibrary,
    action: ebookAction,
    page: () => import('./routes/read-online.tsx'),
  },
  // The reader and its EPUB renderer load on this page only (docs/decisions/015-digital-library.md).
  {
    path: pagePaths.read,
    title: 'read',
    loader: loadReader,
    page: () => import('./routes/read.tsx'),
  },
  {
    path: pagePaths.events,
    title: 'events',
    loader: loadEvents,
    page: () => import('./routes/events.tsx'),
  },
  {
    path: pagePaths.studyRooms,
    title: 'studyRooms',
    loader: loadStudyRooms,
    page: () => import('./routes/study-rooms.tsx'),
  },
  {
    path: pagePaths.membership,
    title: 'membership',
    loader: loadMembership,
    page: () => import('./routes/membership.tsx'),
  },
  {
    path: pagePaths.card,
    title: 'card',
    guarded: true,
    loader: loadCard,
    page: () => import('./routes/library-card.tsx'),
  },
  // A printable receipt of a payment or waiver taken at the desk (librarians only).
  {
    path: pagePaths.receipt,
    title: 'receipt',
    guarded: true,
    loader: loadReceipt,
    page: () => import('./routes/receipt.tsx'),
  },
  // Copy labels (librarians only): its loader and the barcode library load with the page.
  {
    path: pagePaths.labels,
    title: 'labels',
    guarded: true,
    loader: async (args) => (await import('./features/copies/labels-loader.ts')).loadLabels(args),
    page: () => import('./routes/labels.tsx'),
  },
  { path: '*', page: () => import('./routes/not-found.tsx') },
];

const toRouteObject = ({ path, title, loader, action, page }: AppRoute): RouteObject => ({
  path,
  handle: { title },
  loader,
  action,
  lazy: page,
});

export function createAppRouter() {
  return createBrowserRouter([
    {
      Component: RootLayout,
      ErrorBoundary: RouteErrorPage,
      // Shown until the first page's lazily loaded module has arrived: the frame, and the
      // page's shape inside it.
      HydrateFallback: () => (
        <PageShell>
          <PageSkeleton />
        </PageShell>
      ),
      children: [
        ...appRoutes.filter((route) => !route.guarded).map(toRouteObject),
        {
          Component: RequireAuth,
          children: appRoutes.filter((route) => route.guarded).map(toRouteObject),
        },
      ],
    },
  ]);
}
