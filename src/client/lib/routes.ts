/**
 * Links to the client's pages, so a path is spelled once. Their patterns, which the route table
 * and the server match, live in common/page-paths.ts.
 */
import { pagePaths, pathTo } from '../../common/page-paths.ts';
import { searchQuery, type SearchState } from './search-params.ts';

export const paths = {
  home: pagePaths.home,
  allBooks: pagePaths.allBooks,
  book: (id: string) => pathTo(pagePaths.book, { id }),
  category: (name: string) => pathTo(pagePaths.category, { name }),
  search: (state: Partial<SearchState> = {}) => `${pagePaths.search}${searchQuery(state)}`,
  borrow: (id: string) => pathTo(pagePaths.borrow, { id }),
  borrowedBooks: pagePaths.borrowedBooks,
  addBook: pagePaths.addBook,
  updateBook: (id: string) => pathTo(pagePaths.updateBook, { id }),
  desk: pagePaths.desk,
  register: pagePaths.register,
  signIn: pagePaths.signIn,
  forgotPassword: pagePaths.forgotPassword,
  resetPassword: pagePaths.resetPassword,
  profile: pagePaths.profile,
  terms: pagePaths.terms,
  privacy: pagePaths.privacy,
  contact: pagePaths.contact,
  card: pagePaths.card,
  readOnline: pagePaths.readOnline,
  read: (bookId: string) => pathTo(pagePaths.read, { bookId }),
  membership: pagePaths.membership,
  events: pagePaths.events,
  studyRooms: pagePaths.studyRooms,
  receipt: (id: string) => pathTo(pagePaths.receipt, { id }),
  labels: pagePaths.labels,
  emailConfirmed: pagePaths.emailConfirmed,
} as const;

/** The labels page of a book's copies, or of the copies named. */
export const labelsOfBook = (bookId: string) =>
  `${pagePaths.labels}?${new URLSearchParams({ book: bookId }).toString()}`;
export const labelsOfCopies = (copyIds: string[]) =>
  `${pagePaths.labels}?${new URLSearchParams({ copies: copyIds.join(',') }).toString()}`;
