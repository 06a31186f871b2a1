/**
 * Replaces the database of DATABASE_URL with a backup made by `npm run backup`.
 * Stop the server first: it would go on using the old database.
 * Run: npm run restore -- <file>
 */
import { loadConfig } from '../src/server/config.ts';
import { restoreDatabase } from '../src/server/db/backup.ts';

const file = process.argv[2];
if (file === undefined) {
  console.error('Usage: npm run restore -- <backup file>');
  process.exitCode = 1;
} else {
  try {
    const { databaseUrl } = loadConfig();
    await restoreDatabase(databaseUrl, file, { pgBin: process.env.PG_BIN });
    console.log(`Restored ${file}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
