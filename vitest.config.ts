import { defineConfig } from 'vitest/config';

/** The files that replace modules (vi.mock, vi.resetModules): they get a module registry of their own. */
const replacingModules = [
  'tests/api/page-preparation.test.ts',
  'src/server/auth/password-hashing.test.ts',
  'src/client/lib/dialogs.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file gets its own databases; two workers keep a two-core machine busy without thrashing.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['tests/api/**/*.test.ts', 'tests/platform/**/*.test.ts', 'src/**/*.test.ts'],
          exclude: replacingModules,
          // A worker imports the server's modules once for all its files, not once per file: the
          // suite took 626 s on a clean CI run, 215 s of it importing (docs/decisions/030-…).
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: replacingModules } },
    ],
  },
});
