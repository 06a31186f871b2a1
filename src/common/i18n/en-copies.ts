/**
 * The English words of a book's copies for librarians (docs/product/desk.md#copies): the copies
 * section of the book's page, the desk's copy finder and Mark Lost, and the labels page. Loaded
 * with those screens only (client/lib/copies-texts.ts); bn-copies.ts has the same shape
 * (`CopiesCatalogue`).
 */
import type { CopyStatus } from '../copy-statuses.ts';
import type { ErrorCode } from '../error-codes.ts';

const statuses: Record<CopyStatus, string> = {
  available: 'Available',
  onLoan: 'On loan',
  held: 'Kept for a hold',
  lost: 'Lost',
  damaged: 'Damaged',
  withdrawn: 'Withdrawn',
};

export const enCopies = {
  heading: 'Copies',
  intro: 'Every copy the library owns: its barcode, shelf mark and status, and who has it.',
  loading: 'Loading copies…',
  loadFailed: 'The copies could not be loaded. Please reload the page.',
  total: (total: number) => `${total} ${total === 1 ? 'copy' : 'copies'} owned`,
  showingFirst: (shown: number, total: number) => `Showing the first ${shown} of ${total}.`,
  none: 'This book has no copies yet.',
  barcode: 'Barcode',
  shelfMark: 'Shelf mark',
  noShelfMark: 'No shelf mark',
  status: 'Status',
  statuses,
  borrower: (name: string, card: string) => `${name}, card ${card}`,
  lentTo: 'On loan to',
  inCirculation: 'On loan or kept for a hold: its status changes when it comes back.',
  addHeading: 'Add a copy',
  addBarcode: 'Barcode (leave empty for a new one)',
  addShelfMark: 'Shelf mark (optional)',
  add: 'Add Copy',
  adding: 'Adding…',
  added: (barcode: string) => `Copy ${barcode} added`,
  shelfMarkOf: (barcode: string) => `Shelf mark of copy ${barcode}`,
  saveShelfMark: 'Save Shelf Mark',
  shelfMarkSaved: (barcode: string) => `Shelf mark of copy ${barcode} saved`,
  statusOf: (barcode: string) => `New status of copy ${barcode}`,
  changeStatus: 'Change Status',
  markAs: {
    available: 'Available (found or mended)',
    damaged: 'Damaged',
    lost: 'Lost',
    withdrawn: 'Withdrawn',
  },
  statusChanged: (barcode: string, status: string) => `Copy ${barcode} is now: ${status}`,
  confirmStatus: (barcode: string, status: string) => ({
    title: `Mark copy ${barcode} as ${status}?`,
    text: 'It leaves the shelf: members can no longer borrow it until it is marked available again.',
    confirm: `Yes, Mark ${status}`,
    cancel: 'Not Now',
  }),
  printLabels: 'Print Labels',
  refusedTitle: 'Not Changed',
  refusals: {
    COPY_IN_CIRCULATION:
      'This copy is on loan or kept for a hold, so its status cannot be changed.',
    DUPLICATE_BARCODE: 'Another copy or a library card already has this barcode.',
    COPY_NOT_FOUND: 'No copy has this barcode.',
    BOOK_NOT_FOUND: 'This book is no longer in the catalogue.',
    LOAN_NOT_FOUND: 'This loan is no longer current: it was returned or closed already.',
    VALIDATION: 'A barcode is 4 to 20 letters and digits; a shelf mark at most 60 characters.',
    OTHER: 'Something went wrong. Please try again.',
  } as Partial<Record<ErrorCode | 'OTHER', string>> & { OTHER: string },
  // The desk's copy finder (Catalogue tab)
  findHeading: 'Find a copy',
  findIntro: 'Scan or type a copy’s barcode to see it and change its status.',
  findLabel: 'Copy barcode',
  find: 'Find',
  finding: 'Finding…',
  ofBook: 'Book',
  due: (date: string) => `due ${date}`,
  // Mark Lost (Loans tab and the finder)
  markLost: 'Mark Lost',
  confirmLost: (title: string, member: string) => ({
    title: `Mark "${title}" lost?`,
    text: `The loan of ${member} closes as lost, the copy is marked lost and the member is charged its replacement. If it turns up, check it in: the charge is waived.`,
    confirm: 'Yes, Mark Lost',
    cancel: 'Not Now',
  }),
  markedLost: (title: string) => `"${title}" marked lost`,
  charged: (amount: string) => `The member was charged ${amount}.`,
  lostOn: 'Lost',
  // The labels page
  labelsHeading: 'Labels',
  labelsIntro: 'Each copy’s barcode with its title and shelf mark, ready to print and stick on.',
  layout: 'Layout',
  layouts: {
    sheet: 'Label sheet (A4, 3 × 8)',
    single: 'Single label printer (one label a page)',
  },
  print: 'Print',
  labelsCount: (count: number) => `${count} ${count === 1 ? 'label' : 'labels'}`,
  noLabels: 'No copies to print: withdrawn and lost copies get no label.',
  unknownCopies: (count: number) =>
    `${count} of the copies asked for ${count === 1 ? 'was' : 'were'} not found.`,
  labelsForbidden: 'Labels are printed by librarians. Sign in with a librarian’s account.',
  barcodeAlt: (barcode: string) => `Barcode ${barcode}`,
  backToBook: 'Back to the Book',
};
