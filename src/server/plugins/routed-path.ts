/**
 * Which path a request was routed by. Fastify decodes the path and accepts absolute-form request
 * lines before routing, so `request.url` may spell `/api/books` as `/%61pi/books` or
 * `http://host/api/books`; decisions about a request go by this instead (issue 16). (Not the
 * route's pattern: the static files' wildcard route also matches unknown `/api/…` paths.)
 */
import type { FastifyRequest } from 'fastify';

export function routedPath(request: FastifyRequest): string {
  const { url } = request;
  // Absolute form: the path is what follows the host.
  const target = url.startsWith('/') ? url : (URL.parse(url)?.pathname ?? url);
  const query = target.indexOf('?');
  const path = query < 0 ? target : target.slice(0, query);
  if (!path.includes('%')) return path;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
