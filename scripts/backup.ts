/**
 * Backs up the database of DATABASE_URL and prints the file written.
 * Run: npm run backup [-- <out-file>]   (default: backups/pathagar-<kind>-<time>.<db|dump>)
 */
import { loadConfig } from '../src/server/config.ts';
import { backupDatabase, defaultBackupFile } from '../src/server/db/backup.ts';

try {
  const { databaseUrl } = loadConfig();
  const file = process.argv[2] ?? defaultBackupFile(databaseUrl, new Date());
  await backupDatabase(databaseUrl, file, { pgBin: process.env.PG_BIN });
  console.log(file);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
