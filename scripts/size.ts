/**
 * `npm run size [-- <built client dir>]`: the client's budgets, from the production build
 * (dist/client is built first when it is missing or older than the client's sources). Fails when the JavaScript the home page loads is over 150 kB gzip in
 * total, or the CSS over 30 kB gzip. Sizes are gzip at level 9, in kB of 1000 bytes, as Vite prints.
 *
 * The home page loads index.html's module script with everything it imports statically (what
 * Vite preloads), then the lazy module of the home route with its own static imports, and the
 * catalogue of its language (src/common/i18n/<language>.ts, which the server preloads); Vite's
 * manifest (build.manifest in vite.config.ts) names them all. Each language is measured and must
 * fit: a page loads one catalogue, never both (docs/product.md#language).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGETS = { javascript: 150_000, css: 30_000 };
/** The home route's module, as the manifest names it (relative to Vite's root, src/client). */
const HOME_ROUTE = 'routes/home.tsx';
/** Each language's catalogue, as the manifest names it. */
const CATALOGUES = { English: '../common/i18n/en.ts', Bangla: '../common/i18n/bn.ts' };
const ENTRY = 'index.html';
const DEFAULT_CLIENT_DIR = 'dist/client';
/** What the client build is made from: a file newer than the build means it is out of date. */
const CLIENT_SOURCES = [
  'src/client',
  'src/common',
  'public',
  'vite.config.ts',
  'package-lock.json',
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function newestSourceTime(): number {
  return Math.max(
    ...CLIENT_SOURCES.flatMap((source) =>
      statSync(source).isDirectory()
        ? readdirSync(source, { recursive: true, encoding: 'utf8' }).map(
            (file) => statSync(path.join(source, file)).mtimeMs,
          )
        : [statSync(source).mtimeMs],
    ),
  );
}

/** Why the build must be made (again) before it is measured, or null when it can be measured. */
function rebuildReason(clientDir: string, manifestFile: string): string | null {
  if (!existsSync(manifestFile)) return `no build with a manifest in ${clientDir}`;
  const isDefault = path.resolve(clientDir) === path.resolve(DEFAULT_CLIENT_DIR);
  if (isDefault && newestSourceTime() > statSync(manifestFile).mtimeMs) {
    return `the build in ${clientDir} is older than the client's sources`;
  }
  return null;
}

function readManifest(clientDir: string): Manifest {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  const reason = rebuildReason(clientDir, file);
  if (reason) {
    console.error(`${reason}: running npm run build`);
    execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** The chunk's file and the files of every chunk it imports statically, however deep. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

const gzipSize = (clientDir: string, file: string) =>
  gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length;

const kilobytes = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Prints each file and the total against the budget; answers whether the total fits. */
function report(title: string, clientDir: string, files: string[], budget: number): boolean {
  const sizes = files.map((file) => ({ file, bytes: gzipSize(clientDir, file) }));
  const total = sizes.reduce((sum, each) => sum + each.bytes, 0);
  const fits = total <= budget;
  console.log(`${title}: ${kilobytes(total)} gzip of ${kilobytes(budget)} ${fits ? 'ok' : 'OVER'}`);
  for (const { file, bytes } of sizes.sort((a, b) => b.bytes - a.bytes)) {
    console.log(`  ${kilobytes(bytes).padStart(9)}  ${file}`);
  }
  return fits;
}

function main(): number {
  const clientDir = path.resolve(process.argv[2] ?? DEFAULT_CLIENT_DIR);
  const manifest = readManifest(clientDir);
  const javascriptFits = Object.entries(CATALOGUES).map(([language, catalogue]) => {
    const javascript = [
      ...new Set([
        ...staticClosure(manifest, ENTRY),
        ...staticClosure(manifest, HOME_ROUTE),
        ...staticClosure(manifest, catalogue),
      ]),
    ];
    return report(
      `JavaScript the home page loads in ${language}`,
      clientDir,
      javascript,
      BUDGETS.javascript,
    );
  });
  const css = readdirSync(path.join(clientDir, 'assets'))
    .filter((name) => name.endsWith('.css'))
    .map((name) => path.join('assets', name));
  const cssFits = report('CSS', clientDir, css, BUDGETS.css);
  return javascriptFits.every(Boolean) && cssFits ? 0 : 1;
}

process.exitCode = main();
