/**
 * `npm run dev`: the API from the sources, restarted when they change (tsx watch), and Vite's dev
 * server with hot reload in front of it, proxying /api (and stored images) to the API
 * (vite.config.ts). Open Vite's address: the API takes it as its PUBLIC_URL, so better-auth
 * trusts that origin and signing in works through the proxy.
 *
 * DEV_PORT (5173) is Vite's port, DEV_API_PORT (3001) the API's; every other setting reaches the
 * API as `npm start` reads it (.env.example).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { devNull } from 'node:os';
import { createServer } from 'vite';

const port = Number(process.env.DEV_PORT ?? 5173);
const apiPort = Number(process.env.DEV_API_PORT ?? 3001);
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;

const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const api: ChildProcess = spawn(
  process.execPath,
  [tsxCli, 'watch', '--clear-screen=false', 'src/server/main.ts'],
  {
    stdio: 'inherit',
    // No built client: Vite serves the pages, and a stale dist/client must not answer for it.
    env: { ...process.env, PORT: String(apiPort), PUBLIC_URL: publicUrl, CLIENT_DIR: devNull },
  },
);

// vite.config.ts proxies to the API's port; it reads it from the environment it is loaded in.
process.env.DEV_API_PORT = String(apiPort);
const vite = await createServer({ server: { port, strictPort: true } });
await vite.listen();
vite.printUrls();
console.log(`  API:     http://127.0.0.1:${apiPort} (PUBLIC_URL ${publicUrl})\n`);

const apiExited = new Promise<number | null>((resolve) => api.on('exit', resolve));
let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  api.kill('SIGTERM');
  const forceApi = setTimeout(() => api.kill('SIGKILL'), 5000);
  await Promise.all([vite.close(), apiExited]);
  clearTimeout(forceApi);
  process.exit(code);
}
void apiExited.then((code) => {
  if (stopping) return;
  console.error(`the API stopped (exit code ${code}); stopping Vite`);
  void stop(code || 1);
});
process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));
