import { and, eq, gte, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { levelAchievements, purchases, walletTransactions, type Tx } from '@app/db';
import type { AppContext } from '../../context.ts';
import { levelByNumber, loadLevels } from '../levels/index.ts';
import { NOTHING_TAKEN, takeBack, type TakenBack } from '../wallet/index.ts';

/*
 * A level reward is earned by the `node` sub-users counted for the level, each its share (decision 075). Once the
 * reward is released, the level stays achieved and its sub-users stay counted there (the spec: a refunded purchase
 * no longer counts for a level *not yet achieved*), but a refund takes back what the refunded purchase earned: a
 * counted sub-user left with no paid purchase, or found to be a self-referral, takes back their share of the reward,
 * reward ÷ the level's node when it was achieved, in money and points (floored). The sub-user whose purchase completed
 * the level takes back the whole reward (takeBackReferralEarnings), less the shares already taken. Each share names
 * its reward (`reverses_id`). Without this, a ring waited out the refund window, withdrew, and charged back every card
 * but the completing ones: one paying sub-user per level kept the whole reward.
 */

const reversalPurchase = alias(purchases, 'reversal_purchase');

/** The join of a level achievement to its reward: the referrer's Level Reward on the purchase that completed it. */
export const rewardOfAchievement = (status: 'Pending' | 'Done') =>
  and(
    eq(walletTransactions.userId, levelAchievements.userId),
    eq(walletTransactions.purchaseId, levelAchievements.purchaseId),
    eq(walletTransactions.method, 'Level Reward'),
    eq(walletTransactions.status, status),
  );

/** One sub-user's share of a level reward: the reward ÷ the level's node, floored in paise and in points. */
function shareOf(reward: { amountPaise: number; points: number }, node: number) {
  const of = Math.max(1, node);
  return { paise: Math.floor(reward.amountPaise / of), points: Math.floor(reward.points / of) };
}

/** The level's node when it was achieved; for an achievement from before that was recorded, the level's node now. */
async function nodeOf(tx: Tx, achievement: { levelNumber: number; node: number | null }): Promise<number> {
  return achievement.node ?? levelByNumber(await loadLevels(tx), achievement.levelNumber)?.node ?? 1;
}

/**
 * What is left to take back of a released level reward when the purchase that completed the level is refunded: the
 * reward less the shares its other sub-users took back already (the entries naming it). The whole reward when none
 * did, or when the reward is not a level's (no achievement records it).
 */
export async function levelRewardLeft(
  tx: Tx,
  referrerId: number,
  reward: { id: number; purchaseId: number; amountPaise: number; points: number },
): Promise<{ paise: number; points: number }> {
  const whole = { paise: reward.amountPaise, points: reward.points };
  const taken = await sharesTaken(tx, referrerId, reward.id);
  if (taken === 0) return whole;
  const [achievement] = await tx
    .select({ levelNumber: levelAchievements.levelNumber, node: levelAchievements.node })
    .from(levelAchievements)
    .where(and(eq(levelAchievements.userId, referrerId), eq(levelAchievements.purchaseId, reward.purchaseId)));
  if (!achievement) return whole;
  return leftAfter(reward, shareOf(reward, await nodeOf(tx, achievement)), taken);
}

/** How many shares of the reward (wallet_transactions id) have been taken back: the entries naming it. */
async function sharesTaken(tx: Tx, referrerId: number, rewardId: number): Promise<number> {
  const [shares] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.userId, referrerId), eq(walletTransactions.reversesId, rewardId)));
  return Number(shares?.n ?? 0);
}

/** What `taken` shares leave of the reward, never below nothing. */
function leftAfter(
  reward: { amountPaise: number; points: number },
  share: { paise: number; points: number },
  taken: number,
) {
  return {
    paise: Math.max(0, reward.amountPaise - taken * share.paise),
    points: Math.max(0, reward.points - taken * share.points),
  };
}

/**
 * Takes back the share of a released level reward that a sub-user earned, when they stop counting without the level
 * being reopened (the caller decides that: their refund leaves them no paid purchase, or they are found to be a
 * self-referral): the reward of the achievement that counted them (their recorded level, their activation inside its
 * window), Done and not taken back whole (which the completer's refund does, in takeBackReferralEarnings, run first);
 * once per sub-user. Written on `purchaseId`, one of the sub-user's purchases. The caller holds the referrer's row lock.
 */
export async function takeBackLevelRewardShare(
  tx: Tx,
  ctx: AppContext,
  options: {
    referrer: { id: number };
    subUser: { id: number; activatedAt: Date; countedLevel: number | null };
    purchaseId: number;
    why: (rewardTransactionId: string) => string;
    now: Date;
  },
): Promise<TakenBack> {
  const { referrer, subUser } = options;
  if (subUser.countedLevel === null) return NOTHING_TAKEN;
  const [found] = await tx
    .select({
      reward: {
        id: walletTransactions.id,
        transactionId: walletTransactions.transactionId,
        purchaseId: walletTransactions.purchaseId,
        amountPaise: walletTransactions.amountPaise,
        points: walletTransactions.points,
      },
      levelNumber: levelAchievements.levelNumber,
      node: levelAchievements.node,
    })
    .from(levelAchievements)
    .innerJoin(walletTransactions, rewardOfAchievement('Done'))
    .where(
      and(
        eq(levelAchievements.userId, referrer.id),
        eq(levelAchievements.levelNumber, subUser.countedLevel),
        or(isNull(levelAchievements.windowStart), lt(levelAchievements.windowStart, subUser.activatedAt)),
        gte(levelAchievements.achievedAt, subUser.activatedAt),
      ),
    );
  const rewardPurchaseId = found?.reward.purchaseId;
  if (!found || !rewardPurchaseId) return NOTHING_TAKEN;
  const { reward } = found;
  // Taken back already: the whole reward (its completer's refund or rejection), or this sub-user's share.
  const [reversed] = await tx
    .select({ id: walletTransactions.id })
    .from(walletTransactions)
    .leftJoin(reversalPurchase, eq(reversalPurchase.id, walletTransactions.purchaseId))
    .where(
      and(
        eq(walletTransactions.userId, referrer.id),
        eq(walletTransactions.method, 'Level Reward Reversal'),
        or(
          eq(walletTransactions.purchaseId, rewardPurchaseId),
          and(eq(walletTransactions.reversesId, reward.id), eq(reversalPurchase.userId, subUser.id)),
        ),
      ),
    )
    .limit(1);
  if (reversed) return NOTHING_TAKEN;
  const share = shareOf(reward, await nodeOf(tx, found));
  // Never beyond what the shares taken already leave of the reward.
  const left = leftAfter(reward, share, await sharesTaken(tx, referrer.id, reward.id));
  return takeBack(tx, ctx, {
    userId: referrer.id,
    method: 'Level Reward Reversal',
    paise: Math.min(share.paise, left.paise),
    points: Math.min(share.points, left.points),
    description: options.why(reward.transactionId),
    purchaseId: options.purchaseId,
    reversesId: reward.id,
    at: options.now,
  });
}
