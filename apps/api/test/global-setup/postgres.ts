import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, migrateDatabase, migrationsHash } from '@app/db';

/** Held while a template is looked for and built, so concurrent vitest invocations build it once. */
const TEMPLATE_LOCK = 727_002;

/**
 * vitest globalSetup of the PostgreSQL projects: makes sure the server on TEST_DATABASE_URL holds a
 * migrated template for the current migrations, and hands its name to the test files, which each
 * create their database from it (helpers.ts) instead of running every migration again.
 */
export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('the PostgreSQL test projects need TEST_DATABASE_URL');
  project.provide('postgresTemplate', await ensureTemplate(url));
}

/** The template's name carries the migrations' digest, so one built from other migrations is never used. */
async function ensureTemplate(serverUrl: string): Promise<string> {
  const name = `lc_template_${migrationsHash().slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await buildTemplate(admin, serverUrl, name);
  } finally {
    // Ending the session releases the lock.
    await admin.end();
  }
  return name;
}

/** Migrates under a temporary name and takes the real one last, so a build that dies half way is never used. */
async function buildTemplate(admin: pg.Client, serverUrl: string, name: string): Promise<void> {
  const building = `${name}_building`;
  // Only the lock holder builds: a database by this name is left over from a run that died.
  await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${building}`);
  const url = new URL(serverUrl);
  url.pathname = `/${building}`;
  const database = await createDatabase({ url: url.toString(), maxConnections: 1 });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  // CREATE DATABASE … TEMPLATE fails while anyone is connected to the template: nobody may.
  await admin.query(`ALTER DATABASE ${building} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
}
