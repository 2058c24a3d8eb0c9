import { and, eq, gte, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ledgerDescription } from '@app/contracts';
import { levelAchievements, purchases, users, walletTransactions, type Tx } from '@app/db';
import type { AppContext } from '../../context.ts';
import { levelByNumber, loadLevels } from '../levels/index.ts';
import { NOTHING_TAKEN, takeBack, type TakenBack } from '../wallet/index.ts';

/*
 * A level reward is earned by the `node` sub-users counted for the level, each its share (decision 075). Once the
 * reward is released, the level stays achieved and its sub-users stay counted there (the spec: a refunded purchase
 * no longer counts for a level *not yet achieved*), but a refund takes back what the refunded purchase earned: a
 * counted sub-user left with no paid purchase takes back their share of the reward, reward ÷ node in money and points
 * (floored). The sub-user whose purchase completed the level takes back the whole reward (takeBackReferralEarnings),
 * less the shares already taken. Without this, a ring waited out the refund window, withdrew, and charged back every
 * card but the completing ones: one paying sub-user per level kept the whole reward.
 */

const reversalPurchase = alias(purchases, 'reversal_purchase');
const shareHolder = alias(users, 'share_holder');

/** One sub-user's share of a level reward: the reward ÷ the level's node, floored in paise and in points. */
function shareOf(reward: { amountPaise: number; points: number }, node: number) {
  const of = Math.max(1, node);
  return { paise: Math.floor(reward.amountPaise / of), points: Math.floor(reward.points / of) };
}

/** The level's node as the ladder has it now (the next level up if operators removed it). */
async function nodeOf(tx: Tx, levelNumber: number): Promise<number> {
  return levelByNumber(await loadLevels(tx), levelNumber)?.node ?? 1;
}

/**
 * How many sub-users counted for the level (other than its completer) have had their share of its reward taken back:
 * the referrer's Level Reward Reversals on purchases of sub-users recorded as counted for that level. A sub-user
 * counts for one level only (decisions 065, 070), so their reversal is that level's.
 */
async function sharesTaken(tx: Tx, referrerId: number, levelNumber: number, completerId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(DISTINCT ${shareHolder.id})::int` })
    .from(walletTransactions)
    .innerJoin(reversalPurchase, eq(reversalPurchase.id, walletTransactions.purchaseId))
    .innerJoin(shareHolder, eq(shareHolder.id, reversalPurchase.userId))
    .where(
      and(
        eq(walletTransactions.userId, referrerId),
        eq(walletTransactions.method, 'Level Reward Reversal'),
        eq(shareHolder.referrerId, referrerId),
        eq(shareHolder.countedLevel, levelNumber),
        ne(shareHolder.id, completerId),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * What is left to take back of a released level reward when the purchase that completed the level is refunded: the
 * reward less the shares its other sub-users' refunds took already. The whole reward when none did, or when the reward
 * is not a level's (no achievement records it).
 */
export async function levelRewardLeft(
  tx: Tx,
  referrerId: number,
  reward: { purchaseId: number; amountPaise: number; points: number },
): Promise<{ paise: number; points: number }> {
  const [achievement] = await tx
    .select({ levelNumber: levelAchievements.levelNumber, completerId: purchases.userId })
    .from(levelAchievements)
    .innerJoin(purchases, eq(purchases.id, levelAchievements.purchaseId))
    .where(and(eq(levelAchievements.userId, referrerId), eq(levelAchievements.purchaseId, reward.purchaseId)));
  if (!achievement) return { paise: reward.amountPaise, points: reward.points };
  const taken = await sharesTaken(tx, referrerId, achievement.levelNumber, achievement.completerId);
  if (taken === 0) return { paise: reward.amountPaise, points: reward.points };
  const share = shareOf(reward, await nodeOf(tx, achievement.levelNumber));
  return {
    paise: Math.max(0, reward.amountPaise - taken * share.paise),
    points: Math.max(0, reward.points - taken * share.points),
  };
}

/**
 * Takes back the share of a released level reward that a refunded sub-user earned, when the refund leaves them counted
 * there with no paid purchase (the caller decides that, after takeBackReferralEarnings): the reward of the achievement
 * that counted them (their recorded level, their activation inside its window), Done and not taken back whole (which
 * the completer's refund does); once per sub-user. The caller holds the referrer's row lock.
 */
export async function takeBackLevelRewardShare(
  tx: Tx,
  ctx: AppContext,
  options: {
    referrer: { id: number };
    buyer: { id: number; activatedAt: Date; countedLevel: number | null };
    purchaseId: number;
    now: Date;
  },
): Promise<TakenBack> {
  const { referrer, buyer } = options;
  if (buyer.countedLevel === null) return NOTHING_TAKEN;
  const [reward] = await tx
    .select({
      transactionId: walletTransactions.transactionId,
      purchaseId: walletTransactions.purchaseId,
      amountPaise: walletTransactions.amountPaise,
      points: walletTransactions.points,
    })
    .from(levelAchievements)
    .innerJoin(
      walletTransactions,
      and(
        eq(walletTransactions.userId, levelAchievements.userId),
        eq(walletTransactions.purchaseId, levelAchievements.purchaseId),
        eq(walletTransactions.method, 'Level Reward'),
        eq(walletTransactions.status, 'Done'),
      ),
    )
    .where(
      and(
        eq(levelAchievements.userId, referrer.id),
        eq(levelAchievements.levelNumber, buyer.countedLevel),
        or(isNull(levelAchievements.windowStart), lt(levelAchievements.windowStart, buyer.activatedAt)),
        gte(levelAchievements.achievedAt, buyer.activatedAt),
      ),
    );
  if (!reward?.purchaseId) return NOTHING_TAKEN;
  // Taken back already: the whole reward (its completer refunded: takeBackReferralEarnings ran first, so the completer's
  // own refund, or the last of a completer's purchases standing in for it, stops here), or this sub-user's share.
  const [reversed] = await tx
    .select({ id: walletTransactions.id })
    .from(walletTransactions)
    .innerJoin(reversalPurchase, eq(reversalPurchase.id, walletTransactions.purchaseId))
    .where(
      and(
        eq(walletTransactions.userId, referrer.id),
        eq(walletTransactions.method, 'Level Reward Reversal'),
        or(eq(walletTransactions.purchaseId, reward.purchaseId), eq(reversalPurchase.userId, buyer.id)),
      ),
    )
    .limit(1);
  if (reversed) return NOTHING_TAKEN;
  const share = shareOf(reward, await nodeOf(tx, buyer.countedLevel));
  return takeBack(tx, ctx, {
    userId: referrer.id,
    method: 'Level Reward Reversal',
    paise: share.paise,
    points: share.points,
    description: ledgerDescription('refundReversed', { id: reward.transactionId }),
    purchaseId: options.purchaseId,
    at: options.now,
  });
}
