/**
 * .env.example lists every setting of src/server/config.ts with its default, and nothing that no
 * code reads. A new setting in config.ts's schema needs one line there, `# NAME=default`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../../src/server/config.ts';

interface ExampleLine {
  name: string;
  value: string;
  line: number;
}

/** `NAME=value` lines, commented out or not. */
function exampleSettings(): ExampleLine[] {
  return readFileSync('.env.example', 'utf8')
    .split('\n')
    .flatMap((text, index) => {
      const match = /^#?\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(text.trim());
      return match ? [{ name: match[1] ?? '', value: match[2] ?? '', line: index + 1 }] : [];
    });
}

/** What reads settings of its own: npm run dev, backup, the tests' setup, compose.yaml. */
function toolSources(): string {
  const files = [
    'vite.config.ts',
    'playwright.config.ts',
    'compose.yaml',
    'deploy/Caddyfile',
    ...readdirSync('scripts', { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => path.join('scripts', file)),
    ...readdirSync('tests/support').map((file) => path.join('tests/support', file)),
  ];
  return files.map((file) => readFileSync(file, 'utf8')).join('\n');
}

const settings = exampleSettings();
const schemaFields = envSchema.shape as Record<
  string,
  (typeof envSchema.shape)[keyof typeof envSchema.shape]
>;
const serverSettings = Object.keys(schemaFields);

describe('.env.example', () => {
  it('lists every setting that config.ts reads', () => {
    const listed = new Set(settings.map((setting) => setting.name));
    expect(serverSettings.filter((name) => !listed.has(name))).toEqual([]);
  });

  it('lists each setting once', () => {
    const names = settings.map((setting) => setting.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('lists nothing that no code reads', () => {
    const sources = toolSources();
    const unread = settings
      .map((setting) => setting.name)
      .filter((name) => !schemaFields[name] && !new RegExp(`\\b${name}\\b`).test(sources));
    expect(unread).toEqual([]);
  });

  it.each(settings.filter((setting) => schemaFields[setting.name]))(
    'gives $name the default of config.ts (line $line)',
    ({ name, value }) => {
      const field = schemaFields[name];
      const fallback = field?.safeParse(undefined);
      const hasDefault = fallback?.success === true && fallback.data !== undefined;
      if (hasDefault) {
        // The listed value means what leaving the setting out means.
        expect(field?.parse(value)).toEqual(fallback.data);
      } else if (value !== '') {
        // No default in the schema (it is computed, or the setting is off): an example must be valid.
        expect(field?.safeParse(value).success).toBe(true);
      }
    },
  );
});
