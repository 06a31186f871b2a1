/**
 * Serves the built client: hashed assets cached for good, index.html never cached stale, and
 * index.html for every path that is not a file and not under /api (the client's router owns them),
 * prepared for the pages whose first load the server speeds up (pages/page-preparation.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { CatalogueEditors, Returns } from '../../common/constants.ts';
import { libraryHoursContent } from '../../common/library-hours.ts';
import type { OpeningHours } from '../../common/opening-hours.ts';
import { isPagePath } from '../../common/page-paths.ts';
import { ApiError } from '../http-errors.ts';
import { createPagePreparer, escapeHtml, type PagePreparer } from '../pages/page-preparation.ts';
import { readViteManifest } from '../pages/vite-manifest.ts';
import { pagesByLanguage, withTitle } from '../pages/page-language.ts';
import { LANGUAGE_COOKIE, languageOfRequest } from '../../common/i18n/languages.ts';
import { isApiPath, routedPath } from './routed-path.ts';

/**
 * Writes the configured product name, who may edit the catalogue (so the client offers Add
 * Book and Update only to them), and the opening hours on the library's clock (the Contact page
 * shows them; every time is shown on that clock), into the page the client reads them from.
 */
function indexHtml(
  clientDir: string,
  appName: string,
  catalogueEditors: CatalogueEditors,
  returns: Returns,
  openingHours: OpeningHours | undefined,
): string {
  const name = escapeHtml(appName);
  return (
    readFileSync(path.join(clientDir, 'index.html'), 'utf8')
      .replace(/(<meta name="application-name" content=")[^"]*(")/, `$1${name}$2`)
      .replace(/(<meta name="catalogue-editors" content=")[^"]*(")/, `$1${catalogueEditors}$2`)
      // Who records a return (RETURNS): the member's page offers Return Book only when members do.
      .replace(/(<meta name="returns" content=")[^"]*(")/, `$1${returns}$2`)
      .replace(
        /(<meta name="library-hours" content=")[^"]*(")/,
        (whole, start: string, end: string) =>
          openingHours ? `${start}${escapeHtml(libraryHoursContent(openingHours))}${end}` : whole,
      )
      .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`)
  );
}

async function spaPlugin(
  app: FastifyInstance,
  options: {
    clientDir: string | null;
    appName: string;
    catalogueEditors: CatalogueEditors;
    returns?: Returns;
    openingHours?: OpeningHours;
  },
) {
  const clientDir = options.clientDir ? path.resolve(options.clientDir) : null;
  const hasClient = clientDir !== null && existsSync(path.join(clientDir, 'index.html'));
  if (clientDir && !hasClient)
    app.log.warn({ clientDir }, 'no built client found; serving the API only');
  const page = hasClient
    ? indexHtml(
        clientDir,
        options.appName,
        options.catalogueEditors,
        options.returns ?? 'members',
        options.openingHours,
      )
    : null;
  const manifest = hasClient ? readViteManifest(clientDir) : null;
  const pages = clientDir && page ? pagesByLanguage(page, manifest) : null;
  const preparePage: PagePreparer | null = pages ? createPagePreparer(app, manifest) : null;

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        // The service worker and its manifest name the version to install: always asked again.
        const versioned = /[\\/](sw\.js|workbox-[\w-]+\.js|manifest\.webmanifest)$/.test(filePath);
        reply.header(
          'cache-control',
          versioned
            ? 'no-cache'
            : hashed
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=3600',
        );
      },
    });
  }

  // A path no page shows, and a book or category that does not exist, answer 404 with the app's
  // page, which says so (docs/product.md#search).
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const [pathname = '/', search = ''] = request.url.split('?');
    // The `lang` cookie, else (a first visit) Accept-Language: the page is written in it.
    const language = languageOfRequest(
      request.cookies[LANGUAGE_COOKIE],
      request.headers['accept-language'],
    );
    const localPage = pages && withTitle(pages[language], pathname, language, options.appName);
    const prepared =
      preparePage && localPage && request.method === 'GET'
        ? await preparePage(
            {
              pathname,
              query: new URLSearchParams(search),
              requestId: request.id,
              language,
              cookie: request.headers.cookie,
            },
            localPage,
          )
        : {
            html: localPage,
            status: isPagePath(pathname) ? 200 : 404,
            private: false,
            setCookie: [],
          };
    if (prepared.setCookie.length > 0) reply.header('set-cookie', prepared.setCookie);
    return (
      reply
        .code(prepared.status)
        // A page with a member's own answers is theirs alone; any page is asked for afresh.
        .header('cache-control', prepared.private ? 'private, no-cache' : 'no-cache')
        .header('vary', 'Cookie, Accept-Language')
        .header('content-language', language)
        .type('text/html; charset=utf-8')
        .send(prepared.html)
    );
  };
  // The static handler refuses directories, so the root path gets the page explicitly.
  if (page) app.get('/', sendPage);

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApiPath(routedPath(request)) || !page || !wantsPage) {
      const error = new ApiError(
        404,
        'NOT_FOUND',
        `Nothing at ${request.method} ${request.url.split('?')[0]}`,
      );
      return reply.code(404).send(error.toBody());
    }
    return sendPage(request, reply);
  });
}

export const spa = fp(spaPlugin, { name: 'spa' });
