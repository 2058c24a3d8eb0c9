import { describe, expect, it } from 'vitest';
import type { Database } from '@app/db';
import { createTestApp, createTestDatabase, openPgliteTemplateCopy } from './helpers.ts';
import { createLearner } from './fixtures.ts';
import { payThroughSandbox } from './checkout-fixtures.ts';
import { createCourse } from './catalogue-fixtures.ts';
import { setReferenceData } from './wallet-fixtures.ts';

type PGlite = NonNullable<Database['pglite']>;

/** Everything a test could see of a database: its schemas, tables, every row, and every sequence's position. */
async function contentsOf(pglite: PGlite) {
  const schemas = await pglite.query<{ nspname: string }>(
    `SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' ORDER BY 1`,
  );
  const tables = await pglite.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
     WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
  );
  const rows: Record<string, unknown> = {};
  for (const { name } of tables.rows) {
    const result = await pglite.query<{ rows: unknown }>(
      `SELECT coalesce(json_agg(r ORDER BY r::text), '[]') AS rows FROM (SELECT t::text AS r FROM ${name} t) s`,
    );
    rows[name] = result.rows[0]!.rows;
  }
  const sequences = await pglite.query(`SELECT schemaname, sequencename, last_value FROM pg_sequences ORDER BY 1, 2`);
  return { schemas: schemas.rows, tables: tables.rows, rows, sequences: sequences.rows };
}

describe('a PGlite engine handed from one test file to the next (helpers.ts, pglite-reuse.ts)', () => {
  it.skipIf(process.env.TEST_DB === 'postgres')(
    'comes back exactly as a fresh copy of the template, after an app has bought, queued mail and changed settings',
    async () => {
      const fresh = await openPgliteTemplateCopy();
      const expected = await contentsOf(fresh.pglite!);
      await fresh.close();

      const t = await createTestApp({ worker: true });
      const engine = t.app.ctx.database.pglite!;
      await setReferenceData(t.app, { refund_window_days: 3 });
      const buyer = await createLearner(t.app);
      const course = await createCourse(t.app, { pricePaise: 49_900 });
      await payThroughSandbox(t, buyer, '/checkout', { course_id: course.id });
      const dirty = await contentsOf(engine);
      expect(dirty.schemas).not.toEqual(expected.schemas); // pg-boss installed its schema
      expect(dirty.rows).not.toEqual(expected.rows);
      expect(dirty.sequences).not.toEqual(expected.sequences);
      await t.close();

      // The next file gets that engine, as fresh; it leaves a session setting, a temporary table and an open transaction.
      const next = await createTestDatabase();
      expect(next.database.pglite).toBe(engine);
      expect(await contentsOf(engine)).toEqual(expected);
      await next.database.exec(
        `SET statement_timeout = 1234; CREATE TEMP TABLE scratch (x int); BEGIN; INSERT INTO scratch VALUES (1)`,
      );
      await next.drop();

      const third = await createTestDatabase();
      expect(third.database.pglite).toBe(engine);
      expect((await engine.query(`SHOW statement_timeout`)).rows).toEqual([{ statement_timeout: '0' }]);
      expect((await engine.query(`SELECT to_regclass('pg_temp.scratch') AS t`)).rows).toEqual([{ t: null }]);
      expect(await contentsOf(engine)).toEqual(expected);
      await third.drop();
    },
    60_000,
  );
});
