import pg from 'pg';
import { createDatabase, migrateDatabase } from '@app/db';
import { getSetting } from '../../apps/api/src/services/settings/get-setting.ts';
import { hashPassword } from '../../apps/api/src/lib/passwords.ts';
import { loadSessions, loadUsers } from './load-users.ts';
import { loadPurchases } from './load-purchases.ts';
import { replayLevels, settleWallets } from './replay-levels.ts';

/** The password every generated user has, so any of them can sign in to look around. */
const BENCH_PASSWORD = 'Bench@12345';

export interface LoadReport {
  /** Seconds per phase, in order. */
  phases: Array<{ name: string; seconds: number }>;
  totalSeconds: number;
  rows: Record<string, number>;
}

/** postgres://…/<name> on the same server as `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `statements` on the server's maintenance database, for a database named on the command line (so checked). */
async function onServer(serverUrl: string, name: string, statements: string[]): Promise<void> {
  if (!/^bench_tree\w*$/.test(name))
    throw new Error(`refusing to touch database ${name}: bench databases are named bench_tree…`);
  const admin = new pg.Client({ connectionString: databaseUrl(serverUrl, 'postgres') });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export function recreateDatabase(serverUrl: string, name: string): Promise<void> {
  return onServer(serverUrl, name, [`drop database if exists ${name} with (force)`, `create database ${name}`]);
}

export function dropDatabase(serverUrl: string, name: string): Promise<void> {
  return onServer(serverUrl, name, [`drop database if exists ${name} with (force)`]);
}

/** Tables the load writes in bulk. */
const LOADED_TABLES = [
  'users',
  'access_tokens',
  'purchases',
  'wallet_transactions',
  'user_levels',
  'level_achievements',
];

/**
 * PostgreSQL's advice for populating a database: the loaded tables' plain indexes and foreign keys
 * are dropped before the load and put back afterwards from their own definitions (pg_get_indexdef,
 * pg_get_constraintdef): one sorted build per index and one set-based check per foreign key,
 * instead of a million random index inserts and a million per-row checks. Adding a foreign key
 * back checks every row, and a unique index built afterwards refuses duplicates, so the data
 * passes every constraint; primary keys, unique constraints, CHECKs and triggers stay on throughout.
 * Returns the statements that put everything back.
 */
async function dropForBulkLoad(client: pg.Client): Promise<string[]> {
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i
     where i.indrelid = any($1::regclass[])
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [LOADED_TABLES],
  );
  const { rows: foreignKeys } = await client.query<{ table_name: string; name: string; definition: string }>(
    `select conrelid::regclass::text as table_name, conname as name, pg_get_constraintdef(oid) as definition
     from pg_constraint where contype = 'f' and conrelid = any($1::regclass[])`,
    [LOADED_TABLES],
  );
  for (const fk of foreignKeys) await client.query(`alter table ${fk.table_name} drop constraint ${fk.name}`);
  for (const index of indexes) await client.query(`drop index ${index.name}`);
  return [
    ...indexes.map((index) => index.definition),
    ...foreignKeys.map((fk) => `alter table ${fk.table_name} add constraint ${fk.name} ${fk.definition}`),
  ];
}

async function restoreAfterBulkLoad(client: pg.Client, statements: string[]): Promise<void> {
  for (const statement of statements) await client.query(statement);
}

/** Fails the run unless every wallet equals its ledger and every kept sub-user count equals the rows. */
async function checkLoadedTree(client: pg.Client): Promise<void> {
  const {
    rows: [off],
  } = await client.query<{ wallets: number; counts: number }>(
    `select
       (select count(*)::int from users u
        left join (select user_id, sum(amount_paise) as balance, sum(points) as points from wallet_transactions group by user_id) w
          on w.user_id = u.id
        where u.balance_paise <> coalesce(w.balance, 0) or u.points <> coalesce(w.points, 0)) as wallets,
       (select count(*)::int from users u
        left join (select referrer_id, count(*) as total, count(activated_at) as active from users group by referrer_id) c
          on c.referrer_id = u.id
        where u.sub_users_count <> coalesce(c.total, 0) or u.active_sub_users_count <> coalesce(c.active, 0)) as counts`,
  );
  if (off!.wallets > 0 || off!.counts > 0) {
    throw new Error(
      `loaded tree is inconsistent: ${off!.wallets} wallets differ from their ledger, ${off!.counts} sub-user counts are wrong`,
    );
  }
}

/**
 * Migrates a fresh database and fills it: users in referral chains, their paid purchases,
 * commissions, levels and rewards, wallets that equal their ledgers; then VACUUM ANALYZE, as
 * autovacuum would leave tables that have settled. One connection, so the session's temporary
 * table and settings hold throughout.
 */
export async function loadTree(url: string, options: { users: number; now: Date }): Promise<LoadReport> {
  const database = await createDatabase({ url, maxConnections: 1 });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const phases: LoadReport['phases'] = [];
  const rows: Record<string, number> = {};
  const timed = async <T>(name: string, step: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await step();
    phases.push({ name, seconds: (performance.now() - started) / 1000 });
    return result;
  };
  try {
    await timed('migrate', () => migrateDatabase(database));
    // A bulk load, not a request: nothing is lost if the machine dies before the WAL is flushed.
    await client.query(`set synchronous_commit = off; set maintenance_work_mem = '256MB'; set work_mem = '64MB'`);
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const commissionPercent = await getSetting(database.db, 'commission_percent');
    const restore = await dropForBulkLoad(client);
    rows.users = (
      await timed('users (INSERT … SELECT generate_series)', () =>
        loadUsers(client, { ...options, count: options.users, passwordHash }),
      )
    ).users;
    rows.sessions = await timed('sessions (access tokens)', () => loadSessions(client, options));
    const bought = await timed('purchases and commissions', () =>
      loadPurchases(client, { now: options.now, commissionPercent }),
    );
    rows.purchases = bought.purchases;
    rows.commissions = bought.commissions;
    const levels = await timed('levels replayed, rewards', () => replayLevels(client));
    rows.userLevels = levels.userLevels;
    rows.achievements = levels.achievements;
    await timed('wallets from the ledger', () => settleWallets(client));
    await timed('indexes built, foreign keys checked', () => restoreAfterBulkLoad(client, restore));
    // INDEX_CLEANUP ON: a vacuum that skips index cleanup (few dead rows) leaves their pages not all-visible,
    // and index-only scans would then visit the heap for them.
    await timed('VACUUM ANALYZE', () => client.query('vacuum (analyze, index_cleanup on)'));
    await timed('checked: wallets equal ledgers, sub-user counts equal rows', () => checkLoadedTree(client));
    const {
      rows: [counts],
    } = await client.query<{ active: number; ledger: number }>(
      `select (select count(*)::int from users where activated_at is not null) as active,
              (select count(*)::int from wallet_transactions) as ledger`,
    );
    rows.activeUsers = counts!.active;
    rows.ledgerEntries = counts!.ledger;
  } finally {
    await client.end();
    await database.close();
  }
  return { phases, totalSeconds: phases.reduce((sum, p) => sum + p.seconds, 0), rows };
}
