/**
 * Which built files a page module needs, from Vite's manifest (dist/client/.vite/manifest.json,
 * emitted by vite.config.ts): its chunk, the chunks it imports and their stylesheets.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type ViteManifest = Record<string, ManifestChunk>;

/** URL paths of built files, as the browser asks for them. */
export interface ModuleFiles {
  scripts: string[];
  styles: string[];
}

const MANIFEST_PATH = path.join('.vite', 'manifest.json');

/** The manifest of the built client, or null when the build wrote none. */
export function readViteManifest(clientDir: string): ViteManifest | null {
  try {
    return JSON.parse(readFileSync(path.join(clientDir, MANIFEST_PATH), 'utf8')) as ViteManifest;
  } catch {
    return null;
  }
}

/** The chunks these chunks load before they run: themselves and their static imports, deeply. */
function staticClosure(manifest: ViteManifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

/** The chunks a lazily loaded module needs beyond those index.html already loads. */
function ownChunks(manifest: ViteManifest, moduleKey: string): string[] {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loadedByPage = staticClosure(manifest, entries);
  return [...staticClosure(manifest, [moduleKey])].filter((key) => !loadedByPage.has(key));
}

function filesOf(manifest: ViteManifest, keys: string[]): ModuleFiles {
  const chunks = keys.flatMap((key) => manifest[key] ?? []);
  const toUrl = (file: string) => `/${file}`;
  return {
    scripts: chunks.map((chunk) => toUrl(chunk.file)),
    styles: chunks.flatMap((chunk) => (chunk.css ?? []).map(toUrl)),
  };
}

/**
 * The files a lazily loaded module needs beyond those index.html already loads; null when the
 * manifest does not know the module.
 */
export function lazyModuleFiles(manifest: ViteManifest, moduleKey: string): ModuleFiles | null {
  if (!manifest[moduleKey]) return null;
  return filesOf(manifest, ownChunks(manifest, moduleKey));
}

/**
 * A page module's files and, among what its own chunks import on demand, the text catalogues of
 * `language` (`../common/i18n/bn-pages.ts` …), which the module awaits before it renders
 * (client/lib/page-texts.ts): without a hint each would be one more round trip after the module.
 */
export function pageModuleFiles(
  manifest: ViteManifest,
  moduleKey: string,
  language: string,
): ModuleFiles | null {
  if (!manifest[moduleKey]) return null;
  const own = ownChunks(manifest, moduleKey);
  const catalogue = new RegExp(`/common/i18n/${language}(-[\\w-]+)?\\.ts$`);
  const catalogues = own
    .flatMap((key) => manifest[key]?.dynamicImports ?? [])
    .filter((key) => catalogue.test(key))
    .flatMap((key) => ownChunks(manifest, key));
  return filesOf(manifest, [...new Set([...own, ...catalogues])]);
}
