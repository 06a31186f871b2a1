/**
 * What each endpoint of the app's own API answers on success, keyed as the OpenAPI document names
 * them (method and path under /api, `{id}` for a path parameter). The client's calls are typed by
 * this map (client/lib/api-client.ts), so the type of an answer is never picked by hand at a call.
 * Types only: the client's bundle pays nothing for them.
 */
import type {
  Book,
  DeskHold,
  DeskMember,
  DeskStats,
  Notice,
  NoticeChoices,
  StoredImage,
  BookFacets,
  BorrowCheck,
  CategorySummary,
  CategoryOption,
  CirculationRules,
  DeleteResult,
  Hold,
  HoldPlaced,
  InsertResult,
  Loan,
  UpdateResult,
} from './types.ts';

export interface ApiAnswers {
  'GET /books': Book[];
  'POST /books': InsertResult;
  'GET /books/facets': BookFacets;
  'GET /categories': CategorySummary[];
  'GET /books/{id}': Book;
  'PATCH /books/{id}': UpdateResult;
  'GET /circulation/rules': CirculationRules;
  'GET /borrowedBooks/check': BorrowCheck;
  'GET /borrowedBooks': Loan[];
  'POST /borrowedBooks': InsertResult;
  'GET /borrowedBooks/history': Loan[];
  'DELETE /borrowedBooks/{id}': DeleteResult;
  'POST /borrowedBooks/{id}/renew': Loan;
  'GET /holds': Hold[];
  'POST /holds': HoldPlaced;
  'DELETE /holds/{id}': DeleteResult;
  'GET /desk/loans': Loan[];
  'POST /desk/loans/{id}/return': DeleteResult;
  'POST /desk/loans/{id}/renew': Loan;
  'GET /desk/holds': DeskHold[];
  'GET /desk/members': DeskMember[];
  'PATCH /desk/members/{id}': DeskMember;
  'GET /desk/stats': DeskStats;
  'POST /desk/books/import': { imported: number };
  'GET /profile/notice-choices': NoticeChoices;
  'PATCH /profile/notice-choices': NoticeChoices;
  'GET /profile/notices': Notice[];
  'DELETE /profile': DeleteResult;
  'POST /images': StoredImage;
  'GET /categories/options': CategoryOption[];
  'POST /categories/options': CategoryOption;
  'PATCH /categories/options/{name}': CategoryOption;
  'DELETE /categories/options/{name}': DeleteResult;
}

export type ApiMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The paths that take `method`, e.g. ApiPath<'GET'> includes '/books/{id}'. */
export type ApiPath<M extends ApiMethod> =
  Extract<keyof ApiAnswers, `${M} ${string}`> extends `${M} ${infer P}` ? P : never;

export type ApiAnswer<M extends ApiMethod, P extends ApiPath<M>> = ApiAnswers[`${M} ${P}` &
  keyof ApiAnswers];
