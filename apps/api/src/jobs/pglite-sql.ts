import type { PGlite } from '@electric-sql/pglite';

/** pg-boss's `db` option: the one method it runs all its SQL through. */
export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

/**
 * pg-boss on the embedded PGlite: its schema creation, migrations and maintenance are multi-statement
 * texts without parameters (BEGIN; …; COMMIT;), which only PGlite's exec accepts; everything else is
 * one statement, sent with its parameters through query. PGlite runs one statement at a time, so these
 * interleave safely with the app's own queries and transactions.
 */
export function pgliteBossDb(client: PGlite): BossDb {
  return {
    async executeSql(text, values) {
      if (!values || values.length === 0) {
        // Inside PGlite's own transaction: should a statement fail after the text's BEGIN, PGlite rolls
        // back, rather than leaving the one connection the whole app shares in an aborted transaction.
        const results = await client.transaction((tx) => tx.exec(text));
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
  };
}
