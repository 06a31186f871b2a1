/**
 * The API contract (docs/decisions/007-api-contract.md): the OpenAPI 3.1 document is valid, lists
 * exactly the endpoint table's endpoints and the better-auth endpoints the app uses, the server
 * registers no API route outside them, the document is public and cacheable, its
 * reference page keeps the API's Content-Security-Policy, and the agents' answer check refuses a
 * route the document does not list and an answer that breaks the schema it declares.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints } from '../../src/common/api/endpoints.ts';
import { JsonAnswer, sendJsonAnswer } from '../../src/server/json-answer.ts';
import { Agent } from '../support/agent.ts';
import type { OpenApiDocument } from '../support/api-contract.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/test-app.ts';

/** The endpoints of the app's own API, as the table declares them. */
const TABLE_ENDPOINTS = Object.values(endpoints).map(
  ({ method, path }) => `${method.toLowerCase()} ${path.replace(/:(\w+)/g, '{$1}')}`,
);

/** The better-auth endpoints the app calls, which the document lists beside the table's. */
const AUTH_ENDPOINTS = [
  'post /api/auth/sign-up/email',
  'post /api/auth/sign-in/email',
  'post /api/auth/sign-in/social',
  'get /api/auth/callback/google',
  'post /api/auth/sign-out',
  'get /api/auth/get-session',
  'get /api/auth/list-sessions',
  'post /api/auth/change-password',
  'post /api/auth/request-password-reset',
  'post /api/auth/reset-password',
  'post /api/auth/send-verification-email',
  'get /api/auth/verify-email',
  'post /api/auth/update-user',
];

/**
 * Every route the server registered, as `method path` (HEAD left out: Fastify adds it to each
 * GET), read from Fastify's printed tree of routes, where a nested line continues its parent's path.
 */
function registeredRoutes(tree: string): string[] {
  const parents: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([A-Z, ]+)\)$/u.exec(line);
    if (!match) continue;
    const depth = [...(match[1] ?? '')].length / 4;
    const path = `${parents[depth - 1] ?? ''}${match[2]}`;
    parents[depth] = path;
    for (const method of (match[3] ?? '').split(', '))
      if (method !== 'HEAD') routes.push(`${method.toLowerCase()} ${path}`);
  }
  return routes;
}

describe.each(databaseKinds)('the OpenAPI document on %s', (kind) => {
  let server: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    server = await startTestApp(kind);
    document = (await new Agent(server.app).get<OpenApiDocument>('/api/openapi.json')).body;
  });
  afterAll(() => server.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(document) as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it("lists exactly the endpoints of the table and better-auth's, each with its answers described", () => {
    const listed = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    // Exactly these: an API route registered outside the table would be listed here too.
    expect(listed.sort()).toEqual([...TABLE_ENDPOINTS, ...AUTH_ENDPOINTS].sort());
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const described = Object.values(operation.responses ?? {}).some((answer) => answer.content);
        expect(described, `${method} ${path}`).toBe(true);
      }
    }
  });

  it("registers no API route outside the table, but better-auth's own", () => {
    const registered = registeredRoutes(server.app.printRoutes({ commonPrefix: false }));
    const table = new Set(
      Object.values(endpoints).map(({ method, path }) => `${method.toLowerCase()} ${path}`),
    );
    const outside = registered.filter(
      (route) => route.includes(' /api/') && !table.has(route) && !route.includes(' /api/auth/'),
    );
    expect(outside).toEqual([]);
    // Their answers go through better-auth's handler, under /api/auth, whose paths the
    // document lists (AUTH_ENDPOINTS); everything else it answers with 404.
    expect(registered.filter((route) => !route.includes(' /api/')).sort()).toEqual([
      'get *',
      'get /images/:id.webp',
      'post *',
    ]);
  });

  it('is public and cacheable, and so is the reference page, which keeps the API policy', async () => {
    const visitor = new Agent(server.app);
    const json = await visitor.get('/api/openapi.json');
    expect(json.status).toBe(200);
    expect(json.headers['cache-control']).toBe('public, max-age=3600');
    const docs = await visitor.get<string>('/api/docs');
    expect(docs.status).toBe(200);
    expect(docs.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(docs.headers['cache-control']).toBe('public, max-age=3600');
    const policy = String(docs.headers['content-security-policy']);
    expect(policy).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; frame-ancestors 'none'$/,
    );
    // Nothing runs and nothing comes from another site.
    expect(docs.body).not.toMatch(/<script|<link|<img|src=/i);
    expect(docs.body).toContain('/api/borrowedBooks/{id}/renew');
  });
});

describe('the answer check of the test agents', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp('sqlite');
    // Routes the document does not describe, as a change might add them.
    server.app.get('/api/undescribed', async () => ({ listed: false }));
    server.app.get(
      '/api/misdescribed',
      { schema: { response: { 200: z.object({ count: z.number() }) } } },
      async (request, reply) => sendJsonAnswer(request, reply, JsonAnswer.of({ count: 'many' })),
    );
  });
  afterAll(() => server.close());

  it('refuses an answer from a route without its answers in the document', async () => {
    await expect(new Agent(server.app).get('/api/undescribed')).rejects.toThrow(
      'GET /api/undescribed 200: the document declares no application/json answer',
    );
  });

  it('refuses an answer that breaks the schema the document declares', async () => {
    await expect(server.app.inject({ method: 'GET', url: '/api/misdescribed' })).rejects.toThrow(
      /GET \/api\/misdescribed 200: the body does not match the document: data\/count must be number/,
    );
  });

  it('lets an unknown API path answer its 404', async () => {
    const response = await new Agent(server.app).get('/api/nothing/here');
    expect(response.status).toBe(404);
  });
});
