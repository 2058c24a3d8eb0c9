import pg, { type QueryResult } from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AUTO_PREPARED_PER_CONNECTION, AutoPreparingClient } from './auto-preparing-client.ts';
import { createDatabase } from './client.ts';

const url = process.env.TEST_DATABASE_URL;

/** PostgreSQL only: PGlite has no connections to prepare statements on. */
describe.skipIf(!url)('AutoPreparingClient on PostgreSQL (decision 035)', () => {
  let client: AutoPreparingClient;
  beforeEach(async () => {
    client = new AutoPreparingClient({ connectionString: url });
    await client.connect();
  });
  afterEach(() => client.end());

  /** What this connection holds prepared: statement, and how often each kind of plan ran. */
  async function prepared() {
    const result: QueryResult<{ statement: string; generic_plans: number; custom_plans: number }> = await client.query(
      'select statement, generic_plans::int, custom_plans::int from pg_prepared_statements order by statement',
    );
    return result.rows;
  }

  it('parses a statement with parameters once per connection, then runs a generic plan instead of planning each call', async () => {
    const text = 'select $1::int + 1 as next';
    for (let i = 0; i < 8; i++) expect((await client.query(text, [i])).rows).toEqual([{ next: i + 1 }]);
    const [only, ...others] = await prepared();
    expect(others).toEqual([]);
    expect(only).toMatchObject({ statement: text });
    // PostgreSQL plans the first five runs for their values, then keeps the generic plan when it is no worse.
    expect(only!.generic_plans).toBeGreaterThan(0);
    expect(only!.generic_plans + only!.custom_plans).toBe(8);
  });

  it('prepares the same text given as a query config with values, and keeps a name the caller chose', async () => {
    await client.query({ text: 'select $1::text as word', values: ['a'] });
    await client.query({ text: 'select $1::text as word', values: ['b'] });
    await client.query({ name: 'chosen', text: 'select $1::int as n', values: [1] });
    const names: QueryResult<{ name: string }> = await client.query(
      'select name from pg_prepared_statements order by name',
    );
    expect(names.rows.map((row) => row.name)).toEqual([expect.stringMatching(/^auto_[\w-]{27}$/), 'chosen']);
  });

  it('hands a query object that runs itself (pg.Query, a cursor) on as it is', async () => {
    const rows: unknown[] = [];
    const query = client.query(new pg.Query('select $1::int as n', [7]));
    query.on('row', (row: unknown) => rows.push(row));
    await new Promise((resolve, reject) => query.on('end', resolve).on('error', reject));
    expect(rows).toEqual([{ n: 7 }]);
  });

  it('leaves statements without parameters unnamed, so a script of several statements still runs', async () => {
    await client.query('create temporary table notes (body text); insert into notes values ($$kept$$)');
    expect((await client.query('select body from notes')).rows).toEqual([{ body: 'kept' }]);
    expect(await prepared()).toEqual([]);
  });

  it(`keeps at most ${AUTO_PREPARED_PER_CONNECTION} statements per connection and runs the rest unnamed, with the same answers`, async () => {
    const extra = 5;
    for (let i = 0; i < AUTO_PREPARED_PER_CONNECTION + extra; i++) {
      const result = await client.query(`select $1::int + ${i} as sum`, [1]);
      expect(result.rows).toEqual([{ sum: 1 + i }]);
    }
    // A statement prepared before the cap is still used by name, and one past it still answers.
    expect((await client.query('select $1::int + 0 as sum', [2])).rows).toEqual([{ sum: 2 }]);
    expect((await client.query(`select $1::int + ${AUTO_PREPARED_PER_CONNECTION} as sum`, [2])).rows).toEqual([
      { sum: 2 + AUTO_PREPARED_PER_CONNECTION },
    ]);
    const count: QueryResult<{ n: number }> = await client.query(
      'select count(*)::int as n from pg_prepared_statements',
    );
    expect(count.rows[0]!.n).toBe(AUTO_PREPARED_PER_CONNECTION);
  });

  it("is the pool's client: Drizzle's queries are prepared, inside a transaction too", async () => {
    const database = await createDatabase({ url });
    try {
      const names = await database.db.transaction(async (tx) => {
        await tx.execute(sql`select ${1}::int as one`);
        const seen = await tx.execute<{ name: string }>(
          sql`select name from pg_prepared_statements where statement = ${'select $1::int as one'}`,
        );
        return seen.rows.map((row) => row.name);
      });
      expect(names).toEqual([expect.stringMatching(/^auto_/)]);
    } finally {
      await database.close();
    }
  });
});
