/**
 * The role matrix's rows for copies at the desk, the digital library, fines and receipts.
 */
import { deskOnly, epubUpload, type Row } from './fixtures.ts';
import { appointmentRows } from './appointments.ts';

export const copiesEbooksFinesRows: Row[] = [
  {
    name: 'GET /api/copies?ids=',
    endpoint: 'copiesById',
    call: (a, ids) => a.get(`/api/copies?ids=${ids.quietCopyId}`),
    expected: deskOnly,
  },
  {
    name: 'GET /api/copies/by-barcode/:barcode',
    endpoint: 'copyByBarcode',
    call: (a, ids) => a.get(`/api/copies/by-barcode/${ids.quietBarcode}`),
    expected: deskOnly,
  },
  {
    name: "GET /api/desk/cards/<owner's card>",
    endpoint: 'deskCard',
    call: (a, ids) => a.get(`/api/desk/cards/${ids.ownerCard}`),
    expected: deskOnly,
  },
  {
    name: 'POST /api/desk/checkout',
    endpoint: 'deskCheckout',
    call: (a, ids) =>
      a.post('/api/desk/checkout', { cardNumber: ids.ownerCard, barcode: ids.quietBarcode }),
    expected: { ...deskOnly, librarian: 201 },
  },
  {
    name: "POST /api/desk/checkin <owner's copy>",
    endpoint: 'deskCheckin',
    call: (a, ids) => a.post('/api/desk/checkin', { barcode: ids.lentBarcode }),
    expected: deskOnly,
  },
  {
    name: "DELETE /api/desk/holds/<owner's hold>",
    endpoint: 'deskCancelHold',
    call: (a, ids) => a.delete(`/api/desk/holds/${ids.holdId}`),
    expected: deskOnly,
  },
  ...appointmentRows(),
  {
    name: 'PUT /api/books/<quiet>/ebook',
    endpoint: 'uploadEbook',
    call: (a, ids) => {
      const { payload, headers } = epubUpload();
      return a.request({
        method: 'PUT',
        url: `/api/books/${ids.quietBookId}/ebook`,
        payload,
        headers,
      });
    },
    expected: { visitor: 401, owner: 403, other: 403, librarian: 201 },
  },
  {
    name: 'PATCH /api/books/<lent>/ebook',
    endpoint: 'changeEbook',
    call: async (a, ids) =>
      a.patch(`/api/books/${(await ids.ebooks()).lentId}/ebook`, { copies: 3 }),
    expected: deskOnly,
  },
  {
    name: 'DELETE /api/books/<lent>/ebook (refused while lent)',
    endpoint: 'removeEbook',
    call: async (a, ids) => a.delete(`/api/books/${(await ids.ebooks()).lentId}/ebook`),
    expected: { visitor: 401, owner: 403, other: 403, librarian: 409 },
  },
  {
    name: 'GET /api/ebooks',
    endpoint: 'listEbooks',
    call: (a) => a.get('/api/ebooks?access=lend'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/ebooks/loans',
    endpoint: 'myEbookLoans',
    call: async (a, ids) => (await ids.ebooks()) && a.get('/api/ebooks/loans'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/ebooks/waitlist',
    endpoint: 'myEbookWaits',
    call: async (a, ids) => (await ids.ebooks()) && a.get('/api/ebooks/waitlist'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'POST /api/ebooks/<lent>/loans',
    endpoint: 'borrowEbook',
    call: async (a, ids) => a.post(`/api/ebooks/${(await ids.ebooks()).lentId}/loans`),
    expected: { visitor: 401, owner: 409, other: 201, librarian: 201 },
  },
  {
    name: "DELETE /api/ebooks/loans/<owner's>",
    endpoint: 'returnEbook',
    call: async (a, ids) => a.delete(`/api/ebooks/loans/${(await ids.ebooks()).loanId}`),
    expected: { visitor: 401, owner: 200, other: 404, librarian: 404 },
  },
  {
    name: 'POST /api/ebooks/<full>/waitlist',
    endpoint: 'joinWaitlist',
    call: async (a, ids) => a.post(`/api/ebooks/${(await ids.ebooks()).fullId}/waitlist`),
    expected: { visitor: 401, owner: 409, other: 201, librarian: 201 },
  },
  {
    name: "DELETE /api/ebooks/waitlist/<owner's>",
    endpoint: 'leaveWaitlist',
    call: async (a, ids) => a.delete(`/api/ebooks/waitlist/${(await ids.ebooks()).waitId}`),
    expected: { visitor: 401, owner: 200, other: 404, librarian: 404 },
  },
  {
    name: 'GET /api/ebooks/<lent>/file',
    endpoint: 'ebookFile',
    call: async (a, ids) => a.get(`/api/ebooks/${(await ids.ebooks()).lentId}/file`),
    expected: { visitor: 401, owner: 200, other: 403, librarian: 403 },
  },
  {
    name: 'GET /api/ebooks/<lent>/position',
    endpoint: 'readingPosition',
    call: async (a, ids) => a.get(`/api/ebooks/${(await ids.ebooks()).lentId}/position`),
    expected: { visitor: 401, owner: 200, other: 403, librarian: 403 },
  },
  {
    name: 'PUT /api/ebooks/<lent>/position',
    endpoint: 'keepReadingPosition',
    call: async (a, ids) =>
      a.request({
        method: 'PUT',
        url: `/api/ebooks/${(await ids.ebooks()).lentId}/position`,
        payload: { locator: 'epubcfi(/6/2!/4/2/1:0)', progress: 0.1 },
      }),
    expected: { visitor: 401, owner: 200, other: 403, librarian: 403 },
  },
  {
    name: "POST /api/desk/loans/<owner's loan>/lost",
    endpoint: 'markLost',
    call: (a, ids) => a.post(`/api/desk/loans/${ids.loanId}/lost`),
    expected: deskOnly,
  },
  {
    name: 'GET /api/fines',
    endpoint: 'myFines',
    call: (a) => a.get('/api/fines'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/membership',
    endpoint: 'myMembership',
    call: (a) => a.get('/api/membership'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'POST /api/desk/members/<owner>/payments',
    endpoint: 'takePayment',
    call: (a, ids) => a.post(`/api/desk/members/${ids.ownerId}/payments`, { amount: 5 }),
    expected: { ...deskOnly, librarian: 201 },
  },
  {
    name: 'POST /api/desk/members/<owner>/waivers',
    endpoint: 'waive',
    call: (a, ids) =>
      a.post(`/api/desk/members/${ids.ownerId}/waivers`, { amount: 5, note: 'First time' }),
    expected: { ...deskOnly, librarian: 201 },
  },
  {
    name: "GET /api/desk/receipts/<owner's fine>",
    endpoint: 'receipt',
    call: (a, ids) => a.get(`/api/desk/receipts/${ids.fineEntryId}`),
    expected: deskOnly,
  },
  {
    name: 'POST /api/desk/members/<owner>/membership',
    endpoint: 'renewMembership',
    call: (a, ids) => a.post(`/api/desk/members/${ids.ownerId}/membership`),
    expected: deskOnly,
  },
];
