import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { adminMessages, isoDay, dayNumber, type BalanceSnapshot } from '@app/contracts';
import type { DbOrTx } from '@app/db';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/index.ts';
import { balancesRegister, indiaIso, type BalanceTotals } from './balances-register.ts';

/** Where the month-end snapshots are stored: `reports/balances/2026-11.csv` is the one taken when November ended. */
export const BALANCE_SNAPSHOT_PREFIX = 'reports/balances/';
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const balanceSnapshotKey = (month: string) => `${BALANCE_SNAPSHOT_PREFIX}${month}.csv`;

/** The India month before the one `now` falls in, YYYY-MM: the month that ended when the snapshot job fires. */
export function monthEnded(now: Date): string {
  const [year, month] = isoDay(dayNumber(now)).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/**
 * The month-end snapshot (decision 067): "Balances owed" as at this instant, stored as the month that ended. A
 * snapshot already stored for that month is kept as it is (a second run, a retry, a second worker): the first one
 * written is the one taken nearest the month's end. Returns what was done.
 */
export async function writeBalanceSnapshot(
  ctx: Pick<AppContext, 'db' | 'storage' | 'now'>,
): Promise<{ month: string; written: boolean; totals?: BalanceTotals }> {
  const now = ctx.now();
  const month = monthEnded(now);
  const key = balanceSnapshotKey(month);
  return ctx.db.transaction(async (tx) => {
    // Read and written in turn with an erasure's rewrite: a sheet read before an erasure committed is stored before
    // the erasure rewrites the files, never after.
    await lockBalanceSnapshots(tx);
    if ((await ctx.storage.size(key)) !== null) return { month, written: false };
    const { csv, totals } = await balancesRegister(tx, now);
    await ctx.storage.put(key, Buffer.from(csv, 'utf8'), 'text/csv; charset=utf-8');
    return { month, written: true, totals };
  });
}

/** The advisory lock key of the stored snapshots (single-bigint key space, 'snap' in the high 32 bits). */
async function lockBalanceSnapshots(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock((x'736e6170'::bigint << 32))`);
}

/**
 * An erased learner (decision 066, later) out of the stored snapshots: their line keeps its id, PAN and figures (the
 * business's record of what it owed, as the ledger and the payouts' bank copies are kept), the name becomes
 * 'Deleted learner' and the email the row's placeholder, as a sheet taken now would read. Every other byte of a file
 * stays as written (the cells are written back as they were read: formula escaping and codes already applied); a
 * file without their line is not touched. Returns the months rewritten.
 */
export async function eraseFromBalanceSnapshots(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  options: { userId: number; placeholderEmail: string },
): Promise<string[]> {
  const id = String(options.userId);
  return ctx.db.transaction(async (tx) => {
    await lockBalanceSnapshots(tx);
    const rewritten: string[] = [];
    for (const key of (await ctx.storage.list(BALANCE_SNAPSHOT_PREFIX)).sort()) {
      const file = await ctx.storage.get(key);
      if (!file) continue;
      const rows: string[][] = parse(await buffer(file.stream), { bom: true, relax_column_count: true });
      const lines = rows.slice(1).filter((row) => row[0] === id);
      if (lines.length === 0) continue;
      for (const row of lines) {
        row[1] = adminMessages.deletedLearner;
        row[2] = options.placeholderEmail;
      }
      const csv = stringify(rows, { bom: true, record_delimiter: 'windows' });
      await ctx.storage.put(key, Buffer.from(csv, 'utf8'), 'text/csv; charset=utf-8');
      rewritten.push(key.slice(BALANCE_SNAPSHOT_PREFIX.length).replace(/\.csv$/, ''));
    }
    return rewritten;
  });
}

/** The stored snapshots, newest month first. */
export async function listBalanceSnapshots(ctx: Pick<AppContext, 'storage'>): Promise<BalanceSnapshot[]> {
  const keys = await ctx.storage.list(BALANCE_SNAPSHOT_PREFIX);
  const months = keys
    .map((key) => key.slice(key.lastIndexOf('/') + 1).replace(/\.csv$/, ''))
    .filter((month) => MONTH.test(month))
    .sort()
    .reverse();
  return Promise.all(
    months.map(async (month) => ({
      month,
      file_name: `balances-owed-${month}.csv`,
      size: (await ctx.storage.size(balanceSnapshotKey(month))) ?? 0,
    })),
  );
}

/** One stored snapshot, to download (audited, as every register is); 404 when that month has none. */
export async function openBalanceSnapshot(
  ctx: AppContext,
  options: { actorId: number; month: string },
): Promise<{ fileName: string; stream: Readable; size: number }> {
  const file = await ctx.storage.get(balanceSnapshotKey(options.month));
  if (!file) throw AppError.notFound('There is no snapshot for that month.');
  await recordAudit(ctx.db, ctx, {
    actorId: options.actorId,
    action: 'report.download',
    entity: 'reports',
    entityId: 'balances',
    after: { snapshot: options.month },
  });
  return { fileName: `balances-owed-${options.month}.csv`, ...file };
}

/** "Balances owed" now, as CSV: audited as the other registers are. */
export async function balancesCsv(
  ctx: AppContext,
  options: { actorId: number },
): Promise<{ fileName: string; csv: string }> {
  const now = ctx.now();
  await recordAudit(ctx.db, ctx, {
    actorId: options.actorId,
    action: 'report.download',
    entity: 'reports',
    entityId: 'balances',
    after: { at: now.toISOString() },
  });
  const { csv } = await balancesRegister(ctx.db, now);
  const stamp = indiaIso(now).slice(0, 16).replace(':', '').replace('T', '-');
  return { fileName: `balances-owed-${stamp}-IST.csv`, csv };
}
