/**
 * Fails when package-lock.json lacks a platform's native package (issue 17).
 *
 * npm writes into the lock only the optional packages it can see, and when node_modules already
 * exists it may leave out the other platforms' ones (Tailwind's oxide engines went missing this
 * way): `npm ci` then refuses the lock, and `npm install` from it on macOS or Windows installs no
 * engine. Every optional dependency that a locked package lists must itself be locked.
 *
 * To repair the lock: remove node_modules, then `npm install --package-lock-only`; if a listed
 * version is missing from the registry for some platform, choose a version published for all.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

interface LockedPackage {
  version?: string;
  optionalDependencies?: Record<string, string>;
}

export interface PackageLock {
  lockfileVersion?: number;
  packages?: Record<string, LockedPackage>;
}

/** Where Node would find `name` from the package at `from`: its own node_modules, then each parent's. */
function resolveLocked(
  packages: Record<string, LockedPackage>,
  from: string,
  name: string,
): string | null {
  let base = from;
  for (;;) {
    const candidate = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (base === '') return null;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

/** One line per optional dependency that a locked package lists and the lock does not hold. */
export function missingOptionalPackages(lock: PackageLock): string[] {
  if (!lock.packages || (lock.lockfileVersion ?? 0) < 2) {
    return ['package-lock.json has no "packages" section (lockfileVersion 2 or later is needed)'];
  }
  const missing: string[] = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
      if (resolveLocked(lock.packages, location, name) === null) {
        missing.push(`${location || 'the project'} lists ${name}@${range}, which the lock lacks`);
      }
    }
  }
  return missing;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as PackageLock;
  const missing = missingOptionalPackages(lock);
  if (missing.length > 0) {
    console.error(
      `package-lock.json lacks ${missing.length} optional package(s), so it would not install on every platform:`,
    );
    for (const line of missing) console.error(`  ${line}`);
    console.error(
      'Regenerate it without node_modules: rm -rf node_modules && npm install --package-lock-only.',
    );
    console.error(
      'If the registry lacks some platform at that version, choose a version published for all.',
    );
    process.exit(1);
  }
  console.log(
    `package-lock.json holds every platform's optional packages (${Object.keys(lock.packages ?? {}).length} entries)`,
  );
}
