/**
 * Writes the demo e-books (src/server/seed/demo-ebooks.ts) as EPUB files and checks each with
 * EPUBCheck, the W3C's validator, when it is installed. The seed makes the same bytes from the
 * same texts; this script is how they are looked at and validated.
 * Run: node --import tsx scripts/make-demo-ebooks.ts [output dir, default data/demo-ebooks]
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { demoEbookFile } from '../src/server/seed/seed-ebooks.ts';
import { demoEbooks } from '../src/server/seed/demo-ebooks.ts';

const EPUBCHECK = '/usr/bin/epubcheck';
const outputDir = process.argv[2] ?? 'data/demo-ebooks';

mkdirSync(outputDir, { recursive: true });
let failed = 0;
for (const ebook of demoEbooks) {
  const file = path.join(outputDir, `${path.basename(ebook.book.image, '.svg')}.epub`);
  writeFileSync(file, demoEbookFile(ebook));
  if (!existsSync(EPUBCHECK)) {
    console.log(`Wrote ${file} (EPUBCheck is not installed: not checked)`);
    continue;
  }
  try {
    execFileSync('java', ['-jar', EPUBCHECK, '--quiet', file], { stdio: 'inherit' });
    console.log(`Wrote ${file}: EPUBCheck found no error`);
  } catch {
    failed += 1;
    console.error(`Wrote ${file}: EPUBCheck found errors`);
  }
}
if (failed > 0) process.exit(1);
