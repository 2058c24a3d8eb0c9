import type { Database } from '@app/db';

type PGlite = NonNullable<Database['pglite']>;

/**
 * Starting a PGlite engine costs about 1 s of CPU even from the template's dump (its Postgres starts inside
 * WebAssembly), and the api tests open one per file. A worker runs its files one after another (vitest.config.ts: isolate false), so
 * an engine a file is done with is put back to the template's state and handed to the next file instead.
 *
 * The state is read from the first engine the worker opens, before anyone writes to it: every table's
 * rows and every sequence's position. Putting it back drops what the template did not have (pg-boss's
 * schema, which the next app installs again as it does on a fresh database), empties every table and
 * writes the template's rows again with triggers off, then moves the sequences back. `DISCARD ALL` first
 * ends what a file may have left in the session: settings, prepared statements, LISTENs, advisory locks.
 */
export interface TemplateState {
  schemas: string[];
  tables: { name: string; columns: string; rows: string | null }[];
  sequences: { name: string; lastValue: number | null }[];
}

const USER_SCHEMAS = `nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND nspname NOT LIKE 'pg_temp_%' AND nspname NOT LIKE 'pg_toast_temp_%'`;

/** The schemas a test can see, each quoted for SQL. */
async function schemasOf(pglite: PGlite): Promise<string[]> {
  const { rows } = await pglite.query<{ name: string }>(
    `SELECT format('%I', nspname) AS name FROM pg_namespace WHERE ${USER_SCHEMAS}`,
  );
  return rows.map((row) => row.name);
}

async function tablesOf(pglite: PGlite): Promise<string[]> {
  const { rows } = await pglite.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND ${USER_SCHEMAS} ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

/** What the template holds, read from an engine nobody has written to yet. */
export async function readTemplateState(pglite: PGlite): Promise<TemplateState> {
  const tables: TemplateState['tables'] = [];
  for (const name of await tablesOf(pglite)) {
    // Generated columns cannot be written; the rest go back as they were.
    const columns = await pglite.query<{ list: string }>(
      `SELECT string_agg(quote_ident(attname), ', ' ORDER BY attnum) AS list FROM pg_attribute
       WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''`,
      [name],
    );
    const rows = await pglite.query<{ json: string | null }>(`SELECT json_agg(t)::text AS json FROM ${name} t`);
    tables.push({ name, columns: columns.rows[0]!.list, rows: rows.rows[0]!.json });
  }
  const sequences = await pglite.query<{ name: string; last_value: number | null }>(
    `SELECT format('%I.%I', schemaname, sequencename) AS name, last_value FROM pg_sequences`,
  );
  return {
    schemas: await schemasOf(pglite),
    tables,
    sequences: sequences.rows.map((row) => ({ name: row.name, lastValue: row.last_value })),
  };
}

/** Puts an engine back to the template's state (see above). */
export async function resetToTemplate(pglite: PGlite, state: TemplateState): Promise<void> {
  // A file that failed mid-transaction leaves it open; outside one, ROLLBACK only warns.
  await pglite.exec('ROLLBACK');
  await pglite.exec('DISCARD ALL');
  const extraSchemas = (await schemasOf(pglite)).filter((name) => !state.schemas.includes(name));
  const known = new Set(state.tables.map((table) => table.name));
  const extraTables = (await tablesOf(pglite)).filter((name) => !known.has(name));
  const statements = [
    ...extraSchemas.map((name) => `DROP SCHEMA ${name} CASCADE;`),
    ...extraTables.map((name) => `DROP TABLE IF EXISTS ${name} CASCADE;`),
    `SET session_replication_role = replica;`,
    `TRUNCATE ${state.tables.map((table) => table.name).join(', ')} RESTART IDENTITY CASCADE;`,
  ];
  await pglite.exec(statements.join('\n'));
  try {
    for (const table of state.tables) {
      if (table.rows === null) continue;
      await pglite.query(
        `INSERT INTO ${table.name} (${table.columns}) OVERRIDING SYSTEM VALUE
         SELECT ${table.columns} FROM json_populate_recordset(NULL::${table.name}, $1)`,
        [table.rows],
      );
    }
    for (const sequence of state.sequences) {
      if (sequence.lastValue === null) await pglite.exec(`ALTER SEQUENCE ${sequence.name} RESTART;`);
      else await pglite.query(`SELECT setval($1, $2, true)`, [sequence.name, sequence.lastValue]);
    }
  } finally {
    await pglite.exec('RESET session_replication_role;');
  }
}
