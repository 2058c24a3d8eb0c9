import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDatabase, migrateDatabase, migrationsHash } from '@app/db';

const PREFIX = 'lc-pglite-template-';
/** A dump of other migrations is removed once this old: a run of another checkout may still be reading it. */
const STALE_AFTER_MS = 60 * 60 * 1000;

/**
 * A package's version, from its own manifest, found through its entry point (packages need not export
 * `./package.json`).
 */
function packageVersion(name: string): string {
  const require = createRequire(import.meta.url);
  let folder = require.resolve(name);
  while (!existsSync(join(folder, 'package.json'))) folder = join(folder, '..');
  return (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * vitest globalSetup of the PGlite projects: hands the test files a dump of a migrated database, which each starts
 * its own database from (helpers.ts) instead of running every migration again.
 *
 * The dump is kept in the temporary folder between runs, as the PostgreSQL template is kept on the server
 * (postgres.ts): building it takes about 4.5 s (PGlite's initdb and every migration), which every run paid, once per
 * project using it, and which was most of the wait before one API test file ran. It is named after the migrations'
 * digest, PGlite's version (a dump is a data directory, which another PGlite may not read) and Drizzle's (whose
 * migrator keeps its own table in it), so a dump of anything else is never used; such a dump is removed, once an hour
 * old, when a new one is made. It is written under a temporary name and renamed when complete, so concurrent runs
 * never read half a file.
 */
export default async function setup(project: TestProject): Promise<void> {
  const versions = `${packageVersion('@electric-sql/pglite')}-${packageVersion('drizzle-orm')}`;
  const name = `${PREFIX}${migrationsHash().slice(0, 16)}-${versions}.tar`;
  const file = join(tmpdir(), name);
  if (!existsSync(file)) await buildDump(file);
  project.provide('pgliteTemplate', file);
}

async function buildDump(file: string): Promise<void> {
  const database = await createDatabase({});
  let dump: Blob;
  try {
    await migrateDatabase(database);
    dump = await database.pglite!.dumpDataDir('none');
  } finally {
    await database.close();
  }
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
  await rename(partial, file);
  const now = Date.now();
  const stale = readdirSync(tmpdir())
    .filter((entry) => entry.startsWith(PREFIX) && !entry.startsWith(basename(file)))
    .map((entry) => join(tmpdir(), entry))
    .filter((path) => now - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? now) > STALE_AFTER_MS);
  await Promise.all(stale.map((path) => rm(path, { recursive: true, force: true })));
}
