/**
 * The library's categories (docs/product.md#categories): each named in English, as books carry it,
 * and in Bangla.
 */
import { z } from 'zod';
import { CATEGORY_NAME_MAX } from './constants.ts';

const categoryName = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(CATEGORY_NAME_MAX, `${field} must be at most ${CATEGORY_NAME_MAX} characters`)
    .refine((name) => !/[\p{Cc}]/u.test(name), `${field} must be written on one line`);

export const categoryOptionSchema = z
  .object({
    name: z.string().describe('The English name, as books carry it'),
    nameBn: z.string().describe('The Bangla name'),
  })
  .meta({ id: 'CategoryOption' });

export const categoryCreateSchema = z.strictObject({
  name: categoryName('Name'),
  nameBn: categoryName('Bangla name'),
});

/** A rename: either name, or both; books follow a new English name. */
export const categoryUpdateSchema = z
  .strictObject({
    name: categoryName('Name').optional(),
    nameBn: categoryName('Bangla name').optional(),
  })
  .refine((update) => update.name !== undefined || update.nameBn !== undefined, {
    message: 'Name or Bangla name is required',
  });

export const categoryParamsSchema = z.object({
  name: z.string().min(1).max(200).describe('The category’s English name, in any case'),
});

export type CategoryOption = z.infer<typeof categoryOptionSchema>;
export type CategoryCreate = z.infer<typeof categoryCreateSchema>;
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;
