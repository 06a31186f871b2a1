/** Starts Pathagar from the environment; SIGTERM and SIGINT drain requests and close the database. */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { isPostgresUrl } from './db/database.ts';

/** The one line a person needs when start-up fails, instead of a stack trace. */
function startupFailure(error: unknown, databaseUrl: string | undefined): string {
  if (error instanceof ConfigError) return error.message;
  const reason = error instanceof Error ? error.message : String(error);
  if (databaseUrl !== undefined) {
    const where = isPostgresUrl(databaseUrl)
      ? 'the PostgreSQL server in DATABASE_URL'
      : `the SQLite file ${databaseUrl}`;
    return `Invalid setting DATABASE_URL: cannot open ${where} (${reason})`;
  }
  return `Cannot start: ${reason}`;
}

async function main() {
  let databaseUrl: string | undefined;
  try {
    const config = loadConfig();
    databaseUrl = config.databaseUrl;
    const app = await buildApp(config);
    databaseUrl = undefined;
    const shutdown = async (signal: string) => {
      app.log.info({ signal }, 'shutting down');
      await app.close();
      process.exit(0);
    };
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    process.once('SIGINT', () => void shutdown('SIGINT'));
    await app.listen({ port: config.port, host: config.host });
    // Fastify's own line names the socket (127.0.0.1); people open the public address.
    app.log.info({ url: config.publicUrl }, `Pathagar is ready: open ${config.publicUrl}`);
  } catch (error) {
    console.error(startupFailure(error, databaseUrl));
    process.exit(1);
  }
}

await main();
