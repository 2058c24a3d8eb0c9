import { fileURLToPath } from 'node:url';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client.ts';

/** The SQL migrations and drizzle's journal of them. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any constant: instances starting together take turns applying migrations. */
const MIGRATION_LOCK = 727_001;

/** Applies the SQL migrations in src/migrations that this database has not seen yet. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (!database.pool) {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
