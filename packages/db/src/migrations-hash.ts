import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsFolder } from './migrate.ts';

/**
 * A digest of everything the migrator reads (the SQL files and drizzle's journal): a database
 * migrated and kept under a name made from it is never reused once a migration is added or edited.
 */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  const files = [
    ...readdirSync(migrationsFolder)
      .filter((name) => name.endsWith('.sql'))
      .sort(),
    'meta/_journal.json',
  ];
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(migrationsFolder, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}
