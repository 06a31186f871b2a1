/**
 * The role matrix's rows for the catalogue, categories, images, loans, holds and the profile.
 */
import { validBook } from '../../support/agent.ts';
import { dates, deskOnly, librariansEdit, uploadPng, type Row } from './fixtures.ts';

export const catalogueAndLendingRows: Row[] = [
  {
    name: 'GET /api/health',
    endpoint: 'health',
    call: (a) => a.get('/api/health'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/books',
    endpoint: 'listBooks',
    call: (a) => a.get('/api/books'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    // Any member: a photo is every member's, whoever edits the catalogue.
    name: 'POST /api/images',
    endpoint: 'uploadImage',
    call: (a) => uploadPng(a),
    expected: { visitor: 401, owner: 201, other: 201, librarian: 201 },
  },
  {
    name: 'GET /images/:id.webp',
    call: (a, ids) => a.get(ids.imageUrl),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/categories',
    endpoint: 'listCategories',
    call: (a) => a.get('/api/categories'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/categories/options',
    endpoint: 'listCategoryOptions',
    call: (a) => a.get('/api/categories/options'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'POST /api/categories/options',
    endpoint: 'addCategory',
    call: (a) => a.post('/api/categories/options', { name: 'Poetry', nameBn: 'কবিতা' }),
    expected: { visitor: 401, owner: 403, other: 403, librarian: 201 },
  },
  {
    name: 'PATCH /api/categories/options/:name',
    endpoint: 'renameCategory',
    call: (a) => a.patch('/api/categories/options/drama', { nameBn: 'নাট্য' }),
    expected: { visitor: 401, owner: 403, other: 403, librarian: 200 },
  },
  {
    name: 'DELETE /api/categories/options/<a category no book carries>',
    endpoint: 'removeCategory',
    call: (a) => a.delete('/api/categories/options/Thriller'),
    expected: { visitor: 401, owner: 403, other: 403, librarian: 200 },
  },
  {
    name: 'GET /api/books/:id',
    endpoint: 'getBook',
    call: (a, ids) => a.get(`/api/books/${ids.bookId}`),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'POST /api/books',
    endpoint: 'addBook',
    call: (a) => a.post('/api/books', validBook),
    expected: { visitor: 401, owner: 201, other: 201, librarian: 201 },
    whenLibrariansEdit: librariansEdit(201),
  },
  {
    name: 'PATCH /api/books/:id',
    endpoint: 'updateBook',
    call: (a, ids) => a.patch(`/api/books/${ids.bookId}`, { name: 'Renamed', author: 'Someone' }),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
    whenLibrariansEdit: librariansEdit(200),
  },
  {
    name: 'PATCH /api/books/:id/increment',
    endpoint: 'incrementBook',
    call: (a, ids) => a.patch(`/api/books/${ids.bookId}/increment`),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
    whenLibrariansEdit: librariansEdit(200),
  },
  {
    name: 'DELETE /api/books/<a quiet book>',
    endpoint: 'withdrawBook',
    call: (a, ids) => a.delete(`/api/books/${ids.quietBookId}`),
    expected: { visitor: 401, owner: 403, other: 403, librarian: 200 },
  },
  {
    name: "DELETE /api/books/<the owner's borrowed book>",
    endpoint: 'withdrawBook',
    call: (a, ids) => a.delete(`/api/books/${ids.bookId}`),
    // Refused while a copy is on loan, for a librarian too.
    expected: { visitor: 401, owner: 403, other: 403, librarian: 409 },
  },
  {
    name: 'GET /api/borrowedBooks/check',
    endpoint: 'borrowCheck',
    call: (a, ids) => a.get(`/api/borrowedBooks/check?bookId=${ids.bookId}`),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/borrowedBooks',
    endpoint: 'currentLoans',
    call: (a) => a.get('/api/borrowedBooks'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: "GET /api/borrowedBooks?email=<owner's>",
    endpoint: 'currentLoans',
    call: (a, ids) => a.get(`/api/borrowedBooks?email=${encodeURIComponent(ids.ownerEmail)}`),
    expected: { visitor: 401, owner: 200, other: 403, librarian: 403 },
  },
  {
    name: 'POST /api/borrowedBooks',
    endpoint: 'borrow',
    call: (a, ids) => a.post('/api/borrowedBooks', { bookId: ids.bookId, ...dates }),
    // The owner already holds this book; anyone else may borrow a copy.
    expected: { visitor: 401, owner: 409, other: 201, librarian: 201 },
  },
  {
    name: "DELETE /api/borrowedBooks/<owner's loan>",
    endpoint: 'returnLoan',
    call: (a, ids) => a.delete(`/api/borrowedBooks/${ids.loanId}`),
    expected: { visitor: 401, owner: 200, other: 404, librarian: 404 },
  },
  {
    name: 'GET /api/circulation/rules',
    endpoint: 'circulationRules',
    call: (a) => a.get('/api/circulation/rules'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/borrowedBooks/history',
    endpoint: 'loanHistory',
    call: (a) => a.get('/api/borrowedBooks/history'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: "POST /api/borrowedBooks/<owner's loan>/renew",
    endpoint: 'renewLoan',
    call: (a, ids) => a.post(`/api/borrowedBooks/${ids.loanId}/renew`),
    expected: { visitor: 401, owner: 200, other: 404, librarian: 404 },
  },
  {
    name: 'GET /api/holds',
    endpoint: 'listHolds',
    call: (a) => a.get('/api/holds'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'POST /api/holds',
    endpoint: 'placeHold',
    call: (a, ids) => a.post('/api/holds', { bookId: ids.outBookId }),
    // The owner is already in this book's queue; anyone else may join it.
    expected: { visitor: 401, owner: 409, other: 201, librarian: 201 },
  },
  {
    name: "DELETE /api/holds/<owner's hold>",
    endpoint: 'cancelHold',
    call: (a, ids) => a.delete(`/api/holds/${ids.holdId}`),
    expected: { visitor: 401, owner: 200, other: 404, librarian: 404 },
  },
  // The caller's own account, whoever calls (deleting it: profile.test.ts).
  {
    name: 'GET /api/profile/notices',
    endpoint: 'myNotices',
    call: (a) => a.get('/api/profile/notices'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'PATCH /api/profile/notice-choices',
    endpoint: 'changeNoticeChoices',
    call: (a) => a.patch('/api/profile/notice-choices', { overdue: false }),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/profile/data',
    endpoint: 'myData',
    call: (a) => a.get('/api/profile/data'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/desk/loans',
    endpoint: 'deskLoans',
    call: (a) => a.get('/api/desk/loans?status=current&q=owner'),
    expected: deskOnly,
  },
  {
    name: "POST /api/desk/loans/<owner's loan>/return",
    endpoint: 'deskReturn',
    call: (a, ids) => a.post(`/api/desk/loans/${ids.loanId}/return`),
    expected: deskOnly,
  },
  {
    name: "POST /api/desk/loans/<owner's loan>/renew",
    endpoint: 'deskRenew',
    call: (a, ids) => a.post(`/api/desk/loans/${ids.loanId}/renew`),
    expected: deskOnly,
  },
];
