/**
 * Checks an API answer against the OpenAPI document the server publishes (/api/openapi.json):
 * the route must be in it, must declare the answer's status, and the body must match the schema
 * declared for it (JSON Schema 2020-12, as OpenAPI 3.1 has it). The test agents (agent.ts,
 * http-agent.ts) run every answer they receive through it, so a route missing from the document,
 * or answering something it does not declare, fails the test that calls it.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Schema = Record<string, unknown>;

interface Response {
  description?: string;
  content?: Record<string, { schema?: Schema }>;
}

interface Operation {
  responses?: Record<string, Response>;
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface Answer {
  method: string;
  url: string;
  status: number;
  contentType: string | undefined;
  /** The body as text; empty when there is none. */
  body: string;
}

const DOCUMENT_ID = 'pathagar-openapi';

/** What a path no route takes answers: not found, or an address refused before any routing. */
const UNROUTED_STATUSES = new Set([400, 404, 405, 414, 431]);

/** A path template as a pattern, `{id}` standing for one segment. */
const templatePattern = (template: string) =>
  new RegExp(
    `^${template
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]+')}$`,
  );

/** The path Fastify routes by: without the query, decoded, the host of an absolute form dropped. */
function routedPath(url: string): string {
  const path = new URL(url, 'http://test.invalid').pathname;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

const pointer = (...parts: string[]) =>
  parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

export class ApiContract {
  readonly #ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  readonly #validators = new Map<string, ValidateFunction>();
  /** Literal paths first: /api/books/facets is routed before /api/books/{id}, as Fastify does. */
  readonly #templates: { template: string; pattern: RegExp }[];

  constructor(readonly document: OpenApiDocument) {
    this.#ajv.addSchema(document as object, DOCUMENT_ID);
    this.#templates = Object.keys(document.paths)
      .map((template) => ({ template, pattern: templatePattern(template) }))
      .sort((a, b) => a.template.split('{').length - b.template.split('{').length);
  }

  /** The document's operation for a request, or null when it lists none. */
  operationFor(method: string, path: string): { template: string; operation: Operation } | null {
    // A HEAD is answered by the GET route, without a body.
    const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    for (const { template, pattern } of this.#templates) {
      const operation = pattern.test(path) ? this.document.paths[template]?.[verb] : undefined;
      if (operation) return { template, operation };
    }
    return null;
  }

  /** Why the answer breaks the contract, or null when it keeps it. */
  violation(answer: Answer): string | null {
    const path = routedPath(answer.url);
    const found = this.operationFor(answer.method, path);
    if (!found) {
      if (!isApiPath(path)) return null;
      // Nothing is routed there: the app's own 404, or a refusal of the address before routing.
      if (UNROUTED_STATUSES.has(answer.status)) return null;
      return `${answer.method} ${path} answered ${answer.status} but is not in the OpenAPI document`;
    }
    const { template, operation } = found;
    const responses = operation.responses ?? {};
    const status = String(answer.status);
    const key = [status, `${status[0]}XX`, 'default'].find((name) => responses[name]);
    const where = `${answer.method} ${template} ${status}`;
    if (!key) return `${where}: the document declares no such answer`;
    const content = responses[key]?.content;
    if (answer.body === '' || answer.method.toLowerCase() === 'head') return null;
    const mediaType = (answer.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const declared = content?.[mediaType];
    if (!declared) return `${where}: the document declares no ${mediaType || 'body'} answer`;
    if (mediaType !== 'application/json') return null;
    const verb = answer.method.toLowerCase() === 'head' ? 'get' : answer.method.toLowerCase();
    const schemaRef = `${DOCUMENT_ID}#/${pointer('paths', template, verb, 'responses', key, 'content', mediaType, 'schema')}`;
    let validate = this.#validators.get(schemaRef);
    if (!validate) {
      validate = this.#ajv.getSchema(schemaRef);
      if (!validate) return `${where}: no schema at ${schemaRef}`;
      this.#validators.set(schemaRef, validate);
    }
    if (validate(JSON.parse(answer.body))) return null;
    return `${where}: the body does not match the document: ${this.#ajv.errorsText(validate.errors)}\n${answer.body.slice(0, 500)}`;
  }

  /** Throws when the answer breaks the contract, so the test calling it fails there. */
  check(answer: Answer): void {
    const violation = this.violation(answer);
    if (violation) throw new Error(`API contract: ${violation}`);
  }
}

/** The document an app publishes, read once per app. */
const contracts = new WeakMap<FastifyInstance, Promise<ApiContract>>();
/** The apps whose inject checkEveryInject wraps. */
const checkedApps = new WeakSet<FastifyInstance>();

/**
 * The document the app publishes at /api/openapi.json, read from @fastify/swagger itself (what
 * that route sends) rather than asked for, so that no test sees a request it did not make.
 */
export function contractOf(app: FastifyInstance): Promise<ApiContract> {
  let contract = contracts.get(app);
  if (!contract) {
    contract = Promise.resolve(app.ready()).then(
      () => new ApiContract(JSON.parse(JSON.stringify(app.swagger())) as OpenApiDocument),
    );
    contracts.set(app, contract);
  }
  return contract;
}

/** The body as the client reads it: inject hands over the bytes as sent, compressed or not. */
function decodedBody(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
  return response.body;
}

export const answerOf = (
  options: { method?: string; url?: string },
  response: LightMyRequestResponse,
): Answer => ({
  method: options.method ?? 'GET',
  url: options.url ?? '/',
  status: response.statusCode,
  contentType: response.headers['content-type'] as string | undefined,
  body: decodedBody(response),
});

/** Whether checkEveryInject wraps this app's inject already (the Agent then need not check). */
export const checksEveryInject = (app: FastifyInstance) => checkedApps.has(app);

/**
 * Makes every `app.inject(options)` of a test app check its answer against the app's document,
 * for the tests that call inject directly instead of through an Agent.
 */
export function checkEveryInject(app: FastifyInstance) {
  const inject = app.inject.bind(app);
  checkedApps.add(app);
  const checked = async (options: InjectOptions | string) => {
    const response = await inject(options);
    const request =
      typeof options === 'string'
        ? { url: options }
        : {
            method: options.method,
            url: typeof options.url === 'string' ? options.url : undefined,
          };
    (await contractOf(app)).check(answerOf(request, response));
    return response;
  };
  app.inject = ((options?: InjectOptions | string) =>
    options === undefined ? inject() : checked(options)) as FastifyInstance['inject'];
}
