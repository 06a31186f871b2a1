/**
 * The client's walls (issue 39, item 5): a feature (src/client/features/<name>/) keeps its loaders,
 * actions and components in its folder and imports neither another feature nor the pages of
 * src/client/routes/, which are made of the features. The linter refuses such an import as it is
 * written; this test reads every import (static, dynamic, type-only and re-exports) from the files
 * themselves, so no way of writing one slips through.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const CLIENT = 'src/client';
const FEATURES = path.join(CLIENT, 'features');
const ROUTES = path.join(CLIENT, 'routes');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The project files a file imports, as paths from the repository's root. */
function importsOf(file: string, text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map(({ fileName }) => fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => path.join(path.dirname(file), name));
}

const featureOf = (file: string) =>
  file.startsWith(FEATURES + path.sep) ? path.relative(FEATURES, file).split(path.sep)[0] : null;

/** Each import that crosses a wall: a feature's file reaching into routes/ or another feature. */
function wallBreaches(files: Map<string, string>): string[] {
  return [...files].flatMap(([file, text]) => {
    const feature = featureOf(file);
    if (!feature) return [];
    return importsOf(file, text)
      .filter((target) => {
        const other = featureOf(target);
        return target.startsWith(ROUTES + path.sep) || (other !== null && other !== feature);
      })
      .map((target) => `${file} → ${target}`);
  });
}

const clientFiles = () =>
  new Map(sourceFiles(CLIENT).map((file) => [file, readFileSync(file, 'utf8')] as const));

describe("the client's features", () => {
  it('import neither routes/ nor another feature', () => {
    const files = clientFiles();
    expect([...files.keys()].filter((file) => featureOf(file)).length).toBeGreaterThan(50);
    expect(wallBreaches(files)).toEqual([]);
  });

  it('are caught importing a page of routes/ or another feature, however the import is written', () => {
    const loans = path.join(FEATURES, 'loans', 'loan-loaders.ts');
    const files = new Map([
      [loans, "import type { loadDesk } from '../../routes/desk.tsx';"],
      [path.join(FEATURES, 'books', 'book-loaders.ts'), "const m = import('../loans/intents.ts');"],
      [
        path.join(ROUTES, 'desk.tsx'),
        "export { deskAction } from '../features/desk/desk-actions.ts';",
      ],
    ]);
    expect(wallBreaches(files)).toEqual([
      `${loans} → ${path.join(ROUTES, 'desk.tsx')}`,
      `${path.join(FEATURES, 'books', 'book-loaders.ts')} → ${path.join(FEATURES, 'loans', 'intents.ts')}`,
    ]);
  });
});
