import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@app/db';

/** A statement that updates rows, after any comment lines: a migration's backfill. */
export const isUpdate = (statement: string) => /^\s*(-- .*\n\s*)*UPDATE/.test(statement);

/** The statements of migration `file` (in packages/db/src/migrations) that `keep` picks, split as the migrator splits them. */
export function migrationStatements(file: string, keep: (statement: string) => boolean): string[] {
  return readFileSync(new URL(`../../../packages/db/src/migrations/${file}`, import.meta.url), 'utf8')
    .split('--> statement-breakpoint')
    .filter(keep);
}

/** Runs `statements` as the migrator runs a migration's: in one transaction. */
export function runStatements(db: DbOrTx, statements: string[]): Promise<void> {
  return db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
  });
}
