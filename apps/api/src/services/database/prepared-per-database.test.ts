import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database, type Db } from '@app/db';
import { preparedPerDatabase } from './prepared-per-database.ts';

const url = process.env.TEST_DATABASE_URL;

/** A temporary table: each connection has its own, which shows which connection a query ran on. */
const notes = pgTable('prepared_notes', { body: text('body') });

/** PostgreSQL only: a PGlite transaction has a client of its own each time, so its queries are built per transaction. */
describe.skipIf(!url)('preparedPerDatabase on PostgreSQL', () => {
  let database: Database;
  beforeEach(async () => {
    // One connection: every transaction below runs on it.
    database = await createDatabase({ url, maxConnections: 1 });
    await database.db.execute(sql`create temporary table prepared_notes (body text)`);
  });
  afterEach(() => database.close());

  it('builds a query once per connection and runs it inside each later transaction on that connection', async () => {
    let builds = 0;
    const countNotes = preparedPerDatabase((db) => {
      builds++;
      return db
        .select({ n: sql<number>`count(*)::int` })
        .from(notes)
        .prepare('count_prepared_notes');
    });
    for (let round = 1; round <= 3; round++) {
      let seen: number | undefined;
      const rolledBack = database.db.transaction(async (tx) => {
        await tx.insert(notes).values({ body: `round ${round}` });
        // The row this transaction wrote and has not committed: the query runs in this transaction.
        seen = (await countNotes(tx).execute())[0]?.n;
        tx.rollback();
      });
      await expect(rolledBack).rejects.toThrow('Rollback');
      expect(seen).toBe(1);
    }
    expect(builds).toBe(1);
    // Outside a transaction the pool is the connection: built once more, and the rolled-back rows are gone.
    expect(await countNotes(database.db).execute()).toEqual([{ n: 0 }]);
    expect(builds).toBe(2);
    // Another Drizzle handle on the same pool (its own logger, as purchase-path.test.ts has) gets its own query.
    const logged: string[] = [];
    const other = drizzle(database.pool!, { logger: { logQuery: (query) => logged.push(query) } }) as unknown as Db;
    await other.transaction(async (tx) => expect(await countNotes(tx).execute()).toEqual([{ n: 0 }]));
    expect(builds).toBe(3);
    expect(logged.filter((query) => query.includes('prepared_notes'))).toHaveLength(1);
  });
});
