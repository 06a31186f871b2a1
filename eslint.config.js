import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';

/** Every folder of src/client/features, so a new feature is bounded from its first file. */
const clientFeatures = readdirSync('src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The client takes the shared schemas from lib/browser-schemas.ts, which sets zod up for the browser first. */
const sharedSchemasThroughLib = {
  group: ['**/common/schemas.ts'],
  allowTypeImports: true,
  message: 'Import the schemas from src/client/lib/browser-schemas.ts, which configures zod first.',
};

export default tseslint.config(
  { ignores: ['dist', 'data', 'coverage', 'test-results', 'playwright-report', '.ci/cache'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The client talks to the server over HTTP only; importing server code would bundle it.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'] }, sharedSchemasThroughLib] },
      ],
    },
  },
  // Features stay independent: each may use components/ and lib/, never another feature's folder,
  // nor the pages of routes/ that are made of them (issue 39, item 5).
  ...clientFeatures.map((feature) => ({
    files: [`src/client/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/server/**',
                '**/client/routes/**',
                '../../routes/**',
                '../../../routes/**',
                '../../../../routes/**',
                // Another feature's folder, however it is reached (not a package's folder of that name).
                ...clientFeatures
                  .filter((other) => other !== feature)
                  .flatMap((other) => [
                    `**/features/${other}/**`,
                    `../${other}/**`,
                    `../../${other}/**`,
                    `../../../${other}/**`,
                  ]),
              ],
            },
            sharedSchemasThroughLib,
          ],
        },
      ],
    },
  })),
  {
    files: ['src/client/lib/browser-schemas.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  // Modules with walls (docs/architecture.md#modules-with-walls): a server module uses core/, db/
  // and the other modules' public files; a module's repositories (its SQL) are its own.
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**'], message: 'The server never imports the client.' },
            {
              group: ['../*/*.repository.ts', '!../db/**'],
              message: "Another module's repository is its own: use that module's public files.",
            },
          ],
        },
      ],
    },
  },
  // One clock: every time the server stamps or compares is the library's (core/clock.ts), which
  // CLOCK_OFFSET moves; a bare Date.now() or new Date() is another clock.
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/core/clock.ts', 'src/server/db/migrations/**', 'src/server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Ask the library clock (core/clock.ts) what time it is.',
        },
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'Ask the library clock (core/clock.ts) what time it is.',
        },
      ],
    },
  },
  {
    files: ['src/common/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/client/**', '**/server/**'] }] },
  },
);
