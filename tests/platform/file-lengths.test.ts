/**
 * No file over 600 lines (STYLE: a file one can read through), outside migrations and seed data.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LIMIT = 600;
const ROOTS = ['src', 'scripts', 'tests'];
const EXCEPTED = [/^src\/server\/db\/migrations\//, /^src\/server\/seed\//];

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return codeFiles(full);
    return /\.(tsx?|js|mjs|css)$/.test(entry.name) ? [full] : [];
  });
}

const lines = (file: string) => readFileSync(file, 'utf8').split('\n').length - 1;

describe('files', () => {
  const files = ROOTS.flatMap(codeFiles).filter((file) => !EXCEPTED.some((re) => re.test(file)));

  it(`are at most ${LIMIT} lines, migrations and seed data excepted`, () => {
    expect(files.length).toBeGreaterThan(100);
    const over = files
      .filter((file) => lines(file) > LIMIT)
      .map((file) => `${file}: ${lines(file)}`);
    expect(over).toEqual([]);
  });
});
