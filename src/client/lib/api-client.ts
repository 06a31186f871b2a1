/**
 * The one HTTP client of the app, on the browser's fetch: JSON in and out under /api, no timeout,
 * statuses 200–299 are success and any other answer is thrown as an ApiError carrying the
 * server's `{ error, code }`. Every request echoes the XSRF-TOKEN cookie (see xsrf.ts), which is
 * how unsafe requests pass the server's CSRF check. A GET that the server already answered in the
 * page (embedded-answers.ts) is not sent again. Each call's answer is typed by the endpoint it
 * names in the endpoint table (common/api/endpoints.ts), as the OpenAPI document names it:
 * `api.get('/books/{id}', …)`; so is the body it sends.
 */
import type { HttpMethod, PathNames } from '../../common/api/endpoint.ts';
import type {
  ApiAnswer,
  ApiBody,
  ApiPath,
  ApiPathValues,
  ApiQuery,
  PathArguments,
} from '../../common/api/endpoints.ts';
import type { ErrorCode } from '../../common/error-codes.ts';
import type { ApiErrorBody } from '../../common/types.ts';
import { takeEmbeddedAnswer } from './embedded-answers.ts';
import { XSRF_HEADER, xsrfToken } from './xsrf-token.ts';

const API_BASE = '/api';

export class ApiError extends Error {
  constructor(
    message: string,
    /** 0 when no answer came (network failure). */
    readonly status: number,
    readonly code: ErrorCode | undefined,
    /** The server's own `error` sentence, when it sent one. */
    readonly serverMessage?: string,
    /** What the server found wrong, field by field (a catalogue import: row by row). */
    readonly issues?: ApiErrorBody['issues'],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

type QueryParams = Record<string, string | number | undefined>;

interface RequestOptions {
  params?: QueryParams;
  signal?: AbortSignal;
  body?: unknown;
  /** A body sent as it is, with its own type, instead of as JSON (the desk's CSV import). */
  text?: { content: string; type: string };
}

const unauthorizedListeners = new Set<() => void>();

/** Calls back whenever the server answers 401; returns the function that stops it. */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

function urlOf(path: string, params: QueryParams = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) query.set(name, String(value));
  }
  const search = query.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

/** JSON when the body is JSON, the text otherwise, null when empty. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function failureOf(status: number, body: unknown): ApiError {
  const { error, code, issues } = (
    typeof body === 'object' && body ? body : {}
  ) as Partial<ApiErrorBody>;
  const serverMessage = typeof error === 'string' && error ? error : undefined;
  const message = serverMessage ?? `Request failed with status code ${status}`;
  return new ApiError(
    message,
    status,
    code,
    serverMessage,
    Array.isArray(issues) ? issues : undefined,
  );
}

/** The same outcome for an answer fetched now and one embedded in the page. */
function settle<T>(status: number, data: unknown, headers: Headers): ApiResponse<T> {
  if (status >= 200 && status < 300) return { data: data as T, headers };
  if (status === 401) unauthorizedListeners.forEach((listener) => listener());
  throw failureOf(status, data);
}

async function request<T>(
  method: string,
  path: string,
  { params, signal, body, text }: RequestOptions = {},
): Promise<ApiResponse<T>> {
  const url = urlOf(path, params);
  const embedded = method === 'GET' ? takeEmbeddedAnswer(url) : undefined;
  if (embedded) return settle<T>(embedded.status, embedded.body, new Headers(embedded.headers));
  const headers = new Headers({ Accept: 'application/json' });
  const token = await xsrfToken(method);
  if (token) headers.set(XSRF_HEADER, token);
  // A form (a file upload) sets its own multipart Content-Type with the boundary.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers.set('Content-Type', 'application/json');
  if (text) headers.set('Content-Type', text.type);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: text
        ? text.content
        : body === undefined || isForm
          ? (body as FormData | undefined)
          : JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    // A cancelled request stays an AbortError, which React Router knows to ignore.
    if (signal?.aborted) throw error;
    throw new ApiError(error instanceof Error ? error.message : String(error), 0, undefined);
  }
  return settle<T>(response.status, await readBody(response), response.headers);
}

/**
 * A form posted with the progress of its upload (`sent` of `total` bytes), which fetch cannot
 * report: the one call made through XMLHttpRequest, answered and refused like every other.
 */
async function upload<T>(
  path: string,
  form: FormData,
  {
    params,
    onProgress,
  }: { params?: QueryParams; onProgress?: (sent: number, total: number) => void },
): Promise<ApiResponse<T>> {
  const token = await xsrfToken('POST');
  const { status, body, headers } = await new Promise<{
    status: number;
    body: unknown;
    headers: Headers;
  }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', urlOf(path, params));
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader(XSRF_HEADER, token);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded, event.total);
    xhr.onload = () => {
      let parsed: unknown = xhr.responseText || null;
      try {
        parsed = JSON.parse(xhr.responseText) as unknown;
      } catch {
        // Not JSON: kept as text, as readBody does.
      }
      const answered = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const colon = line.indexOf(':');
        if (colon > 0) answered.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      resolve({ status: xhr.status, body: parsed, headers: answered });
    };
    xhr.onerror = () => reject(new ApiError('The upload did not reach the server', 0, undefined));
    xhr.send(form);
  });
  return settle<T>(status, body, headers);
}

type PathValues = Record<string, string>;

/** The path with each `{name}` replaced by its value, escaped. */
function fill(path: string, values: PathValues = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

const hasParameters = (path: string) => path.includes('{');

/** The last arguments of a call: the path's values first when it has parameters, then the rest. */
function valuesAndRest(path: string, args: readonly unknown[]): [PathValues | undefined, unknown] {
  return hasParameters(path) ? [args[0] as PathValues, args[1]] : [undefined, args[0]];
}

interface GetOptions<P extends ApiPath<'GET'>> {
  params?: ApiQuery<'GET', P>;
  signal?: AbortSignal;
}
/** A GET's options, which name the path's values when it has parameters. */
type GetArguments<P extends ApiPath<'GET'>> = [PathNames<P>] extends [never]
  ? [options?: GetOptions<P>]
  : [options: GetOptions<P> & { path: ApiPathValues<P> }];

type SendArguments<M extends HttpMethod, P extends ApiPath<M>> = [
  body: ApiBody<M, P>,
  ...values: PathArguments<P>,
];

function send<M extends 'POST' | 'PUT' | 'PATCH'>(method: M) {
  return <P extends ApiPath<M>>(path: P, ...[body, values]: SendArguments<M, P>) =>
    request<ApiAnswer<M, P>>(method, fill(path, values), { body });
}

/**
 * The typed calls: each path, its `{name}` values, its query and its body are the endpoint
 * table's, so a misspelt parameter or a missing value fails `npm run typecheck`.
 */
export const api = {
  get: <P extends ApiPath<'GET'>>(path: P, ...[options]: GetArguments<P>) => {
    const { path: values, ...rest } = (options ?? {}) as GetOptions<P> & { path?: PathValues };
    return request<ApiAnswer<'GET', P>>('GET', fill(path, values), rest as RequestOptions);
  },
  post: send('POST'),
  put: send('PUT'),
  patch: send('PATCH'),
  /** A multipart form, reporting how much of it has been sent (a large file's import). */
  upload: <P extends ApiPath<'POST'>>(
    path: P,
    form: FormData,
    options: {
      params?: ApiQuery<'POST', P>;
      onProgress?: (sent: number, total: number) => void;
    } = {},
  ) => upload<ApiAnswer<'POST', P>>(path, form, options as { params?: QueryParams }),
  /** A body that is not JSON, such as a CSV file, sent with its own type. */
  postText: <P extends ApiPath<'POST'>>(path: P, content: string, type: string) =>
    request<ApiAnswer<'POST', P>>('POST', path, { text: { content, type } }),
  delete: <P extends ApiPath<'DELETE'>>(
    path: P,
    ...args: [...PathArguments<P>, body?: ApiBody<'DELETE', P>]
  ) => {
    const [values, body] = valuesAndRest(path, args);
    return request<ApiAnswer<'DELETE', P>>('DELETE', fill(path, values), { body });
  },
};

/**
 * better-auth's endpoints under /api/auth, which its own answers describe (api/auth-paths.ts on
 * the server); the session is typed by better-auth's client (features/auth/auth-session.ts).
 */
export const authApi = {
  get: <T>(path: `/auth/${string}`) => request<T>('GET', path),
  post: (path: `/auth/${string}`, body: unknown) => request<unknown>('POST', path, { body }),
};

export interface ApiFailure {
  status: number;
  code: ErrorCode | undefined;
  message: string;
}

/** The status, code and sentence of a failed call; anything that is no ApiError gets status 0. */
export function apiFailure(error: unknown): ApiFailure {
  if (error instanceof ApiError) {
    return { status: error.status, code: error.code, message: error.message };
  }
  return {
    status: 0,
    code: undefined,
    message: error instanceof Error ? error.message : String(error),
  };
}
