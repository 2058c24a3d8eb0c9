import { and, desc, eq, gt, inArray, isNotNull, or } from 'drizzle-orm';
import { levelAchievements, userLevels, walletTransactions, type Tx } from '@app/db';
import type { AppContext } from '../../context.ts';
import { countedSubUsers, levelByNumber, loadLadder } from '../levels/index.ts';
import { addTakenBack, cancelHeldCredit, NOTHING_TAKEN, takeBack, type TakenBack } from '../wallet/index.ts';

/** What a referral credit is taken back as. */
const REVERSAL_OF = {
  'Referral Commission': 'Commission Reversal',
  'Level Reward': 'Level Reward Reversal',
} as const;

/**
 * Takes back what `purchaseIds` earned the referrer, once (a credit already reversed is left alone): a
 * commission still held is cancelled (Rejected); a commission or level reward already Done is taken back
 * from the wallet, never below zero ('Commission Reversal', 'Level Reward Reversal', described as
 * `why`, given the entry's id: ledgerDescription's refundReversed or ineligibleReversed). A level reward still held
 * is left to reopenLevelsNoLongerReached, which counts its window again. The caller holds the referrer's row lock and has released their due held credits first.
 */
export async function takeBackReferralEarnings(
  tx: Tx,
  ctx: AppContext,
  options: { referrerId: number; purchaseIds: readonly number[]; why: (transactionId: string) => string; now: Date },
): Promise<TakenBack> {
  const { referrerId, purchaseIds, why, now } = options;
  if (purchaseIds.length === 0) return NOTHING_TAKEN;
  let taken = NOTHING_TAKEN;
  const entries = await tx
    .select()
    .from(walletTransactions)
    .where(
      and(
        inArray(walletTransactions.purchaseId, [...purchaseIds]),
        eq(walletTransactions.userId, referrerId),
        inArray(walletTransactions.method, [...Object.keys(REVERSAL_OF), ...Object.values(REVERSAL_OF)]),
      ),
    )
    .orderBy(walletTransactions.id);
  // Taken back once only: a purchase refunded after its self-referral was found (or found after its refund).
  const reversed = new Set(entries.map((entry) => `${entry.purchaseId}:${entry.method}`));
  for (const entry of entries) {
    const reversal = REVERSAL_OF[entry.method as keyof typeof REVERSAL_OF];
    if (!reversal) continue;
    if (entry.status === 'Pending' && entry.method === 'Referral Commission') {
      await cancelHeldCredit(tx, { transactionId: entry.transactionId, now });
    } else if (entry.status === 'Done' && !reversed.has(`${entry.purchaseId}:${reversal}`)) {
      taken = addTakenBack(
        taken,
        await takeBack(tx, ctx, {
          userId: referrerId,
          method: reversal,
          paise: entry.amountPaise,
          points: entry.points,
          description: why(entry.transactionId),
          purchaseId: entry.purchaseId!,
          at: now,
        }),
      );
    }
  }
  return taken;
}

/**
 * The referrer's achievements whose reward is still held are counted again on their window (less the
 * sub-users a level achieved before it holds: a sub-user counts for one level, countedSubUsersWhere); one
 * that no longer reaches its node loses its reward (Rejected) and the level is worked on again
 * from that window, highest level first, so the ladder ends on the lowest level reopened; it is never moved up past a
 * level it is already working on (one reopened by an earlier refund).
 */
export async function reopenLevelsNoLongerReached(
  tx: Tx,
  options: { referrer: { id: number; createdAt: Date }; now: Date },
): Promise<void> {
  const { referrer, now } = options;
  const held = await tx
    .select({ achievement: levelAchievements, rewardId: walletTransactions.transactionId })
    .from(levelAchievements)
    .innerJoin(
      walletTransactions,
      and(
        eq(walletTransactions.userId, levelAchievements.userId),
        eq(walletTransactions.purchaseId, levelAchievements.purchaseId),
        eq(walletTransactions.method, 'Level Reward'),
        eq(walletTransactions.status, 'Pending'),
      ),
    )
    .where(eq(levelAchievements.userId, referrer.id))
    .orderBy(desc(levelAchievements.levelNumber));
  if (held.length === 0) return;
  const { all } = await loadLadder(tx, referrer, { forUpdate: true });
  for (const { achievement, rewardId } of held) {
    const level = levelByNumber(all, achievement.levelNumber);
    if (!level || !achievement.windowStart) continue;
    const counted = await countedSubUsers(tx, referrer.id, achievement.levelNumber, {
      start: achievement.windowStart,
      end: achievement.achievedAt,
    });
    if (counted.length >= level.node) continue;
    await cancelHeldCredit(tx, { transactionId: rewardId, now });
    await tx
      .delete(levelAchievements)
      .where(
        and(eq(levelAchievements.userId, referrer.id), eq(levelAchievements.levelNumber, achievement.levelNumber)),
      );
    // The ladder only ever moves down: onto a reopened level above the one it is on (reopened by an earlier refund,
    // its achievement gone, so not in `held`), the lower one would never be worked on again and its reward never paid.
    await tx
      .update(userLevels)
      .set({ levelNumber: achievement.levelNumber, windowStart: achievement.windowStart, completedAt: null })
      .where(
        and(
          eq(userLevels.userId, referrer.id),
          or(isNotNull(userLevels.completedAt), gt(userLevels.levelNumber, achievement.levelNumber)),
        ),
      );
  }
}
