import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { AutoPreparingClient } from './auto-preparing-client.ts';
import * as schema from './schema/index.ts';

/** One query API for both engines: PGlite and node-postgres expose the same Drizzle surface. */
export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle, accepted wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The driver underneath, for the migrator's lock and for tests. */
  pool?: pg.Pool;
  /** The embedded engine underneath (PGlite only), for the job queue's own SQL. */
  pglite?: PGlite;
  /** Runs raw SQL (used by the migrator and tests). */
  exec(sql: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… : use that PostgreSQL. Otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data folder; omitted means in memory. */
  dataDir?: string | undefined;
  /** PGlite: start from this dump (PGlite's dumpDataDir) instead of an empty database. */
  loadDataDir?: Blob | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** An engine that is already open (tests hand one file's engine to the next), instead of starting one. */
  pglite?: PGlite | undefined;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
      // Statements with parameters are prepared once per connection (decision 035).
      Client: AutoPreparingClient,
    });
    // pg returns bigint columns as strings by default; every bigint here is paise, well inside 2^53.
    // An idle connection the server closes (restart, DROP DATABASE … FORCE) must not crash the process;
    // the pool drops it and the next query opens a fresh one.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      pool,
      exec: async (sql) => {
        await pool.query(sql);
      },
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client =
    // One options object: PGlite ignores the second argument when the first (the folder) is undefined.
    options.pglite ?? new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    exec: async (sql) => {
      await client.exec(sql);
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));
