/**
 * Registers a module's endpoints from the endpoint table (common/api/), each with its handler:
 * the route's schemas (and so its validation and its OpenAPI entry), its success status and its
 * guard all come from the table, and a handler receives its input already parsed and typed.
 * A module cannot register an endpoint the table lacks, nor leave one without a handler.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { z, type ZodType } from 'zod';
import type { BodyOf, Endpoint, ParamsOf, QueryOf, ReturnOf } from '../../common/api/endpoint.ts';
import type { Access } from '../../common/permissions.ts';

export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
}>;

/** A handler returns the answer, or the reply when it sent the answer itself (a prepared one). */
export type Handler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<ReturnOf<E> | FastifyReply>;

export type Handlers<T extends Record<string, Endpoint>> = { [K in keyof T]: Handler<T[K]> };

/** A body checked by a schema built by this server (one that reads its clock), in place of the table's. */
export type BodyOverrides<T extends Record<string, Endpoint>> = {
  [K in keyof T]?: T[K]['body'] extends ZodType ? ZodType<BodyOf<T[K]>> : never;
};

/** The guard of an access, run when the request arrives: before its body is even read. */
const guardOf = (app: FastifyInstance, access: Access): onRequestHookHandler | undefined =>
  access === 'visitor' ? undefined : app.requireAccess(access);

function responseOf(declared: Endpoint) {
  const status = declared.status ?? 200;
  const { answer, alsoAnswers = {} } = declared;
  if ('mediaType' in answer) {
    const content = { [answer.mediaType]: { schema: answer.schema } };
    return {
      [status]: { content },
      ...(alsoAnswers[206] && { 206: { description: alsoAnswers[206], content } }),
      ...(alsoAnswers[304] && { 304: z.void().describe(alsoAnswers[304]) }),
    };
  }
  return { [status]: answer };
}

export function serve<T extends Record<string, Endpoint>>(
  app: FastifyInstance,
  table: T,
  handlers: Handlers<T>,
  overrides: BodyOverrides<T> = {},
) {
  for (const [name, declared] of Object.entries(table) as [keyof T & string, Endpoint][]) {
    const handle = handlers[name] as unknown as Handler<Endpoint>;
    const guard = guardOf(app, declared.access);
    const status = declared.status ?? 200;
    app.route({
      method: declared.method,
      url: declared.path,
      ...(guard && { onRequest: guard }),
      ...(declared.bodyLimit && { bodyLimit: declared.bodyLimit }),
      config: { publicAnswer: declared.publicAnswer ?? false },
      schema: {
        summary: declared.summary,
        tags: [declared.tag],
        ...(declared.params && { params: declared.params }),
        ...(declared.query && { querystring: declared.query }),
        ...(declared.body && { body: overrides[name] ?? declared.body }),
        response: responseOf(declared),
      },
      handler: async (request, reply) => {
        reply.code(status);
        return handle(request as EndpointRequest<Endpoint>, reply);
      },
    });
  }
}
