import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { levelAchievements, levelWindows, userLevels, walletTransactions, type Tx } from '@app/db';
import type { AppContext } from '../../context.ts';
import { countedSubUsers, levelByNumber, loadLadder } from '../levels/index.ts';
import { addTakenBack, cancelHeldCredit, NOTHING_TAKEN, takeBack, type TakenBack } from '../wallet/index.ts';
import { levelRewardLeft, rewardOfAchievement } from './level-reward-shares.ts';

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
      // A level reward: less the shares of it that its other sub-users' refunds took back (level-reward-shares.ts).
      const left =
        entry.method === 'Level Reward'
          ? await levelRewardLeft(tx, referrerId, { ...entry, purchaseId: entry.purchaseId! })
          : { paise: entry.amountPaise, points: entry.points };
      taken = addTakenBack(
        taken,
        await takeBack(tx, ctx, {
          userId: referrerId,
          method: reversal,
          paise: left.paise,
          points: left.points,
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
 * The referrer's achievements whose reward is still held are counted again on their window (their own sub-users still
 * counted, users.counted_level: decision 070); one that no longer reaches its node loses its reward (Rejected) and the
 * level is reopened, highest level first: the ladder is put back on it, on that window, unless it is already working
 * on a lower level (one reopened by an earlier refund), so it ends on the lowest level reopened and never moves up.
 *
 * The reopened level's sub-users still counted stay counted for it, and a window the ladder leaves keeps its own
 * (level_windows): the reopened level's, when the ladder is on a lower level, and the one the ladder was counting
 * when it is moved down. The ladder resumes them when it comes back up (achieveLevel).
 */
export async function reopenLevelsNoLongerReached(
  tx: Tx,
  options: { referrer: { id: number; createdAt: Date }; now: Date },
): Promise<void> {
  const { referrer, now } = options;
  const held = await tx
    .select({ achievement: levelAchievements, rewardId: walletTransactions.transactionId })
    .from(levelAchievements)
    .innerJoin(walletTransactions, rewardOfAchievement('Pending'))
    .where(eq(levelAchievements.userId, referrer.id))
    .orderBy(desc(levelAchievements.levelNumber));
  if (held.length === 0) return;
  const { all, state } = await loadLadder(tx, referrer, { forUpdate: true });
  let ladder = state;
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
    const isLadderMoved =
      ladder !== null &&
      ladder.isStored &&
      (ladder.completedAt !== null || ladder.levelNumber > achievement.levelNumber);
    // The window the ladder does not work on keeps its sub-users until the ladder is back: the reopened level's, when
    // the ladder stays on a lower one; else the level the ladder was counting (unless the ladder was finished).
    const leftOpen = !isLadderMoved
      ? { levelNumber: achievement.levelNumber, windowStart: achievement.windowStart }
      : ladder!.completedAt === null
        ? { levelNumber: ladder!.levelNumber, windowStart: ladder!.windowStart }
        : null;
    if (leftOpen)
      await tx
        .insert(levelWindows)
        .values({ userId: referrer.id, ...leftOpen })
        .onConflictDoUpdate({
          target: [levelWindows.userId, levelWindows.levelNumber],
          set: { windowStart: sql`excluded.window_start` },
        });
    if (!isLadderMoved) continue;
    // The ladder only ever moves down: onto a reopened level above the one it is on (reopened by an earlier refund,
    // its achievement gone, so not in `held`), the lower one would never be worked on again and its reward never paid.
    await tx
      .update(userLevels)
      .set({ levelNumber: achievement.levelNumber, windowStart: achievement.windowStart, completedAt: null })
      .where(eq(userLevels.userId, referrer.id));
    ladder = {
      ...ladder!,
      levelNumber: achievement.levelNumber,
      windowStart: achievement.windowStart,
      completedAt: null,
    };
  }
}
