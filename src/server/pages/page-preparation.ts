/**
 * Prepares the first load of every page. Without it the browser finds a page's module, its words,
 * its data and its cover one after another, each only once the step before has run: index.html,
 * the main script, then the page module, its catalogue and the API answers, then the cover. The
 * prepared page names the module's chunks and the catalogues of its language in `<link>` hints,
 * which the browser fetches beside the main script, and carries, as a JSON data block the
 * client's API client takes instead of asking (the CSP forbids inline scripts that run; data
 * blocks never run), the session the page was asked with and the answers of the page's loaders
 * (common/prepared-pages.ts): a signed-in member's own answers too, asked with their cookies, so
 * their pages paint as soon as the scripts have run (issue 36).
 */
import type { FastifyInstance } from 'fastify';
import {
  EMBEDDED_ANSWERS_ID,
  SESSION_URL,
  CATEGORY_OPTIONS_URL,
  apiRequestKey,
  matchPreparedPage,
  type EmbeddedAnswer,
} from '../../common/prepared-pages.ts';
import { pageModules } from '../../common/page-modules.ts';
import { pageOf, type PageName } from '../../common/page-paths.ts';
import { LANGUAGES, type Language } from '../../common/i18n/languages.ts';
import { pageModuleFiles, type ViteManifest } from './vite-manifest.ts';

/** The answer's headers the client reads. */
const FORWARDED_HEADERS = ['x-total-count', 'x-total-count-estimated', 'link'];

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A cover the browser may fetch early: on this origin (the CSP's img-src), not inline data. */
const isSameOriginPath = (url: string) => url.startsWith('/') && !url.startsWith('//');

/** JSON inside `<script>` text: no `<`, so that nothing in it can close the element. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** `<link>` hints for a page module's chunks, stylesheets and catalogues, written once at start. */
function moduleHints(manifest: ViteManifest | null, module: string, language: Language): string {
  const files = manifest && pageModuleFiles(manifest, module, language);
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

/** Whether the request carries better-auth's session cookie (a member, or a session run out). */
const carriesSession = (cookie: string | undefined) =>
  /(?:^|;\s*)[^=;]+\.session_token=/.test(cookie ?? '');

interface Injected {
  answer: EmbeddedAnswer | null;
  /** The answer's Set-Cookie lines: better-auth's session, renewed as the member reads it. */
  setCookie: string[];
}

/** The API's own answer to one of the page's first requests, through every hook an outside request passes. */
async function answerFor(
  app: FastifyInstance,
  url: string,
  requestId: string,
  cookie: string | undefined,
): Promise<Injected> {
  const response = await app.inject({
    method: 'GET',
    url,
    // The same request id, so that the answer's log lines belong to the page's request.
    headers: {
      accept: 'application/json',
      'x-request-id': requestId,
      ...(cookie ? { cookie } : {}),
    },
  });
  const setCookie = [response.headers['set-cookie'] ?? []].flat().map(String);
  // A failure of the server is left to the client, which shows it as it would any other.
  const isJson = String(response.headers['content-type']).startsWith('application/json');
  if (response.statusCode >= 500 || !isJson) return { answer: null, setCookie };
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = response.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return {
    answer: {
      url: apiRequestKey(url),
      status: response.statusCode,
      headers,
      body: response.json(),
    },
    setCookie,
  };
}

/** A page to send: its HTML, its status (404 for a book or category that does not exist), and more. */
export interface PreparedAnswer {
  html: string;
  status: number;
  /** It carries a member's own answers: no shared cache may keep it. */
  private: boolean;
  /** Cookies to set with the page: the session as better-auth renewed it while answering. */
  setCookie: string[];
}

/** What the preparer needs to know of the page's request. */
export interface PageRequest {
  pathname: string;
  query: URLSearchParams;
  requestId: string;
  language: Language;
  cookie: string | undefined;
}

/** Prepares `page` (index.html in the visitor's language) for the request. */
export type PagePreparer = (request: PageRequest, page: string) => Promise<PreparedAnswer>;

/** A visitor without a session cookie: better-auth's answer, known without asking it. */
const NO_SESSION: EmbeddedAnswer = { url: SESSION_URL, status: 200, headers: {}, body: null };

const signedIn = (session: EmbeddedAnswer | null) =>
  (session?.body as { user?: unknown } | null)?.user != null;

/** Writes the hints and the answers of the page asked for into index.html (`page`). */
export function createPagePreparer(
  app: FastifyInstance,
  manifest: ViteManifest | null,
): PagePreparer {
  const hints = new Map(
    LANGUAGES.flatMap((language) =>
      (Object.keys(pageModules) as PageName[]).map((name) => [
        `${language} ${name}`,
        moduleHints(manifest, pageModules[name], language),
      ]),
    ),
  );
  return async ({ pathname, query, requestId, language, cookie }, page) => {
    const name = pageOf(pathname);
    const headEnd = page.indexOf('</head>');
    const bodyEnd = page.lastIndexOf('</body>');
    if (!name || headEnd < 0 || bodyEnd < headEnd)
      return { html: page, status: name ? 200 : 404, private: false, setCookie: [] };
    // The page still works without an answer: the client then asks for it itself.
    const noAnswer = (error: unknown): Injected => {
      app.log.warn({ err: error, reqId: requestId }, 'could not prepare the page');
      return { answer: null, setCookie: [] };
    };
    const member = carriesSession(cookie);
    const session = member
      ? await answerFor(app, SESSION_URL, requestId, cookie).catch(noAnswer)
      : { answer: NO_SESSION, setCookie: [] };
    const match = matchPreparedPage(pathname);
    const requests = (match?.page.requests(match.params, query) ?? []).filter(
      (request) => !request.mine || signedIn(session.answer),
    );
    const [categoryOptions, ...answers] = await Promise.all([
      answerFor(app, CATEGORY_OPTIONS_URL, requestId, undefined).catch(noAnswer),
      ...requests.map(({ url }) =>
        answerFor(app, url, requestId, member ? cookie : undefined).catch(noAnswer),
      ),
    ]).then((injected) => injected.map(({ answer }) => answer));
    const first = answers[0];
    const covers =
      first?.status === 200 && match?.page.firstCovers ? match.page.firstCovers(first.body) : [];
    const head = (hints.get(`${language} ${name}`) ?? '') + coverHints(covers);
    const embedded = [session.answer, categoryOptions, ...answers].filter(
      (answer) => answer !== null,
    );
    const data = `<script type="application/json" id="${EMBEDDED_ANSWERS_ID}">${scriptSafeJson(embedded)}</script>`;
    const missing = match?.page.isMissing
      ? match.page.isMissing(
          match.params,
          first?.status,
          (await app.categories.list()).map((category) => category.name),
        )
      : false;
    return {
      html:
        page.slice(0, headEnd) + head + page.slice(headEnd, bodyEnd) + data + page.slice(bodyEnd),
      status: missing ? 404 : 200,
      private: member,
      setCookie: session.setCookie,
    };
  };
}
