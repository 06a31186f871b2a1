/**
 * The librarians of the browser tests: both servers list these addresses in LIBRARIAN_EMAILS, so
 * an account signed up with one is a librarian once its address is confirmed, as a library's head
 * would be (fixtures.ts confirms it at sign-up). Each journey takes its own address, since the
 * database lives as long as the run.
 */
export const E2E_LIBRARIANS = {
  checkIn: 'desk-check-in@librarians.test',
  import: 'desk-import@librarians.test',
  navigation: 'desk-navigation@librarians.test',
  accessibility: 'desk-accessibility@librarians.test',
  bangla: 'desk-bangla@librarians.test',
  security: 'desk-security@librarians.test',
  scan: 'desk-scan@librarians.test',
  events: 'desk-events@librarians.test',
  eventsBangla: 'desk-events-bangla@librarians.test',
  ebooks: 'ebooks@librarians.test',
  readerLinks: 'reader-links@librarians.test',
  fines: 'desk-fines@librarians.test',
  marc: 'desk-marc@librarians.test',
  marcBangla: 'desk-marc-bangla@librarians.test',
  categories: 'desk-categories@librarians.test',
  categoriesBangla: 'desk-categories-bangla@librarians.test',
  categoryPage: 'category-page@librarians.test',
  navbar: 'navbar@librarians.test',
  layoutShift: 'desk-layout-shift@librarians.test',
  scanMoney: 'desk-scan-money@librarians.test',
  copies: 'desk-copies@librarians.test',
  markLost: 'desk-mark-lost@librarians.test',
  rooms: 'desk-rooms@librarians.test',
} as const;

/** The servers' AUTH_SECRET, with which fixtures.ts signs the confirmation link a librarian opens. */
export const E2E_AUTH_SECRET = 'e2e-secret-that-is-long-enough-for-better-auth';
