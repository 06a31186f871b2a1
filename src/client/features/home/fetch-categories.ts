import type { CategorySummary } from '../../../common/types.ts';
import { api } from '../../lib/api-client.ts';

export async function fetchCategories(): Promise<CategorySummary[]> {
  const { data } = await api.get('/categories');
  return data;
}
