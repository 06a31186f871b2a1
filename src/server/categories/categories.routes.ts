/** HTTP for the library's categories (common/api/categories.endpoints.ts, docs/product.md#categories). */
import type { FastifyInstance } from 'fastify';
import { categoryEndpoints } from '../../common/api/categories.endpoints.ts';
import { serve } from '../api/serve.ts';

export async function categoryRoutes(app: FastifyInstance) {
  const { categories } = app;
  serve(app, categoryEndpoints, {
    listCategoryOptions: async () => categories.list(),
    addCategory: async (request) => categories.add(request.body),
    renameCategory: async (request) => categories.rename(request.params.name, request.body),
    removeCategory: async (request) => {
      await categories.remove(request.params.name);
      return { acknowledged: true as const, deletedCount: 1 };
    },
  });
}
