/**
 * The first HTML in the visitor's language (docs/product.md#language): `<html lang>`, the description, the
 * loading overlay's word, the noscript text and the document title are written by the server, so
 * nothing shows in English first. The page also names the language's catalogue chunk in a
 * `<link rel="modulepreload">` (the client imports it before its first render) and, for Bangla,
 * preloads the Bengali font, which only Bangla pages use.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
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

/** The Bengali font's regular and bold faces (styles.css), as the build named them. */
const BENGALI_FONT_FILES = /^noto-sans-bengali-bengali-(400|700)-normal-[\w-]+\.woff2$/;

function bengaliFontHints(clientDir: string): string {
  let files: string[];
  try {
    files = readdirSync(path.join(clientDir, 'assets'));
  } catch {
    return '';
  }
  return files
    .filter((file) => BENGALI_FONT_FILES.test(file))
    .map(
      (file) =>
        `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${escapeHtml(file)}">`,
    )
    .join('');
}

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
  clientDir: string,
): Record<Language, string> {
  const fontHints = bengaliFontHints(clientDir);
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      localise(
        page,
        language,
        catalogueHint(manifest, language) + (language === 'bn' ? fontHints : ''),
      ),
    ]),
  ) as Record<Language, string>;
}

/** The page with the document title of `pathname` in its language. */
export const withTitle = (page: string, pathname: string, language: Language, appName: string) =>
  page.replace(
    /<title>[^<]*<\/title>/,
    `<title>${escapeHtml(pageTitleFor(pathname, catalogues[language], appName))}</title>`,
  );
