import { and, eq, exists, gt, gte, isNull, lt, ne, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ledgerDescription } from '@app/contracts';
import { levelAchievements, purchases, users, walletTransactions, type Tx } from '@app/db';
import type { AppContext } from '../../context.ts';
import { getSettings } from '../settings/index.ts';
import { addTakenBack, NOTHING_TAKEN, refundWindowEnd, releaseHeldCredits, type TakenBack } from '../wallet/index.ts';
import { takeBackLevelRewardShare } from './level-reward-shares.ts';
import { activatesSql } from './on-purchase-paid.ts';
import { reopenLevelsNoLongerReached, takeBackReferralEarnings } from './take-back-referral-earnings.ts';

/**
 * Runs inside the transaction that marks a purchase refunded, and takes back what it earned in
 * the referral network:
 * - the buyer is no longer active unless another paid purchase keeps them active: one above zero and at least
 *   `level_min_purchase_paise` as it is now, or at least the refunded one's amount (a purchase below the minimum never
 *   made anyone active, so its refund leaves them as they were; one that activated them under a lower minimum can
 *   be stood in for by another as large), so
 *   they stop counting for a level not yet achieved (one already achieved, its reward released,
 *   keeps them: they counted there, once);
 * - the referrer's commission on it is cancelled (Rejected) while still held in the refund window,
 *   or taken back from the wallet once Done, never below zero; so is a level reward its activation
 *   completed once Done (less the shares taken back already), and, when the buyer is left with no paid purchase but
 *   still counted for a level whose reward is released, their share of that reward (level-reward-shares.ts);
 * - a level reward still held whose window no longer has enough active sub-users without this
 *   buyer is cancelled and the level reopened on that window (a buyer kept active by another paid
 *   purchase still counts, and the reward stands).
 * Returns what was taken back from the referrer's wallet.
 */
export async function onPurchaseRefunded(
  tx: Tx,
  ctx: AppContext,
  purchase: { id: number; userId: number; amountPaise: number },
  now: Date,
): Promise<TakenBack> {
  const [sponsor] = await tx.select({ referrerId: users.referrerId }).from(users).where(eq(users.id, purchase.userId));
  // The referrer's row first, as onPurchasePaid locks it: activations and refunds are counted in turn. What the buyer
  // still has paid is read after it: two refunds of one buyer's two purchases at once each saw the other purchase
  // paid on a read before the lock, and neither took back what the buyer's last paid purchase earned.
  let referrer: { id: number; createdAt: Date } | undefined;
  if (sponsor?.referrerId) {
    [referrer] = await tx
      .select({ id: users.id, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, sponsor.referrerId))
      .for('no key update');
    if (!referrer) return NOTHING_TAKEN;
  }
  const [buyer] = await tx
    .select({ activatedAt: users.activatedAt, countedLevel: users.countedLevel })
    .from(users)
    .where(eq(users.id, purchase.userId));
  const { level_min_purchase_paise: minimum } = await getSettings(tx, ['level_min_purchase_paise']);
  const [otherPaid] = await tx
    .select({ id: purchases.id, paidAt: purchases.paidAt })
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, purchase.userId),
        eq(purchases.status, 'paid'),
        activatesSql(purchases.amountPaise, {
          level_min_purchase_paise: Math.min(minimum, Math.max(purchase.amountPaise, 1)),
        }),
        ne(purchases.id, purchase.id),
      ),
    )
    .orderBy(sql`${purchases.paidAt} asc nulls last`)
    .limit(1);
  if (!referrer || !buyer) {
    if (!otherPaid)
      await tx.update(users).set({ activatedAt: null, countedLevel: null }).where(eq(users.id, purchase.userId));
    return NOTHING_TAKEN;
  }

  await releaseHeldCredits(tx, { userId: referrer.id, now });
  // A sub-user who counted for a level whose reward is already released stays counted there (that
  // level stays achieved), so a later purchase cannot count them again for the next level. One who stops counting
  // is released from the level they counted for (decision 070): its recount below finds them gone.
  const counted = buyer.activatedAt && { activatedAt: buyer.activatedAt, level: buyer.countedLevel };
  const isDeactivated = !otherPaid && !(counted && (await countedForSettledLevel(tx, referrer.id, counted)));
  if (isDeactivated)
    await tx.update(users).set({ activatedAt: null, countedLevel: null }).where(eq(users.id, purchase.userId));
  else if (otherPaid?.paidAt && counted)
    await holdRewardsCounting(tx, {
      referrerId: referrer.id,
      counted,
      until: await refundWindowEnd(tx, otherPaid.paidAt),
    });

  const why = (id: string) => ledgerDescription('refundReversed', { id });
  let taken = await takeBackReferralEarnings(tx, ctx, {
    referrerId: referrer.id,
    purchaseIds: [purchase.id, ...(otherPaid ? [] : await rewardsStoodInFor(tx, referrer.id, purchase))],
    why,
    now,
  });
  // Left with no paid purchase but still counted for a level whose reward is released: their share of it goes back.
  if (!otherPaid && !isDeactivated && counted)
    taken = addTakenBack(
      taken,
      await takeBackLevelRewardShare(tx, ctx, {
        referrer,
        subUser: { id: purchase.userId, activatedAt: counted.activatedAt, countedLevel: counted.level },
        purchaseId: purchase.id,
        why,
        now,
      }),
    );
  if (isDeactivated) await reopenLevelsNoLongerReached(tx, { referrer, now });
  return taken;
}

/**
 * The buyer's purchases refunded earlier whose level reward (earned by their activation) is not yet taken back: while
 * the reward was held, another purchase of the buyer's kept them active and stood in for it (holdRewardsCounting), so
 * the refund left the reward alone (a reward that stood on the other sub-users' count when the buyer stopped counting
 * is not theirs to take back). The last purchase standing in for it takes it back when refunded, even after its
 * window, as the purchase that earned it would have (takeBackReferralEarnings takes a reward back once; one cancelled
 * by a recount since is left alone). The ledger is append-only, so the reward stays recorded against the purchase that
 * earned it. Without this, the sub-user who completed a level kept its reward with a second purchase: the first
 * refunded in its window, the second after its own.
 */
async function rewardsStoodInFor(
  tx: Tx,
  referrerId: number,
  purchase: { id: number; userId: number },
): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ id: purchases.id })
    .from(purchases)
    .innerJoin(
      walletTransactions,
      and(
        eq(walletTransactions.purchaseId, purchases.id),
        eq(walletTransactions.userId, referrerId),
        eq(walletTransactions.method, 'Level Reward'),
      ),
    )
    .where(
      and(
        eq(purchases.userId, purchase.userId),
        eq(purchases.status, 'refunded'),
        ne(purchases.id, purchase.id),
        // Stood in for: another purchase of the buyer's was paid, and not yet refunded, when it was refunded.
        exists(
          tx
            .select({ id: standIn.id })
            .from(standIn)
            .where(
              and(
                eq(standIn.userId, purchases.userId),
                ne(standIn.id, purchases.id),
                lt(standIn.paidAt, purchases.refundedAt),
                or(isNull(standIn.refundedAt), gt(standIn.refundedAt, purchases.refundedAt)),
              ),
            ),
        ),
      ),
    );
  return rows.map((row) => row.id);
}

const standIn = alias(purchases, 'stand_in');

/**
 * A sub-user refunded inside a held level reward's window but kept active by another purchase still counts there, so
 * the reward stands; it is then held until that purchase's refund window ends too (never less than before; the
 * earliest such purchase, since once one is past its window the sub-user stays active whatever happens to the rest).
 * Released at the refunded purchase's window, it would have outlived the refund of the other one as well (a sub-user
 * counted for a released reward stays counted), and a farm whose every purchase was refunded in its window kept the
 * reward.
 */
async function holdRewardsCounting(
  tx: Tx,
  options: { referrerId: number; counted: CountedSubUser; until: Date },
): Promise<void> {
  const { referrerId, counted, until } = options;
  if (counted.level === null) return;
  await tx
    .update(walletTransactions)
    .set({ availableAt: until })
    .where(
      and(
        eq(walletTransactions.userId, referrerId),
        eq(walletTransactions.method, 'Level Reward'),
        eq(walletTransactions.status, 'Pending'),
        lt(walletTransactions.availableAt, until),
        exists(
          tx
            .select({ level: levelAchievements.levelNumber })
            .from(levelAchievements)
            .where(
              and(
                eq(levelAchievements.userId, referrerId),
                eq(levelAchievements.purchaseId, walletTransactions.purchaseId),
                countedThere(counted.activatedAt, counted.level),
              ),
            ),
        ),
      ),
    );
}

/** A sub-user's activation and the level it counted for (users.counted_level; null: none). */
interface CountedSubUser {
  activatedAt: Date;
  level: number | null;
}

/**
 * The level achievement that counted a sub-user: the level recorded on them (decision 070), achieved in a window
 * (start, achieved] that holds their activation (one activated in an earlier window of the level, which ended
 * unfinished, counted for nothing). The level their activation was counted for, and no other: a reopened level reached
 * again, whose old window holds the windows of the levels above it, did not count their sub-users (decision 065).
 */
const countedThere = (activatedAt: Date, level: number) =>
  and(
    eq(levelAchievements.levelNumber, level),
    or(isNull(levelAchievements.windowStart), lt(levelAchievements.windowStart, activatedAt)),
    gte(levelAchievements.achievedAt, activatedAt),
  );

/** True when the sub-user counted for one of the referrer's achieved levels whose reward is no longer held. */
async function countedForSettledLevel(tx: Tx, referrerId: number, counted: CountedSubUser): Promise<boolean> {
  if (counted.level === null) return false;
  const [found] = await tx
    .select({ level: levelAchievements.levelNumber })
    .from(levelAchievements)
    .where(
      and(
        eq(levelAchievements.userId, referrerId),
        countedThere(counted.activatedAt, counted.level),
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
