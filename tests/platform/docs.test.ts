/**
 * The documentation names lists the code also holds: the server's folders, the endpoint table's
 * files, the desk's tabs, the notice kinds, the settings and the error codes. Each list here is
 * read from the docs and from the code, and must agree (issue 39, item 7: the docs had drifted to 7
 * endpoint files of 12, 4 notice kinds of 6 and five desk tabs of eight).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NOTICE_KINDS } from '../../src/common/constants.ts';
import { ERROR_CODES } from '../../src/common/error-codes.ts';
import { enPages } from '../../src/common/i18n/en-pages.ts';
import { envSchema } from '../../src/server/config.ts';

const architecture = readFileSync('docs/architecture.md', 'utf8');
const product = readFileSync('docs/product.md', 'utf8');
const settings = readFileSync('docs/settings.md', 'utf8');
/** This round's product pages, each describing its own part's rules, errors and settings. */
const productPages = readdirSync('docs/product')
  .filter((file) => file.endsWith('.md'))
  .map((file) => readFileSync(`docs/product/${file}`, 'utf8'))
  .join('\n');
const backticked = (text: string) =>
  new Set([...text.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((match) => match[1] ?? ''));

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];

/** The text of a `## heading` section, up to the next one of its level. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`No section "## ${heading}"`);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();

describe('docs/architecture.md', () => {
  it('names every folder of src/server in its layers, and no folder that is gone', () => {
    const layers = section(architecture, 'Layers');
    const named = [...layers.matchAll(/^ {2}(\w[\w-]*)\/ /gm)].map((match) => match[1] ?? '');
    const named2 = [...layers.matchAll(/ · (\w[\w-]*)\/ /g)].map((match) => match[1] ?? '');
    const folders = readdirSync('src/server', { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(sorted([...named, ...named2])).toEqual(sorted(folders));
  });

  it('lists the endpoint table’s files', () => {
    const listed = /one\s+`<module>\.endpoints\.ts` per module \(([^)]+)\)/.exec(architecture);
    expect(listed, 'the sentence that lists the endpoint files').not.toBeNull();
    const modules = (listed?.[1] ?? '').split(/,\s*/).map((name) => name.trim());
    const files = readdirSync('src/common/api')
      .filter((file) => file.endsWith('.endpoints.ts'))
      .map((file) => file.replace('.endpoints.ts', ''));
    expect(sorted(modules)).toEqual(sorted(files));
  });
});

describe('docs/product.md', () => {
  it('gives the desk its tabs, by number and by name', () => {
    const librarians = section(product, 'Librarians');
    const labels = Object.values(enPages.deskTexts.tabs);
    expect(librarians).toContain(`has ${NUMBER_WORDS[labels.length]} tabs`);
    const described = [...librarians.matchAll(/^- \*\*([^*]+)\*\*:/gm)].map((m) => m[1] ?? '');
    expect(sorted(described)).toEqual(sorted(labels));
  });

  it('names every notice kind, and their number', () => {
    const notices = section(product, 'Notices');
    const count = NUMBER_WORDS[NOTICE_KINDS.length] ?? '';
    expect(notices).toContain(`${count[0]?.toUpperCase()}${count.slice(1)} notices`);
    const named = [...notices.matchAll(/\(`(\w+)`/g)].map((match) => match[1] ?? '');
    expect(sorted(named)).toEqual(sorted(NOTICE_KINDS));
  });

  it('explains every error code the API answers with, there or in its part’s page', () => {
    const explained = backticked(section(product, 'Errors') + productPages);
    expect(ERROR_CODES.filter((code) => !explained.has(code))).toEqual([]);
  });
});

describe('docs/settings.md', () => {
  /** The settings its tables describe, by the names in their first column. */
  const described = new Set(
    [...settings.matchAll(/^\| (`[A-Z][^|]*?)\s*\|/gm)].flatMap((match) => [
      ...backticked(match[1] ?? ''),
    ]),
  );

  it('describes every setting config.ts reads, there or in its part’s page', () => {
    const productSettings = backticked(productPages);
    const missing = Object.keys(envSchema.shape).filter(
      (name) => !described.has(name) && !productSettings.has(name),
    );
    expect(missing).toEqual([]);
  });

  it('describes no setting that .env.example does not list (which a test holds to the code)', () => {
    const example = readFileSync('.env.example', 'utf8');
    expect([...described].filter((name) => !example.includes(`${name}=`))).toEqual([]);
  });
});
