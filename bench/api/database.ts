import pg from 'pg';

/** The same server, another database: `postgres://…/postgres` → `postgres://…/<name>`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on its own connection to `url`. */
async function runOn(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Runs one statement on the server's `postgres` database (creating and dropping the bench's own). */
function onServer(serverUrl: string, sql: string): Promise<void> {
  return runOn(databaseUrl(serverUrl, 'postgres'), sql);
}

/** Drops and creates the bench database, so every run starts from the same empty schema. */
export async function recreateDatabase(serverUrl: string, name: string): Promise<string> {
  // The name goes into DDL unquoted, and a typo must not drop someone else's database.
  if (!/^bench_api\w*$/.test(name))
    throw new Error(`refusing to recreate ${name}: API bench databases are named bench_api…`);
  await onServer(serverUrl, `drop database if exists ${name} with (force)`);
  await onServer(serverUrl, `create database ${name}`);
  return databaseUrl(serverUrl, name);
}

/**
 * Gives the planner the statistics production's autovacuum would have gathered a minute after the seed
 * (a CI PostgreSQL may run with autovacuum off): without them it reads all of a learner's ledger rows and
 * sorts them for a page of 50, instead of walking the ledger's index.
 */
export function analyzeDatabase(url: string): Promise<void> {
  return runOn(url, 'vacuum analyze');
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  if (!/^bench_api\w*$/.test(name)) throw new Error(`refusing to drop ${name}`);
  await onServer(serverUrl, `drop database if exists ${name} with (force)`);
}
