import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrateDatabase, users, walletTransactions, type Database } from '@app/db';
import { canonicalEmail } from '@app/contracts';
import { postEntry } from '../src/services/wallet/index.ts';

const run = promisify(execFile);
const adminUrl = process.env.TEST_DATABASE_URL;
const scripts = fileURLToPath(new URL('../../../scripts/', import.meta.url));
const skipReason = adminUrl ? '' : ' [skipped: set TEST_DATABASE_URL to a PostgreSQL where databases may be created]';

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function urlOf(name: string): string {
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one of the scripts the way an operator would: bash, a few environment variables, arguments. */
async function script(name: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run('bash', [join(scripts, name), ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe.skipIf(!adminUrl)(`backup and restore with scripts/backup.sh and scripts/restore.sh${skipReason}`, () => {
  const tag = randomBytes(5).toString('hex');
  const source = `t_backup_src_${tag}`;
  const target = `t_backup_dst_${tag}`;
  const email = `backup-${tag}@example.com`;
  const photo = randomBytes(2048);
  let work: string;
  let restored: Database | undefined;
  let ledgerEntry: { transactionId: string };
  let migrationsApplied: number;
  let dumpFile: string;
  let archiveFile: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'lc-backup-'));
    await admin(`CREATE DATABASE ${source}`);
    const database = await createDatabase({ url: urlOf(source) });
    try {
      await migrateDatabase(database);
      const [user] = await database.db
        .insert(users)
        .values({
          firstName: 'Backup',
          lastName: 'Learner',
          email,
          emailCanonical: canonicalEmail(email),
          mobile: '9812345678',
          passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
          referralCode: `BK${tag.slice(0, 6).toUpperCase()}`,
        })
        .returning({ id: users.id });
      ledgerEntry = await postEntry(database.db, {
        userId: user!.id,
        method: 'Level Reward',
        amountPaise: 25_000,
        points: 100,
        status: 'Done',
        description: 'Level 1 reward',
      });
      const journal = await database.db.execute<{ count: number }>(
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      migrationsApplied = Number(journal.rows[0]!.count);
    } finally {
      await database.close();
    }
    await mkdir(join(work, 'uploads-before/courses/7'), { recursive: true });
    await writeFile(join(work, 'uploads-before/courses/7/photo.png'), photo);
  }, 60_000);

  afterAll(async () => {
    await restored?.close();
    await admin(`DROP DATABASE IF EXISTS ${source} WITH (FORCE)`).catch(() => undefined);
    await admin(`DROP DATABASE IF EXISTS ${target} WITH (FORCE)`).catch(() => undefined);
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('backs up the database (pg_dump -Fc) and the uploads (tar.gz)', async () => {
    const result = await script('backup.sh', [join(work, 'backups')], {
      DATABASE_URL: urlOf(source),
      UPLOADS_DIR: join(work, 'uploads-before'),
    });
    expect(result.code, result.stderr).toBe(0);
    const files = await readdir(join(work, 'backups'));
    expect(files).toHaveLength(2);
    const dump = files.find((file) => /^live-connect-\d{8}T\d{6}Z\.dump$/.test(file));
    const archive = files.find((file) => /^live-connect-\d{8}T\d{6}Z-uploads\.tar\.gz$/.test(file));
    expect(dump, files.join(', ')).toBeDefined();
    expect(archive, files.join(', ')).toBeDefined();
    dumpFile = join(work, 'backups', dump!);
    archiveFile = join(work, 'backups', archive!);
    expect(result.stdout).toContain(`database: ${dumpFile}`);
    expect(result.stdout).toContain(`uploads: ${archiveFile}`);
    expect((await readFile(dumpFile)).subarray(0, 5).toString()).toBe('PGDMP');
  });

  it('refuses to restore without --yes', async () => {
    await admin(`DROP DATABASE ${source} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${target}`);
    const result = await script('restore.sh', [dumpFile, archiveFile], {
      DATABASE_URL: urlOf(target),
      UPLOADS_DIR: join(work, 'uploads-after'),
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('run again with --yes');
  });

  it('restores into a fresh database: the user, the ledger entry, the schema rules and the files come back', async () => {
    const result = await script('restore.sh', ['--yes', dumpFile, archiveFile], {
      DATABASE_URL: urlOf(target),
      UPLOADS_DIR: join(work, 'uploads-after'),
    });
    expect(result.code, result.stderr).toBe(0);

    restored = await createDatabase({ url: urlOf(target) });
    const [user] = await restored.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ firstName: 'Backup', balancePaise: 25_000, points: 100 });
    const entries = await restored.db.select().from(walletTransactions).where(eq(walletTransactions.userId, user!.id));
    expect(entries).toEqual([
      expect.objectContaining({
        transactionId: ledgerEntry.transactionId,
        amountPaise: 25_000,
        points: 100,
        method: 'Level Reward',
      }),
    ]);

    // The migration journal came back too: migrating again applies nothing and fails on nothing.
    await migrateDatabase(restored);
    const journal = await restored.db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(Number(journal.rows[0]!.count)).toBe(migrationsApplied);
    // So did the database's safety rails: the ledger is still append-only, the wallet never negative.
    await expect(
      restored.db.delete(walletTransactions).where(eq(walletTransactions.userId, user!.id)),
    ).rejects.toThrow();
    await expect(restored.db.update(users).set({ balancePaise: -1 }).where(eq(users.id, user!.id))).rejects.toThrow();

    expect(await readFile(join(work, 'uploads-after/courses/7/photo.png'))).toEqual(photo);
  });

  it('can be run again over the restored database (--clean --if-exists), leaving one copy of everything', async () => {
    await restored?.close();
    restored = undefined;
    const result = await script('restore.sh', ['--yes', dumpFile], { DATABASE_URL: urlOf(target) });
    expect(result.code, result.stderr).toBe(0);
    restored = await createDatabase({ url: urlOf(target) });
    const rows = await restored.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(await restored.db.select({ id: walletTransactions.id }).from(walletTransactions)).toHaveLength(1);
  });
});
