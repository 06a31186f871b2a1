/**
 * How one endpoint is declared: its method and path, what it takes (params, query, body), what it
 * answers on success, and who may call it. Each module lists its endpoints in a file of this folder
 * (`<module>.endpoints.ts`); endpoints.ts gathers them into the one table. From that table alone:
 * - the server registers each route with its guard and typed handler (server/api/serve.ts);
 * - the OpenAPI document at /api/openapi.json is generated (server/api/api-contract.ts);
 * - the client's calls are typed (client/lib/api-client.ts, through `ApiAnswers` below).
 */
import type { z, ZodType } from 'zod';
import type { Access } from '../permissions.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An answer that is not JSON: its media type and a schema of its text. */
export interface OtherAnswer {
  mediaType: string;
  schema: ZodType;
}

export interface Endpoint {
  method: HttpMethod;
  /** Fastify's spelling, `:name` for a parameter. */
  path: string;
  /** One line for the API's reference. */
  summary: string;
  /** The reference's section. */
  tag: string;
  access: Access;
  params?: ZodType;
  query?: ZodType;
  body?: ZodType;
  /** The success status; 200 unless said. */
  status?: 200 | 201;
  /** The success answer: a JSON schema, or another media type (a CSV, an HTML page). */
  answer: ZodType | OtherAnswer;
  /**
   * Other successes of an answer that is not JSON, by status, with what each means: a range of
   * the file (206, with the same media type) or "not modified" (304, no body).
   */
  alsoAnswers?: Partial<Record<206 | 304, string>>;
  /** Answers everybody alike, so shared caches may keep it (server/plugins/answer-privacy.ts). */
  publicAnswer?: boolean;
  /** A larger body than the server's default (a catalogue file). */
  bodyLimit?: number;
}

/** Declares an endpoint, keeping its literal types for the handlers and the client. */
export const endpoint = <const E extends Endpoint>(declared: E): E => declared;

type Output<S> = S extends ZodType ? z.output<S> : undefined;

/** What a handler receives, already validated and parsed. */
export type ParamsOf<E extends Endpoint> = Output<E['params']>;
export type QueryOf<E extends Endpoint> = Output<E['query']>;
export type BodyOf<E extends Endpoint> = Output<E['body']>;
/** What a handler returns: the answer before its schema serializes it. */
export type ReturnOf<E extends Endpoint> = E['answer'] extends ZodType
  ? z.input<E['answer']>
  : string;
/** What the client receives. */
export type AnswerOf<E extends Endpoint> = E['answer'] extends ZodType
  ? z.output<E['answer']>
  : string;

/** `/api/books/:id` → `/books/{id}`: a path as the OpenAPI document and the client name it. */
export type OpenApiPath<P extends string> = P extends `/api${infer Rest}` ? Braced<Rest> : never;
type Braced<P extends string> = P extends `${infer Head}:${infer Name}/${infer Tail}`
  ? `${Head}{${Name}}/${Braced<Tail>}`
  : P extends `${infer Head}:${infer Name}`
    ? `${Head}{${Name}}`
    : P;

/** Every endpoint of a table keyed `METHOD /path`, as the client calls it, with its answer. */
export type AnswersOf<T extends Record<string, Endpoint>> = {
  [K in keyof T as `${T[K]['method']} ${OpenApiPath<T[K]['path']>}`]: AnswerOf<T[K]>;
};

/** Likewise with the query each endpoint takes (never where it takes none). */
export type QueriesOf<T extends Record<string, Endpoint>> = {
  [K in keyof T as `${T[K]['method']} ${OpenApiPath<T[K]['path']>}`]: T[K]['query'] extends ZodType
    ? z.input<T[K]['query']>
    : never;
};

/** The `{name}` parameters of a path as the client names it: '/books/{id}/copies' → 'id'. */
export type PathNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathNames<Rest>
  : never;

/** Likewise with the JSON body each endpoint takes (unknown where it takes none). */
export type BodiesOf<T extends Record<string, Endpoint>> = {
  [K in keyof T as `${T[K]['method']} ${OpenApiPath<T[K]['path']>}`]: T[K]['body'] extends ZodType
    ? z.input<T[K]['body']>
    : unknown;
};
