import { eq, lt, sql } from 'drizzle-orm';
import { erasureFollowUps } from '@app/db';
import type { AppContext } from '../../../context.ts';
import { settleClosedOrder } from '../../payments/index.ts';
import { eraseFromBalanceSnapshots } from '../reports/balance-snapshots.ts';

type FollowUpLog = {
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
};

/**
 * An erasure's steps outside its transaction (decision 066), each safe to run again: the profile photo's file is
 * deleted, each checkout it closed is asked about at the provider (a payment taken just before is given back:
 * settleClosedOrder), and the stored month-end balance snapshots are rewritten without the name and email
 * (eraseFromBalanceSnapshots). The record the erasure wrote in its transaction is deleted once all of them succeeded;
 * otherwise it stays, with what stopped it, for the 'erasure-follow-up' job. Answers whether every step succeeded.
 */
export async function followUpErasure(
  ctx: AppContext,
  options: { userId: number; log: FollowUpLog },
): Promise<boolean> {
  const { userId, log } = options;
  const [record] = await ctx.db.select().from(erasureFollowUps).where(eq(erasureFollowUps.userId, userId));
  if (!record) return true;
  const failures: string[] = [];
  const attempt = async (step: string, details: object, work: () => Promise<unknown>) => {
    await work().catch((error: unknown) => {
      failures.push(`${step}: ${error instanceof Error ? error.message : String(error)}`);
      log.warn({ err: error, userId, ...details }, `an erasure's follow-up step failed (${step}); it is tried again`);
    });
  };
  if (record.photoKey) {
    const key = record.photoKey;
    await attempt('photo', { key }, () => ctx.storage.delete(key));
  }
  for (const order of record.closedOrders)
    await attempt('closed order', order, () => settleClosedOrder(ctx, { ...order, log }));
  await attempt('balance snapshots', {}, () =>
    eraseFromBalanceSnapshots(ctx, { userId, placeholderEmail: record.placeholderEmail }),
  );
  if (failures.length === 0) {
    await ctx.db.delete(erasureFollowUps).where(eq(erasureFollowUps.userId, userId));
    return true;
  }
  await ctx.db
    .update(erasureFollowUps)
    .set({ failedRuns: sql`${erasureFollowUps.failedRuns} + 1`, lastError: failures.join('; ').slice(0, 2000) })
    .where(eq(erasureFollowUps.userId, userId));
  return false;
}

/**
 * The job's run: every follow-up written more than `olderThanMinutes` ago (a younger one belongs to the erasure
 * request still running it). Answers how many are left unfinished.
 */
export async function followUpErasures(
  ctx: AppContext,
  options: { log: FollowUpLog; olderThanMinutes?: number },
): Promise<number> {
  const before = new Date(ctx.now().getTime() - (options.olderThanMinutes ?? 2) * 60_000);
  const due = await ctx.db
    .select({ userId: erasureFollowUps.userId })
    .from(erasureFollowUps)
    .where(lt(erasureFollowUps.createdAt, before))
    .orderBy(erasureFollowUps.createdAt);
  let unfinished = 0;
  for (const { userId } of due) if (!(await followUpErasure(ctx, { userId, log: options.log }))) unfinished++;
  return unfinished;
}
