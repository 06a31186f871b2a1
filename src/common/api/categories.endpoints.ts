/**
 * The categories the library chooses (docs/product.md#categories): anyone reads them, librarians
 * add, rename and remove them.
 */
import { z } from 'zod';
import {
  categoryCreateSchema,
  categoryOptionSchema,
  categoryParamsSchema,
  categoryUpdateSchema,
} from '../category-schemas.ts';
import { deleteResultSchema } from '../schemas.ts';
import { endpoint } from './endpoint.ts';

const tag = 'Catalogue';

export const categoryEndpoints = {
  listCategoryOptions: endpoint({
    method: 'GET',
    path: '/api/categories/options',
    summary: "The library's categories, in English and Bangla, by English name",
    tag,
    access: 'visitor',
    answer: z.array(categoryOptionSchema),
    publicAnswer: true,
  }),
  addCategory: endpoint({
    method: 'POST',
    path: '/api/categories/options',
    summary: 'Adds a category; 409 DUPLICATE_CATEGORY when one has the name in any case',
    tag,
    access: 'librarian',
    body: categoryCreateSchema,
    status: 201,
    answer: categoryOptionSchema,
  }),
  renameCategory: endpoint({
    method: 'PATCH',
    path: '/api/categories/options/:name',
    summary: 'Renames a category in either language; its books follow a new English name',
    tag,
    access: 'librarian',
    params: categoryParamsSchema,
    body: categoryUpdateSchema,
    answer: categoryOptionSchema,
  }),
  removeCategory: endpoint({
    method: 'DELETE',
    path: '/api/categories/options/:name',
    summary: 'Removes a category no book carries; 409 CATEGORY_IN_USE otherwise',
    tag,
    access: 'librarian',
    params: categoryParamsSchema,
    answer: deleteResultSchema,
  }),
};
