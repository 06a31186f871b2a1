/**
 * Grants or revokes the librarian role (docs/product.md#librarians) on the database of DATABASE_URL, read
 * like the server reads it (src/server/config.ts). The server reads roles from the database on
 * every request, so the change applies to the member's very next request.
 * Run: npm run librarian -- grant <email>   |   npm run librarian -- revoke <email>
 */
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { setRoleByEmail } from '../src/server/members/members.ts';

const USAGE = 'Usage: npm run librarian -- grant|revoke <email>';

async function main(): Promise<number> {
  const [action, email, ...rest] = process.argv.slice(2);
  if ((action !== 'grant' && action !== 'revoke') || !email || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const { databaseUrl } = loadConfig();
  const database = openDatabase(databaseUrl);
  try {
    const role = action === 'grant' ? 'librarian' : 'member';
    if (!(await setRoleByEmail(database.db, email, role))) {
      console.error(`No account has the e-mail ${email}`);
      return 1;
    }
    console.log(`${email} is now a ${role}`);
    return 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
