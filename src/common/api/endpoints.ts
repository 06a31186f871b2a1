/**
 * The one endpoint table: every endpoint of the app's own API, each declared once in its module's
 * file beside this one (how: endpoint.ts). A module's new endpoint goes in its file; a new module's
 * file is added here. Types of the client's calls come from here, so the browser's bundle pays
 * nothing for it (the client imports types only).
 */
import { catalogueEndpoints } from './catalogue.endpoints.ts';
import { categoryEndpoints } from './categories.endpoints.ts';
import { circulationEndpoints } from './circulation.endpoints.ts';
import { deskEndpoints } from './desk.endpoints.ts';
import { ebookEndpoints } from './ebooks.endpoints.ts';
import { imageEndpoints } from './images.endpoints.ts';
import { lendingEndpoints } from './lending.endpoints.ts';
import { marcEndpoints } from './marc.endpoints.ts';
import { eventEndpoints } from './events.endpoints.ts';
import { finesEndpoints } from './fines.endpoints.ts';
import { roomEndpoints } from './rooms.endpoints.ts';
import type { AnswersOf, BodiesOf, HttpMethod, PathNames, QueriesOf } from './endpoint.ts';
import { profileEndpoints } from './profile.endpoints.ts';
import { referenceEndpoints } from './reference.endpoints.ts';
import { serverEndpoints } from './server.endpoints.ts';

export const endpoints = {
  ...serverEndpoints,
  ...referenceEndpoints,
  ...catalogueEndpoints,
  ...categoryEndpoints,
  ...circulationEndpoints,
  ...deskEndpoints,
  ...profileEndpoints,
  ...imageEndpoints,
  ...lendingEndpoints,
  ...roomEndpoints,
  ...eventEndpoints,
  ...finesEndpoints,
  ...ebookEndpoints,
  ...marcEndpoints,
};

export type EndpointName = keyof typeof endpoints;

/** What each endpoint answers on success, keyed `METHOD /path` as the OpenAPI document names it. */
export type ApiAnswers = AnswersOf<typeof endpoints>;
/** What each endpoint takes as its JSON body. */
export type ApiBodies = BodiesOf<typeof endpoints>;

/** What each endpoint takes as its query string. */
export type ApiQueries = QueriesOf<typeof endpoints>;

/** The paths that take `method`, e.g. ApiPath<'GET'> includes '/books/{id}'. */
export type ApiPath<M extends HttpMethod> =
  Extract<keyof ApiAnswers, `${M} ${string}`> extends `${M} ${infer P}` ? P : never;

export type ApiAnswer<M extends HttpMethod, P extends ApiPath<M>> = ApiAnswers[`${M} ${P}` &
  keyof ApiAnswers];
export type ApiBody<M extends HttpMethod, P extends ApiPath<M>> = ApiBodies[`${M} ${P}` &
  keyof ApiBodies];
export type ApiQuery<M extends HttpMethod, P extends ApiPath<M>> = ApiQueries[`${M} ${P}` &
  keyof ApiQueries];
/** The values of a path's `{name}` parameters, each required; none for a path without. */
export type ApiPathValues<P extends string> = Record<PathNames<P>, string>;
/** A path's values as the last arguments of a call: required when it has parameters. */
export type PathArguments<P extends string> = [PathNames<P>] extends [never]
  ? []
  : [values: ApiPathValues<P>];
