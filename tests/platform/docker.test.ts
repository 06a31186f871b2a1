/**
 * What can be checked of the image and compose.yaml without Docker's daemon. The image's build
 * steps themselves are replayed by `npm run docker:rehearse` (scripts/docker-rehearsal.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  dockerignore,
  envPairs,
  execForm,
  flags,
  parseDockerfile,
  stages,
  type Instruction,
} from '../../scripts/docker-rehearsal.ts';

const dockerStages = stages(parseDockerfile(readFileSync('Dockerfile', 'utf8')));
const runtime = [...dockerStages.values()].at(-1) ?? [];
const find = (steps: Instruction[], keyword: string) =>
  steps.filter((step) => step.keyword === keyword);

interface LockEntry {
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
}
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, LockEntry>;
};

describe('the Dockerfile', () => {
  it("runs what `npm start` runs once built, so the image's server is the tests' server", () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: { start: string };
    };
    const serve = scripts.start.split(' && ').at(-1)?.split(' ');
    const [cmd] = find(runtime, 'CMD');
    expect(cmd && execForm(cmd.args)).toEqual(serve);
  });

  it('runs as a user other than root, on every address, in production', () => {
    const users = find(runtime, 'USER').map((step) => step.args.trim());
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)(:|$)/);
    const env = Object.fromEntries(find(runtime, 'ENV').flatMap((step) => envPairs(step.args)));
    expect(env).toMatchObject({ HOST: '0.0.0.0', NODE_ENV: 'production' });
  });

  it('checks its health on /api/health', () => {
    const [healthcheck] = find(runtime, 'HEALTHCHECK');
    expect(healthcheck?.args).toMatch(/CMD .*\/api\/health/);
  });

  it('takes node_modules only from a production install', () => {
    const copies = find(runtime, 'COPY').map((step) => flags(step.args));
    const modules = copies.filter((copy) => /node_modules/.test(copy.rest));
    expect(modules).toHaveLength(1);
    const source = dockerStages.get(modules[0]?.flags.from ?? '') ?? [];
    const installs = find(source, 'RUN').map((step) => step.args);
    expect(installs).toContainEqual(expect.stringMatching(/^npm ci .*--omit=dev/));
  });

  it("installs every package the server's bundle imports in that production install", () => {
    // Built by the tests' global setup (npm run build:server).
    const bundle = readFileSync('dist/server/main.js', 'utf8');
    const imported = new Set(
      [
        ...bundle.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"/gm),
        ...bundle.matchAll(/^import\s*"([^"]+)"/gm),
        ...bundle.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g),
      ]
        .map((match) => match[1] ?? '')
        .filter((name) => !name.startsWith('node:') && !name.startsWith('.'))
        .map((name) =>
          name
            .split('/')
            .slice(0, name.startsWith('@') ? 2 : 1)
            .join('/'),
        ),
    );
    expect(imported.size).toBeGreaterThan(5);
    // npm ci --omit=dev --omit=optional installs exactly the entries with none of these flags.
    const notInstalled = [...imported].filter((name) => {
      const entry = lock.packages[`node_modules/${name}`];
      return !entry || entry.dev || entry.devOptional || entry.optional;
    });
    expect(notInstalled).toEqual([]);
  });

  it('leaves what is built, installed, kept or secret out of the build context', () => {
    const ignored = dockerignore('.');
    for (const file of [
      'node_modules/vite/package.json',
      'dist/server/main.js',
      'data/pathagar.db',
    ]) {
      expect(ignored(file), file).toBe(true);
    }
    for (const file of ['.env', '.env.production', '.git/HEAD', '.ci/cache/node22']) {
      expect(ignored(file), file).toBe(true);
    }
    for (const file of [
      'package.json',
      'package-lock.json',
      'src/server/main.ts',
      'public/favicon.svg',
      'vite.config.ts',
    ]) {
      expect(ignored(file), file).toBe(false);
    }
  });
});

describe('compose.yaml', () => {
  const compose = readFileSync('compose.yaml', 'utf8');

  it("believes X-Forwarded-For from the proxy's own address only", () => {
    const trusted = /TRUST_PROXY:\s*(\S+)/.exec(compose)?.[1];
    const proxyAddress = /ipv4_address:\s*(\S+)/.exec(compose)?.[1];
    expect(trusted).toBeDefined();
    expect(trusted).toBe(proxyAddress);
  });

  it('runs two replicas of the app behind the proxy, on PostgreSQL', () => {
    expect(compose).toMatch(/replicas: 2/);
    expect(compose).toMatch(/DATABASE_URL: postgres:\/\//);
    const mounted = /- \.\/(deploy\/Caddyfile):/.exec(compose)?.[1];
    expect(mounted && existsSync(mounted)).toBe(true);
    expect(readFileSync('deploy/Caddyfile', 'utf8')).toMatch(/name app\s+port 3000/);
  });
});
