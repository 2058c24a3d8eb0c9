import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Logger } from 'drizzle-orm/logger';
import { createDatabase, type Database } from '@app/db';
import * as schema from '../../packages/db/src/schema/index.ts';

export interface RecordedQuery {
  sql: string;
  params: unknown[];
}

/** Transaction control is not a query to explain. */
const TRANSACTION_CONTROL = /^(begin|commit|rollback|savepoint|release)\b/i;

/** A Drizzle logger that keeps the SQL and parameters of every query while `record` runs. */
export class QueryRecorder implements Logger {
  private recorded: RecordedQuery[] | null = null;

  logQuery(query: string, params: unknown[]): void {
    if (this.recorded && !TRANSACTION_CONTROL.test(query.trim())) this.recorded.push({ sql: query, params });
  }

  async record(run: () => Promise<unknown>): Promise<RecordedQuery[]> {
    const recorded: RecordedQuery[] = [];
    this.recorded = recorded;
    try {
      await run();
    } finally {
      this.recorded = null;
    }
    return recorded;
  }
}

/** The app's database, with every query going through `recorder` (idle unless recording). */
export async function createRecordedDatabase(url: string, recorder: QueryRecorder): Promise<Database> {
  const database = await createDatabase({ url, maxConnections: 10 });
  return { ...database, db: drizzle(database.pool!, { schema, logger: recorder }) };
}

export interface ExplainedQuery extends RecordedQuery {
  plan: string;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each recorded query, in order and with its own parameters, inside
 * one transaction that is rolled back: the writes of a purchase run for real (so later queries
 * see the state the earlier ones made, as they did in the app), then vanish.
 */
export async function explainQueries(pool: pg.Pool, queries: RecordedQuery[]): Promise<ExplainedQuery[]> {
  const client = await pool.connect();
  const explained: ExplainedQuery[] = [];
  try {
    await client.query('begin');
    for (const query of queries) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${query.sql}`,
        query.params,
      );
      explained.push({ ...query, plan: rows.map((row) => row['QUERY PLAN']).join('\n') });
    }
  } finally {
    await client.query('rollback');
    client.release();
  }
  return explained;
}
