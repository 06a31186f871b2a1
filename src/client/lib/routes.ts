/** Paths the client links to, so a path is spelled once. */
export const paths = {
  home: '/',
  allBooks: '/allBooks',
  book: (id: string) => `/books/${encodeURIComponent(id)}`,
  category: (name: string) => `/category/${encodeURIComponent(name)}`,
  borrow: (id: string) => `/borrow/${encodeURIComponent(id)}`,
  borrowedBooks: '/borrowedBooks',
  addBook: '/addBook',
  updateBook: (id: string) => `/allBooksUpdate/${encodeURIComponent(id)}`,
  register: '/register',
  signIn: '/signIn',
  terms: '/terms',
  privacy: '/privacy',
  contact: '/contact',
} as const;
