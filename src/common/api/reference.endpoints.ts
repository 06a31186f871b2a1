/** The API's own description: the OpenAPI document made from this table, and its reference page. */
import { z } from 'zod';
import { endpoint } from './endpoint.ts';

const access = 'visitor';

export const referenceEndpoints = {
  openApiDocument: endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This document',
    tag: 'API',
    access,
    answer: z.looseObject({ openapi: z.string() }),
    publicAnswer: true,
  }),
  apiReference: endpoint({
    method: 'GET',
    path: '/api/docs',
    summary: 'The reference page of this API',
    tag: 'API',
    access,
    answer: { mediaType: 'text/html', schema: z.string() },
    publicAnswer: true,
  }),
};
