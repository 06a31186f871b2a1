/**
 * The role matrix's rows for the desk's lists and exports, MARC, the phone and the library card.
 */
import { CATALOGUE_COLUMNS } from '../../../src/server/desk/catalogue-csv.ts';
import { VALID_PASSWORD } from '../../support/agent.ts';
import { isoFile, kohaBook, marcForm } from '../../support/marc-records.ts';
import { deskOnly, type Row } from './fixtures.ts';

export const deskAndPhoneRows: Row[] = [
  {
    name: 'GET /api/desk/holds',
    endpoint: 'deskHolds',
    call: (a) => a.get('/api/desk/holds'),
    expected: deskOnly,
  },
  {
    name: 'GET /api/desk/members',
    endpoint: 'deskMembers',
    call: (a) => a.get('/api/desk/members?q=owner'),
    expected: deskOnly,
  },
  {
    name: 'PATCH /api/desk/members/<owner>',
    endpoint: 'updateMember',
    call: (a, ids) => a.patch(`/api/desk/members/${ids.ownerId}`, { blocked: true }),
    expected: deskOnly,
  },
  {
    name: 'GET /api/desk/stats',
    endpoint: 'deskStats',
    call: (a) => a.get('/api/desk/stats'),
    expected: deskOnly,
  },
  {
    name: 'GET /api/desk/books.csv',
    endpoint: 'exportCatalogue',
    call: (a) => a.get('/api/desk/books.csv'),
    expected: deskOnly,
  },
  {
    name: 'POST /api/desk/books/import',
    endpoint: 'importCatalogue',
    call: (a) =>
      a.request({
        method: 'POST',
        url: '/api/desk/books/import',
        headers: { 'content-type': 'text/csv' },
        payload: `${CATALOGUE_COLUMNS.join(',')}\nImported,Someone,Novel,1,4,x,/covers/dune.svg,,,,,,\n`,
      }),
    expected: deskOnly,
  },
  {
    name: 'POST /api/desk/books/marc?dryRun=true',
    endpoint: 'importMarc',
    call: (a) => {
      const { payload, headers } = marcForm(isoFile(kohaBook({ id: 'auth-1', title: 'Matrix' })));
      return a.request({
        method: 'POST',
        url: '/api/desk/books/marc?dryRun=true',
        payload,
        headers,
      });
    },
    expected: deskOnly,
  },
  {
    name: 'GET /api/desk/books.mrc',
    endpoint: 'exportMarc',
    call: (a) => a.get('/api/desk/books.mrc'),
    expected: deskOnly,
  },
  {
    name: 'GET /api/desk/books.marcxml',
    endpoint: 'exportMarcXml',
    call: (a) => a.get('/api/desk/books.marcxml'),
    expected: deskOnly,
  },
  {
    name: 'GET /api/books/facets',
    endpoint: 'bookFacets',
    call: (a) => a.get('/api/books/facets?q=dune'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/profile/notice-choices',
    endpoint: 'noticeChoices',
    call: (a) => a.get('/api/profile/notice-choices'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/profile',
    endpoint: 'myProfile',
    call: (a) => a.get('/api/profile'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    // Nobody was sent a code yet: there is none to confirm (sms.test.ts confirms numbers).
    name: 'POST /api/profile/phone/verify',
    endpoint: 'verifyPhone',
    call: (a) => a.post('/api/profile/phone/verify', { code: '123456' }),
    expected: { visitor: 401, owner: 409, other: 409, librarian: 409 },
  },
  {
    name: 'PUT /api/profile/phone',
    endpoint: 'setPhone',
    call: (a) => a.put('/api/profile/phone', { phone: '+8801712345678' }),
    expected: { visitor: 401, owner: 202, other: 202, librarian: 202 },
  },
  {
    name: 'GET /api/profile/sms-choices',
    endpoint: 'smsChoices',
    call: (a) => a.get('/api/profile/sms-choices'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'PATCH /api/profile/sms-choices',
    endpoint: 'changeSmsChoices',
    call: (a) => a.patch('/api/profile/sms-choices', { dueSoon: false }),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'DELETE /api/profile/phone',
    endpoint: 'removePhone',
    call: (a) => a.delete('/api/profile/phone'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    // Refused for the owner, whose book is on loan, and for the librarian, who borrowed in an earlier
    // row (rows run in order); deleting an account: profile.test.ts.
    name: 'DELETE /api/profile',
    endpoint: 'deleteAccount',
    call: (a) => a.delete('/api/profile', { password: VALID_PASSWORD }),
    expected: { visitor: 401, owner: 409, other: 200, librarian: 409 },
  },
  {
    name: 'GET /api/openapi.json',
    endpoint: 'openApiDocument',
    call: (a) => a.get('/api/openapi.json'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/docs',
    endpoint: 'apiReference',
    call: (a) => a.get('/api/docs'),
    expected: { visitor: 200, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/card',
    endpoint: 'myCard',
    call: (a) => a.get('/api/card'),
    expected: { visitor: 401, owner: 200, other: 200, librarian: 200 },
  },
  {
    name: 'GET /api/books/:id/copies',
    endpoint: 'bookCopies',
    call: (a, ids) => a.get(`/api/books/${ids.quietBookId}/copies`),
    expected: deskOnly,
  },
  {
    name: 'POST /api/books/:id/copies',
    endpoint: 'addCopy',
    call: (a, ids) => a.post(`/api/books/${ids.quietBookId}/copies`, {}),
    expected: { ...deskOnly, librarian: 201 },
  },
  {
    name: 'PATCH /api/copies/:id',
    endpoint: 'updateCopy',
    call: (a, ids) => a.patch(`/api/copies/${ids.quietCopyId}`, { note: 'Checked' }),
    expected: deskOnly,
  },
];
