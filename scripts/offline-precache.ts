/**
 * What the service worker keeps when it installs (docs/decisions/029-service-worker-for-members.md):
 * the files the offline pages need, not every chunk of the app. Those pages are the member's card,
 * their loans (with holds, bookings and registrations) and the reader with its EPUB renderer; the
 * app's shell, styles, language catalogues and fonts come with them. Any other page's files are
 * kept at run time when the member opens that page (vite.config.ts, APP_FILES).
 *
 * Read from the build's own manifest (dist/client/.vite/manifest.json), so a renamed chunk or a
 * new import follows without a list to keep in step.
 */
import { readFileSync } from 'node:fs';

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/** One file of Workbox's precache list (workbox-build's ManifestEntry, as vite-plugin-pwa passes it). */
interface PrecacheEntry {
  url: string;
  size: number;
  revision: string | null;
}

/** The pages a member opens offline, by their route modules (src/client/router.tsx). */
const OFFLINE_PAGES = ['routes/library-card.tsx', 'routes/borrowed-books.tsx', 'routes/read.tsx'];

/** Loaded on demand by every page: the language catalogues (src/client/lib/i18n.ts). */
const isLanguageCatalogue = (key: string) => key.includes('common/i18n/');

/** The reader's renderer is a dynamic import of its page; the page is useless offline without it. */
const followsDynamicImports = (key: string) =>
  key === 'routes/read.tsx' || key.includes('node_modules/foliate-js/');

/** Every file the given chunks need: their static imports, styles and assets, recursively. */
export function filesNeeded(manifest: Record<string, ManifestChunk>, roots: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
    if (followsDynamicImports(key))
      for (const imported of chunk.dynamicImports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return files;
}

/** A Workbox manifest transform that keeps the offline pages' files and the app's own icons. */
export function offlinePagesOnly(viteManifestFile: string) {
  return (entries: PrecacheEntry[]) => {
    const manifest = JSON.parse(readFileSync(viteManifestFile, 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    const roots = [
      'index.html',
      ...OFFLINE_PAGES,
      ...Object.keys(manifest).filter(isLanguageCatalogue),
    ];
    const missing = roots.filter((root) => !manifest[root]);
    // A page renamed or removed stops the build rather than leave the member's card uncached.
    if (missing.length > 0)
      throw new Error(`offline pages not in the build: ${missing.join(', ')}`);
    const needed = filesNeeded(manifest, roots);
    const kept = entries.filter(
      (entry) =>
        !entry.url.startsWith('assets/') || needed.has(entry.url) || entry.url.endsWith('.woff2'),
    );
    return { manifest: kept, warnings: [] };
  };
}
