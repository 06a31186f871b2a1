/** The lock check of `npm test` (scripts/check-lock.ts): every platform's optional package is locked. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { missingOptionalPackages, type PackageLock } from '../../scripts/check-lock.ts';

const engines = {
  'node_modules/engine': {
    version: '1.0.0',
    optionalDependencies: { 'engine-linux-x64': '1.0.0', 'engine-darwin-arm64': '1.0.0' },
  },
  'node_modules/engine-linux-x64': { version: '1.0.0' },
};

describe('the lock check', () => {
  it('passes the project lock file', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as PackageLock;
    expect(missingOptionalPackages(lock)).toEqual([]);
  });

  it("holds sharp's native packages for Linux, macOS on both chips and Windows", () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as PackageLock;
    for (const platform of ['linux-x64', 'darwin-arm64', 'darwin-x64', 'win32-x64']) {
      expect(lock.packages?.[`node_modules/@img/sharp-${platform}`], platform).toBeDefined();
    }
  });

  it("names a platform's package that the lock lacks", () => {
    expect(
      missingOptionalPackages({ lockfileVersion: 3, packages: { '': {}, ...engines } }),
    ).toEqual(['node_modules/engine lists engine-darwin-arm64@1.0.0, which the lock lacks']);
  });

  it('finds optional packages where Node would: nested first, then in each parent', () => {
    const packages = {
      '': {},
      'node_modules/engine-darwin-arm64': { version: '1.0.0' },
      'node_modules/tool/node_modules/engine': engines['node_modules/engine'],
      'node_modules/tool/node_modules/engine-linux-x64': { version: '1.0.0' },
    };
    expect(missingOptionalPackages({ lockfileVersion: 3, packages })).toEqual([]);
    const withoutDarwin: Record<string, object> = { ...packages };
    delete withoutDarwin['node_modules/engine-darwin-arm64'];
    expect(missingOptionalPackages({ lockfileVersion: 3, packages: withoutDarwin })).toHaveLength(
      1,
    );
  });

  it('refuses a lock without a packages section', () => {
    expect(missingOptionalPackages({ lockfileVersion: 1 })).toHaveLength(1);
  });
});
