/**
 * `npm run docker:rehearse`: replays the Dockerfile's steps without Docker, for machines where its
 * daemon does not run. Each stage is a directory under a temporary one; the build context is this
 * checkout less what .dockerignore leaves out; COPY copies, RUN runs in the stage's WORKDIR with
 * its ENV, on this machine's Node (which .ci/run makes 22). It then starts the last stage's CMD
 * the way the image would, runs the HEALTHCHECK's command against it, and checks what the image
 * holds: the built client, no devDependency.
 *
 * What it cannot rehearse, and says so: the base images themselves, `apt-get` (skipped: this
 * machine has the build tools), file ownership (`chown` does nothing), USER (it runs as you).
 *
 * The parser is exported for tests/platform/docker.test.ts.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

/** The Dockerfile's instructions, continuation lines joined, comments and blank lines left out. */
export function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending = '';
  let startLine = 0;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) return;
    if (pending !== '' && line.startsWith('#')) return;
    if (pending === '') startLine = index + 1;
    const continued = line.endsWith('\\');
    pending += `${continued ? line.slice(0, -1) : line} `;
    if (continued) return;
    const match = /^(\w+)\s+(.*)$/.exec(pending.trim());
    if (!match) throw new Error(`Dockerfile line ${startLine}: cannot read "${pending.trim()}"`);
    instructions.push({
      keyword: (match[1] ?? '').toUpperCase(),
      args: match[2] ?? '',
      line: startLine,
    });
    pending = '';
  });
  return instructions;
}

/** `["a", "b"]` (exec form) as its words. */
export function execForm(args: string): string[] {
  const words = JSON.parse(args) as unknown;
  if (!Array.isArray(words) || !words.every((word) => typeof word === 'string')) {
    throw new Error(`not an exec form: ${args}`);
  }
  return words;
}

/** `--name=value` flags in front of an instruction's arguments, and what follows them. */
export function flags(args: string): { flags: Record<string, string>; rest: string } {
  const found: Record<string, string> = {};
  let rest = args.trim();
  for (
    let match = /^--([\w-]+)=(\S+)\s+/.exec(rest);
    match;
    match = /^--([\w-]+)=(\S+)\s+/.exec(rest)
  ) {
    found[match[1] ?? ''] = match[2] ?? '';
    rest = rest.slice(match[0].length);
  }
  return { flags: found, rest };
}

/** `A=1 B="two"` as pairs. */
export function envPairs(args: string): [string, string][] {
  return [...args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("([^"]*)"|\S*)/g)].map((match) => [
    match[1] ?? '',
    match[3] ?? match[2] ?? '',
  ]);
}

/** The stages, by name, each with its instructions (FROM first). */
export function stages(instructions: Instruction[]): Map<string, Instruction[]> {
  const byName = new Map<string, Instruction[]>();
  let current: Instruction[] | null = null;
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') {
      const name = /\bAS\s+(\S+)/i.exec(instruction.args)?.[1] ?? `stage-${byName.size}`;
      current = [instruction];
      byName.set(name, current);
    } else current?.push(instruction);
  }
  return byName;
}

/** .dockerignore's rules: the last pattern that matches a path, or one of its folders, decides. */
export function dockerignore(root: string): (relative: string) => boolean {
  const file = path.join(root, '.dockerignore');
  const rules = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#'))
        .map((line) => {
          const negated = line.startsWith('!');
          const pattern = (negated ? line.slice(1) : line).replace(/^\/+|\/+$/g, '');
          const source = pattern
            .split(/(\*\*|\*|\?)/)
            .map((part) =>
              part === '**'
                ? '.*'
                : part === '*'
                  ? '[^/]*'
                  : part === '?'
                    ? '[^/]'
                    : part.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
            )
            .join('');
          return { negated, regex: new RegExp(`^${source}$`) };
        })
    : [];
  return (relative) => {
    const parts = relative.split('/');
    let ignored = false;
    for (const rule of rules) {
      for (let depth = 1; depth <= parts.length; depth += 1) {
        if (rule.regex.test(parts.slice(0, depth).join('/'))) {
          ignored = !rule.negated;
          break;
        }
      }
    }
    return ignored;
  };
}

/** The build context: the checkout's files (tracked or not ignored by git) less .dockerignore's. */
function buildContext(root: string, into: string): number {
  const ignored = dockerignore(root);
  const files = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '-z'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  )
    .split('\0')
    .filter((file) => file !== '' && existsSync(path.join(root, file)) && !ignored(file));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(into, file));
  }
  return files.length;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Stage {
  root: string;
  workdir: string;
  env: Record<string, string>;
}

async function rehearse(root: string): Promise<void> {
  const instructions = parseDockerfile(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
  const work = mkdtempSync(path.join(tmpdir(), 'pathagar-docker-'));
  const notRun: string[] = [];
  const started = Date.now();
  const log = (text: string) =>
    console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${text}`);
  try {
    const context = path.join(work, 'context');
    log(`build context: ${buildContext(root, context)} files (.dockerignore applied)`);
    const built = new Map<string, Stage>();
    const args = new Map<string, string>();
    let last: Stage | null = null;
    // ARGs before the first FROM are the ones FROM may use.
    for (const step of instructions) {
      if (step.keyword === 'FROM') break;
      if (step.keyword === 'ARG') {
        const [key = '', value = ''] = step.args.trim().split('=');
        args.set(key, value);
      }
    }
    // npm's own variables of `npm run docker:rehearse` stay out of the stages' commands.
    const machineEnv = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !/^npm_(package|lifecycle)_/.test(key)),
    );
    let cmd: string[] = [];
    let healthcheck: string[] = [];
    for (const [name, steps] of stages(instructions)) {
      const stage: Stage = { root: path.join(work, 'stages', name), workdir: '/', env: {} };
      for (const step of steps) {
        const { flags: given, rest } = flags(step.args);
        const inStage = (target: string) =>
          path.join(stage.root, path.posix.resolve(stage.workdir, target));
        switch (step.keyword) {
          case 'FROM': {
            const image = (rest.split(/\s+/)[0] ?? '').replace(
              /\$\{(\w+)\}/g,
              (_all, arg: string) => args.get(arg) ?? '',
            );
            const parent = built.get(image);
            if (parent) {
              cpSync(parent.root, stage.root, { recursive: true, verbatimSymlinks: true });
              stage.workdir = parent.workdir;
              stage.env = { ...parent.env };
            } else {
              mkdirSync(stage.root, { recursive: true });
              notRun.push(
                `FROM ${image} (stage ${name}): this machine's Node ${process.version} stands in for it`,
              );
            }
            log(`stage ${name}: FROM ${image}`);
            break;
          }
          case 'ARG': {
            const [key = '', value = ''] = rest.split('=');
            args.set(key, value);
            break;
          }
          case 'WORKDIR':
            stage.workdir = path.posix.resolve(stage.workdir, rest.trim());
            mkdirSync(inStage('.'), { recursive: true });
            break;
          case 'ENV':
            for (const [key, value] of envPairs(rest)) stage.env[key] = value;
            break;
          case 'COPY': {
            const parts = rest.trim().split(/\s+/);
            const destination = parts.pop() ?? '.';
            const from = given.from ? built.get(given.from) : null;
            if (given.from && !from) throw new Error(`COPY --from=${given.from}: no such stage`);
            for (const source of parts) {
              const sourcePath = from ? path.join(from.root, source) : path.join(context, source);
              // A folder's contents go into the destination; files go into it when it is a folder.
              const intoFolder = destination.endsWith('/') || parts.length > 1;
              const target =
                statSync(sourcePath).isDirectory() || !intoFolder
                  ? inStage(destination)
                  : path.join(inStage(destination), path.basename(source));
              cpSync(sourcePath, target, { recursive: true, verbatimSymlinks: true });
            }
            log(`stage ${name}: COPY ${step.args}`);
            break;
          }
          case 'RUN': {
            if (/^apt-get\b/.test(rest)) {
              notRun.push(`RUN ${rest.slice(0, 60)}… (stage ${name}, line ${step.line})`);
              break;
            }
            log(`stage ${name}: RUN ${rest}`);
            if (/\bchown\b/.test(rest))
              notRun.push(`chown in RUN ${rest} (stage ${name}): does nothing here`);
            const result = spawnSync('sh', ['-c', `chown() { :; }; ${rest}`], {
              cwd: inStage('.'),
              env: { ...machineEnv, ...stage.env },
              stdio: 'inherit',
            });
            if (result.status !== 0) throw new Error(`RUN ${rest} (line ${step.line}) failed`);
            break;
          }
          case 'USER':
            notRun.push(`USER ${rest} (runs as ${process.getuid?.() === 0 ? 'root' : 'you'} here)`);
            break;
          case 'CMD':
            cmd = execForm(rest);
            break;
          case 'HEALTHCHECK':
            healthcheck = execForm(rest.replace(/^CMD\s+/, ''));
            break;
          case 'VOLUME':
          case 'EXPOSE':
            break;
          default:
            throw new Error(`Dockerfile line ${step.line}: ${step.keyword} is not rehearsed`);
        }
      }
      built.set(name, stage);
      last = stage;
    }
    if (!last) throw new Error('the Dockerfile has no stage');

    // What the image holds.
    const app = path.join(last.root, last.workdir);
    log(`the image's ${last.workdir}: ${readdirSync(app).sort().join(', ')}`);
    const lock = JSON.parse(
      readFileSync(path.join(app, 'node_modules', '.package-lock.json'), 'utf8'),
    ) as { packages: Record<string, { dev?: boolean; devOptional?: boolean }> };
    const installed = Object.keys(lock.packages);
    const dev = installed.filter(
      (name) => lock.packages[name]?.dev || lock.packages[name]?.devOptional,
    );
    if (dev.length > 0 || existsSync(path.join(app, 'node_modules', 'vite'))) {
      throw new Error(`the image holds devDependencies: ${dev.slice(0, 5).join(', ')}`);
    }
    log(`production dependencies only: ${installed.length} packages, none of them dev`);
    if (!existsSync(path.join(app, 'dist', 'client', 'index.html'))) {
      throw new Error('the image holds no built client (dist/client/index.html)');
    }

    // Its CMD, as the container would run it, then its HEALTHCHECK.
    const port = await freePort();
    const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
    for (const [key, value] of Object.entries(last.env)) {
      env[key] = value.startsWith(`${last.workdir}/`) ? path.join(last.root, value) : value;
    }
    Object.assign(env, {
      PORT: String(port),
      AUTH_SECRET: 'docker-rehearsal-secret-long-enough-0123456789',
    });
    const [command = '', ...commandArgs] = cmd;
    if (command !== 'node') throw new Error(`CMD should run node: ${cmd.join(' ')}`);
    log(`CMD ${cmd.join(' ')} (HOST=${env.HOST}, PORT=${port}, NODE_ENV=${env.NODE_ENV})`);
    const server = spawn(process.execPath, commandArgs, {
      cwd: app,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
    try {
      let healthy = false;
      for (let attempt = 0; attempt < 120 && !healthy; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        if (server.exitCode !== null) throw new Error(`the server stopped with ${server.exitCode}`);
        const [checker = '', ...checkArgs] = healthcheck;
        if (checker !== 'node')
          throw new Error(`HEALTHCHECK should run node: ${healthcheck.join(' ')}`);
        healthy = spawnSync(process.execPath, checkArgs, { cwd: app, env }).status === 0;
      }
      if (!healthy) throw new Error('the HEALTHCHECK never passed');
      log('HEALTHCHECK passed');
      const page = await fetch(`http://127.0.0.1:${port}/`);
      const books = await fetch(`http://127.0.0.1:${port}/api/books?limit=1`);
      if (!page.ok || !(await page.text()).includes('<div id="root">')) {
        throw new Error(`GET / answered ${page.status} without the client's page`);
      }
      if (!books.ok || books.headers.get('x-total-count') === '0') {
        throw new Error(
          `GET /api/books answered ${books.status}, ${books.headers.get('x-total-count')} books`,
        );
      }
      log(
        `GET / 200 (the built page); GET /api/books 200, ${books.headers.get('x-total-count')} books seeded`,
      );
    } finally {
      server.kill('SIGTERM');
      const code = await exited;
      log(`SIGTERM: the server exited with ${code}`);
    }
    console.log('\nThe image was rehearsed. Not run here:');
    for (const line of notRun) console.log(`  - ${line}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  rehearse(process.cwd()).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
