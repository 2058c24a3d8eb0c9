import { and, desc, eq, gt, gte, isNull, lt, ne, notExists, or } from 'drizzle-orm';
import { levelAchievements, purchases, userLevels, users, walletTransactions, type Tx } from '@app/db';
import type { AppContext } from '../../context.ts';
import { countedSubUsers, levelByNumber, loadLadder } from '../levels/index.ts';
import {
  cancelHeldCredit,
  releaseHeldCredits,
  addTakenBack,
  NOTHING_TAKEN,
  takeBack,
  type TakenBack,
} from '../wallet/index.ts';

/**
 * Runs inside the transaction that marks a purchase refunded, and takes back what it earned in
 * the referral network:
 * - the buyer is no longer active unless another purchase paid above zero keeps them active, so
 *   they stop counting for a level not yet achieved (one already achieved, its reward released,
 *   keeps them: they counted there, once);
 * - the referrer's commission on it is cancelled (Rejected) while still held in the refund window,
 *   or taken back from the wallet once Done, never below zero; so is a level reward its activation
 *   completed once Done;
 * - a level reward still held whose window no longer has enough active sub-users without this
 *   buyer is cancelled and the level reopened on that window (a buyer kept active by another paid
 *   purchase still counts, and the reward stands).
 * Returns what was taken back from the referrer's wallet.
 */
export async function onPurchaseRefunded(
  tx: Tx,
  ctx: AppContext,
  purchase: { id: number; userId: number },
): Promise<TakenBack> {
  const now = ctx.now();
  const [buyer] = await tx
    .select({ referrerId: users.referrerId, activatedAt: users.activatedAt })
    .from(users)
    .where(eq(users.id, purchase.userId));
  const [otherPaid] = await tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, purchase.userId),
        eq(purchases.status, 'paid'),
        gt(purchases.amountPaise, 0),
        ne(purchases.id, purchase.id),
      ),
    )
    .limit(1);
  if (!buyer?.referrerId) {
    if (!otherPaid) await tx.update(users).set({ activatedAt: null }).where(eq(users.id, purchase.userId));
    return NOTHING_TAKEN;
  }

  // The referrer's row first, as onPurchasePaid locks it: activations and refunds are counted in turn.
  const [referrer] = await tx
    .select({ id: users.id, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, buyer.referrerId))
    .for('no key update');
  if (!referrer) return NOTHING_TAKEN;
  await releaseHeldCredits(tx, { userId: referrer.id, now });
  // A sub-user who counted for a level whose reward is already released stays counted there (that
  // level stays achieved), so a later purchase cannot count them again for the next level.
  const isDeactivated =
    !otherPaid && !(buyer.activatedAt && (await countedForSettledLevel(tx, referrer.id, buyer.activatedAt)));
  if (isDeactivated) await tx.update(users).set({ activatedAt: null }).where(eq(users.id, purchase.userId));

  let taken = NOTHING_TAKEN;
  const earned = await tx
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.purchaseId, purchase.id), eq(walletTransactions.userId, referrer.id)));
  for (const entry of earned) {
    if (entry.method !== 'Referral Commission' && entry.method !== 'Level Reward') continue;
    // A held level reward is settled below, by counting its window again.
    if (entry.status === 'Pending' && entry.method === 'Referral Commission') {
      await cancelHeldCredit(tx, { transactionId: entry.transactionId, now });
    } else if (entry.status === 'Done') {
      taken = addTakenBack(
        taken,
        await takeBack(tx, {
          userId: referrer.id,
          method: entry.method === 'Referral Commission' ? 'Commission Reversal' : 'Level Reward Reversal',
          paise: entry.amountPaise,
          points: entry.points,
          description: `Purchase refunded: ${entry.transactionId} reversed`,
          purchaseId: purchase.id,
          at: now,
        }),
      );
    }
  }
  if (isDeactivated) await reopenLevelsNoLongerReached(tx, { referrer, now });
  return taken;
}

/** True when an activation at `activatedAt` counted for one of the referrer's achieved levels whose reward is no longer held. */
async function countedForSettledLevel(tx: Tx, referrerId: number, activatedAt: Date): Promise<boolean> {
  const [found] = await tx
    .select({ level: levelAchievements.levelNumber })
    .from(levelAchievements)
    .where(
      and(
        eq(levelAchievements.userId, referrerId),
        or(isNull(levelAchievements.windowStart), lt(levelAchievements.windowStart, activatedAt)),
        gte(levelAchievements.achievedAt, activatedAt),
        notExists(
          tx
            .select({ id: walletTransactions.id })
            .from(walletTransactions)
            .where(
              and(
                eq(walletTransactions.userId, referrerId),
                eq(walletTransactions.purchaseId, levelAchievements.purchaseId),
                eq(walletTransactions.method, 'Level Reward'),
                eq(walletTransactions.status, 'Pending'),
              ),
            ),
        ),
      ),
    )
    .limit(1);
  return found !== undefined;
}

/**
 * The referrer's achievements whose reward is still held are counted again on their window; one
 * that no longer reaches its node loses its reward (Rejected) and the level is worked on again
 * from that window, highest level first.
 */
async function reopenLevelsNoLongerReached(
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
    const counted = await countedSubUsers(tx, referrer.id, {
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
    await tx
      .update(userLevels)
      .set({ levelNumber: achievement.levelNumber, windowStart: achievement.windowStart, completedAt: null })
      .where(eq(userLevels.userId, referrer.id));
  }
}
