/**
 * The API's contract (docs/architecture.md#the-api): every route declares zod schemas for what it takes and
 * answers (common/schemas.ts). fastify-type-provider-zod validates requests and serializes answers
 * with them, and @fastify/swagger turns the same schemas into the OpenAPI 3.1 document published
 * at /api/openapi.json, with a reference page at /api/docs (docs-page.ts).
 */
import swagger from '@fastify/swagger';
import type {
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import {
  createJsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import type { ZodType } from 'zod';
import { referenceEndpoints } from '../../common/api/reference.endpoints.ts';
import { apiErrorSchema } from '../../common/schemas.ts';
import { JsonAnswer, sendJsonAnswer } from '../json-answer.ts';
import { isApiPath } from '../plugins/routed-path.ts';
import { refusalInLanguage } from '../request-language.ts';
import { authPaths } from './auth-paths.ts';
import { docsPage } from './docs-page.ts';
import { serve } from './serve.ts';

/** The document and the page change only with a new release; caches may keep them an hour. */
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * Fastify hands a validator `null` for a missing body or query; the routes have always read
 * those as `{}`, so that a missing body is refused field by field, as an empty one is.
 */
const validateMissingAsEmpty: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data) => validate(data ?? {});
};

/** Every failure leaves as `{ error, code }` (plugins/errors.ts); routes need not repeat it. */
const ERROR_RESPONSES = { '4xx': apiErrorSchema, '5xx': apiErrorSchema };

interface RouteSchema extends FastifySchema {
  response?: Record<string, unknown>;
}

/** Adds the error answers to each API route that declares its answers. */
function withErrorResponses(url: string, schema: RouteSchema | undefined) {
  if (!isApiPath(url) || !schema?.response) return;
  schema.response = { ...ERROR_RESPONSES, ...schema.response };
}

async function refuseInvalidInput(request: FastifyRequest) {
  const refusal = request.validationError;
  if (refusal) throw refusalInLanguage(request, refusal.validationContext) ?? refusal;
}

/**
 * Fastify validates before any preHandler, but who may ask is checked first, as it always was:
 * a visitor's bad request is a 401, not a list of field problems. So a route's input is checked
 * after its own preHandlers (session.ts), and its failure thrown only then.
 */
function validateAfterPreHandlers(route: RouteOptions) {
  const { schema } = route;
  if (!schema || !(schema.body || schema.querystring || schema.params || schema.headers)) return;
  route.attachValidation = true;
  const own = route.preHandler ?? [];
  route.preHandler = [...(Array.isArray(own) ? own : [own]), refuseInvalidInput];
}

/** Only what the API declares is published: the pages and static files are not part of it. */
const transformRoute = createJsonSchemaTransform({ skipList: [] });
const transform: typeof transformRoute = (route) =>
  !isApiPath(route.url) && !route.schema
    ? { schema: { hide: true }, url: route.url }
    : transformRoute(route);

const info = {
  title: 'Pathagar API',
  version: '1',
  description:
    'The catalogue, circulation and desk of a city library. JSON in and out; every id is a string ' +
    'named `_id`; every failure is `{error, code}` (with `issues` on a 400). Unsafe requests echo ' +
    'the XSRF-TOKEN cookie in an X-XSRF-TOKEN header; lists are paged with X-Total-Count and a Link header.',
};

async function apiContractPlugin(app: FastifyInstance) {
  app.setValidatorCompiler(validateMissingAsEmpty);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRoute', (route) => {
    withErrorResponses(route.url, route.schema as RouteSchema);
    validateAfterPreHandlers(route);
  });
  await app.register(swagger, {
    openapi: { openapi: '3.1.0', info },
    transform,
    transformObject: (document) => {
      const generated = jsonSchemaTransformObject(document) as OpenAPIV3_1.Document;
      return { ...generated, paths: { ...generated.paths, ...authPaths() } };
    },
  });

  let documentAnswer: JsonAnswer | undefined;
  let page: { html: string; csp: string } | undefined;
  serve(app, referenceEndpoints, {
    openApiDocument: async (request, reply) => {
      documentAnswer ??= JsonAnswer.of(app.swagger());
      reply.header('cache-control', CACHE_CONTROL);
      return sendJsonAnswer(request, reply, documentAnswer);
    },
    apiReference: async (_request, reply) => {
      page ??= docsPage(app.swagger() as OpenAPIV3_1.Document);
      // The API's policy, letting in the page's one stylesheet by its hash: no script runs here.
      return reply
        .header('content-security-policy', page.csp)
        .header('cache-control', CACHE_CONTROL)
        .type('text/html; charset=utf-8')
        .send(page.html);
    },
  });
}

export const apiContract = fp(apiContractPlugin, { name: 'api-contract' });
