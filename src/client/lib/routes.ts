/**
 * Links to the client's pages, so a path is spelled once. Their patterns, which the route table
 * and the server match, live in common/page-paths.ts.
 */
import { searchQuery, type SearchState } from './search-params.ts';

export const paths = {
  home: '/',
  allBooks: '/allBooks',
  book: (id: string) => `/books/${encodeURIComponent(id)}`,
  category: (name: string) => `/category/${encodeURIComponent(name)}`,
  search: (state: Partial<SearchState> = {}) => `/search${searchQuery(state)}`,
  borrow: (id: string) => `/borrow/${encodeURIComponent(id)}`,
  borrowedBooks: '/borrowedBooks',
  addBook: '/addBook',
  updateBook: (id: string) => `/allBooksUpdate/${encodeURIComponent(id)}`,
  register: '/register',
  signIn: '/signIn',
  forgotPassword: '/forgotPassword',
  resetPassword: '/resetPassword',
  terms: '/terms',
  privacy: '/privacy',
  contact: '/contact',
} as const;
