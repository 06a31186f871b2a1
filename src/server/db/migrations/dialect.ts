/**
 * Which database a migration runs on, for the statements that must differ. Migrations keep their
 * own copy of this test rather than importing the server's, so they stay the history they were.
 */
import { PostgresIntrospector, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const migrationDialect = (db: Kysely<any>): 'postgres' | 'sqlite' =>
  db.introspection instanceof PostgresIntrospector ? 'postgres' : 'sqlite';
