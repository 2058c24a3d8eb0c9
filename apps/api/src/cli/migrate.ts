/** `npm run db:migrate`: applies the SQL migrations to the database of DATABASE_URL or the PGlite under DATA_DIR. */
import { createDatabase, migrateDatabase } from '@app/db';
import { loadEnv } from '../env.ts';

const env = loadEnv();
// The same location app.ts opens.
const database = await createDatabase({ url: env.DATABASE_URL, dataDir: `${env.DATA_DIR}/db` });
try {
  const started = Date.now();
  await migrateDatabase(database);
  const where = env.DATABASE_URL
    ? new URL(env.DATABASE_URL).host + new URL(env.DATABASE_URL).pathname
    : `${env.DATA_DIR}/db`;
  console.log(`Migrations applied to ${database.kind} (${where}) in ${Date.now() - started} ms.`);
} finally {
  await database.close();
}
