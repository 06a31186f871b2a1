/** The server itself: whether it and its database answer. */
import { healthSchema } from '../schemas.ts';
import { endpoint } from './endpoint.ts';

export const serverEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    summary: 'Whether the server and its database answer',
    tag: 'Server',
    access: 'visitor',
    answer: healthSchema,
  }),
};
