import type { CirculationRules } from '../../common/types.ts';
import { api } from './api-client.ts';

/** GET /api/circulation/rules: the loan period and limits in force, and the library's today. */
export async function getCirculationRules(signal?: AbortSignal): Promise<CirculationRules> {
  const response = await api.get('/circulation/rules', { signal });
  return response.data;
}
