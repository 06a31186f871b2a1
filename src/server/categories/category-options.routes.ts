/**
 * HTTP for the categories a library offers: anyone reads the list, librarians change it
 * (docs/product/catalogue-and-accounts.md).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  categoryNameParamsSchema,
  categoryOptionSchema,
  deleteResultSchema,
} from '../../common/schemas.ts';
import { parseInput } from '../http-errors.ts';

export async function categoryOptionRoutes(app: FastifyInstance) {
  const { categoryOptions } = app;
  const tags = ['Catalogue'];

  app.get(
    '/api/categories/options',
    {
      schema: {
        summary: 'The categories books may be shelved under, the defaults first',
        tags,
        response: { 200: z.array(categoryOptionSchema) },
      },
    },
    async () => (await categoryOptions.list()).map((name) => ({ name })),
  );

  app.post(
    '/api/categories/options',
    {
      preHandler: app.requireLibrarian,
      schema: {
        summary: 'Offer a new category (librarians)',
        tags,
        body: categoryOptionSchema,
        response: { 201: categoryOptionSchema },
      },
    },
    async (request, reply) => {
      const { name } = parseInput(categoryOptionSchema, request.body);
      return reply.code(201).send(await categoryOptions.add(name));
    },
  );

  app.patch<{ Params: { name: string } }>(
    '/api/categories/options/:name',
    {
      preHandler: app.requireLibrarian,
      schema: {
        summary: 'Rename a category; its books move with it (librarians)',
        tags,
        params: categoryNameParamsSchema,
        body: categoryOptionSchema,
        response: { 200: categoryOptionSchema },
      },
    },
    async (request) => {
      const { name } = parseInput(categoryOptionSchema, request.body);
      return categoryOptions.rename(request.params.name, name);
    },
  );

  app.delete<{ Params: { name: string } }>(
    '/api/categories/options/:name',
    {
      preHandler: app.requireLibrarian,
      schema: {
        summary: 'Stop offering a category no book is shelved under (librarians)',
        tags,
        params: categoryNameParamsSchema,
        response: { 200: deleteResultSchema },
      },
    },
    async (request) => categoryOptions.remove(request.params.name),
  );
}
