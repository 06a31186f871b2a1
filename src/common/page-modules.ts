/**
 * The lazily loaded module of every page (src/client/router.tsx loads each with `import()`),
 * relative to src/client, as Vite's manifest names it. The server reads it to name a page's
 * chunks, and the catalogues of its language they load, in the first HTML's `<link>` hints, so
 * the browser fetches them beside the main script instead of after it has run
 * (server/pages/page-preparation.ts). A test checks the router loads the module named here.
 */
import type { PageName } from './page-paths.ts';

export const pageModules: Record<PageName, string> = {
  home: 'routes/home.tsx',
  allBooks: 'routes/all-books.tsx',
  book: 'routes/book-details.tsx',
  category: 'routes/category-books.tsx',
  search: 'routes/search.tsx',
  borrow: 'routes/borrow.tsx',
  borrowedBooks: 'routes/borrowed-books.tsx',
  addBook: 'routes/add-book.tsx',
  updateBook: 'routes/update-book.tsx',
  desk: 'routes/desk.tsx',
  register: 'routes/register.tsx',
  signIn: 'routes/sign-in.tsx',
  forgotPassword: 'routes/forgot-password.tsx',
  resetPassword: 'routes/reset-password.tsx',
  profile: 'routes/profile.tsx',
  terms: 'routes/terms.tsx',
  privacy: 'routes/privacy.tsx',
  contact: 'routes/contact.tsx',
  explore: 'routes/explore.tsx',
  readOnline: 'routes/read-online.tsx',
  events: 'routes/events.tsx',
  studyRooms: 'routes/study-rooms.tsx',
  membership: 'routes/membership.tsx',
  card: 'routes/library-card.tsx',
  read: 'routes/read.tsx',
  receipt: 'routes/receipt.tsx',
  labels: 'routes/labels.tsx',
  emailConfirmed: 'routes/email-confirmed.tsx',
};
