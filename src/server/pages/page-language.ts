/**
 * The first HTML in the visitor's language (docs/product.md#language): `<html lang>`, the description, the
 * loading overlay's word, the noscript text and the document title are written by the server, so
 * nothing shows in English first. The page also names the language's catalogue chunk in a
 * `<link rel="modulepreload">` (the client imports it before its first render). The Bengali font
 * is not preloaded: the system's own Bengali font draws it where there is one, and elsewhere it
 * is fetched once Bengali text shows, never competing with the page's scripts (styles.css).
 */
import { bn } from '../../common/i18n/bn.ts';
import type { Catalogue } from '../../common/i18n/catalogue.ts';
import { en } from '../../common/i18n/en.ts';
import { LANGUAGES, type Language } from '../../common/i18n/languages.ts';
import { pageTitleFor } from '../../common/i18n/page-title.ts';
import { escapeHtml } from './page-preparation.ts';
import { lazyModuleFiles, type ViteManifest } from './vite-manifest.ts';

export const catalogues: Record<Language, Catalogue> = { en, bn };

/** The catalogue modules as Vite's manifest names them (relative to src/client, its root). */
const catalogueModule = (language: Language) => `../common/i18n/${language}.ts`;

function catalogueHint(manifest: ViteManifest | null, language: Language): string {
  const files = manifest && lazyModuleFiles(manifest, catalogueModule(language));
  return (files?.scripts ?? [])
    .map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`)
    .join('');
}

function localise(page: string, language: Language, hints: string): string {
  const texts = catalogues[language].documentTexts;
  return page
    .replace(/<html\b[^>]*>/, `<html lang="${language}">`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      `$1${escapeHtml(texts.description)}$2`,
    )
    .replace(
      /(<span[^>]*data-loading-text[^>]*>)[^<]*(<\/span>)/,
      `$1${escapeHtml(texts.loading)}$2`,
    )
    .replace(/(<p[^>]*data-noscript-text[^>]*>)[^<]*(<\/p>)/, `$1${escapeHtml(texts.noScript)}$2`)
    .replace('</head>', `${hints}</head>`);
}

/** index.html in each language, prepared once at start. */
export function pagesByLanguage(
  page: string,
  manifest: ViteManifest | null,
): Record<Language, string> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      localise(page, language, catalogueHint(manifest, language)),
    ]),
  ) as Record<Language, string>;
}

/** The page with the document title of `pathname` in its language. */
export const withTitle = (page: string, pathname: string, language: Language, appName: string) =>
  page.replace(
    /<title>[^<]*<\/title>/,
    `<title>${escapeHtml(pageTitleFor(pathname, catalogues[language], appName))}</title>`,
  );
