/**
 * Prepares the first load of the pages of common/prepared-pages.ts. Without it the browser finds
 * a page's module, its data and its cover one after another, each only once the step before has
 * run: index.html, the main script, then the page module and the API answer, then the cover.
 * The prepared page names the module and the covers in `<link>` hints, which the browser fetches
 * beside the main script, and carries the API answer as a JSON data block, which the client's API
 * client takes instead of asking (the CSP forbids inline scripts that run; data blocks never run).
 */
import type { FastifyInstance } from 'fastify';
import {
  EMBEDDED_ANSWERS_ID,
  apiRequestKey,
  matchPreparedPage,
  preparedPages,
  type EmbeddedAnswer,
  type PreparedPage,
} from '../../common/prepared-pages.ts';
import { isPagePath } from '../../common/page-paths.ts';
import { lazyModuleFiles, type ViteManifest } from './vite-manifest.ts';

/** The answer's headers the client reads. */
const FORWARDED_HEADERS = ['x-total-count', 'link'];

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A cover the browser may fetch early: on this origin (the CSP's img-src), not inline data. */
const isSameOriginPath = (url: string) => url.startsWith('/') && !url.startsWith('//');

/** JSON inside `<script>` text: no `<`, so that nothing in it can close the element. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** `<link>` hints for a page module's chunks and stylesheets, written once at start. */
function moduleHints(manifest: ViteManifest | null, page: PreparedPage): string {
  const files = manifest && lazyModuleFiles(manifest, page.module);
  if (!files) return '';
  // `crossorigin` as Vite's own loader sets it, so that its requests find these preloads.
  return [
    ...files.scripts.map(
      (file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`,
    ),
    ...files.styles.map(
      (file) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(file)}">`,
    ),
  ].join('');
}

const coverHints = (covers: string[]) =>
  covers
    .filter(isSameOriginPath)
    .map(
      (cover) => `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(cover)}">`,
    )
    .join('');

/** The API's own answer to the page's first request, through every hook an outside request passes. */
async function answerFor(
  app: FastifyInstance,
  url: string,
  requestId: string,
): Promise<EmbeddedAnswer | null> {
  const response = await app.inject({
    method: 'GET',
    url,
    // The same request id, so that the answer's log lines belong to the page's request.
    headers: { accept: 'application/json', 'x-request-id': requestId },
  });
  // A failure of the server is left to the client, which shows it as it would any other.
  const isJson = String(response.headers['content-type']).startsWith('application/json');
  if (response.statusCode >= 500 || !isJson) return null;
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = response.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return { url: apiRequestKey(url), status: response.statusCode, headers, body: response.json() };
}

/** A page to send: its HTML and its status (404 for a book or category that does not exist). */
export interface PreparedAnswer {
  html: string;
  status: number;
}

/** Prepares `page` (index.html in the visitor's language) for the page at `pathname`. */
export type PagePreparer = (
  pathname: string,
  requestId: string,
  page: string,
) => Promise<PreparedAnswer>;

/** Writes the hints and the answer of the page at `pathname` into index.html (`page`). */
export function createPagePreparer(
  app: FastifyInstance,
  manifest: ViteManifest | null,
): PagePreparer {
  const hintsByModule = new Map(
    Object.values(preparedPages).map((prepared) => [
      prepared.module,
      moduleHints(manifest, prepared),
    ]),
  );
  return async (pathname, requestId, page) => {
    const match = matchPreparedPage(pathname);
    if (!match) return { html: page, status: isPagePath(pathname) ? 200 : 404 };
    const headEnd = page.indexOf('</head>');
    const bodyEnd = page.lastIndexOf('</body>');
    if (headEnd < 0 || bodyEnd < headEnd) return { html: page, status: 200 };
    const answer = await answerFor(app, match.page.apiUrl(match.params), requestId).catch(
      (error: unknown) => {
        // The page still works without the answer: the client then asks for it itself.
        app.log.warn({ err: error, reqId: requestId }, 'could not prepare the page');
        return null;
      },
    );
    const covers = answer?.status === 200 ? match.page.firstCovers(answer.body) : [];
    const head = (hintsByModule.get(match.page.module) ?? '') + coverHints(covers);
    const data = answer
      ? `<script type="application/json" id="${EMBEDDED_ANSWERS_ID}">${scriptSafeJson([answer])}</script>`
      : '';
    return {
      html:
        page.slice(0, headEnd) + head + page.slice(headEnd, bodyEnd) + data + page.slice(bodyEnd),
      status: match.page.isMissing(
        match.params,
        answer?.status,
        (await app.categories.list()).map((category) => category.name),
      )
        ? 404
        : 200,
    };
  };
}
