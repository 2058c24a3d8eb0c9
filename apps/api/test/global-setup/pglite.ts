import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase, migrateDatabase } from '@app/db';

/**
 * vitest globalSetup of the PGlite projects: migrates one in-memory database and hands the test
 * files a dump of it, which each starts its own database from (helpers.ts) instead of running every
 * migration again. The dump lives as long as the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const database = await createDatabase({});
  let dump: Blob;
  try {
    await migrateDatabase(database);
    dump = await database.pglite!.dumpDataDir('none');
  } finally {
    await database.close();
  }
  const folder = await mkdtemp(join(tmpdir(), 'lc-pglite-template-'));
  const file = join(folder, 'migrated.tar');
  await writeFile(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rm(folder, { recursive: true, force: true });
}
