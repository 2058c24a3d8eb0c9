import { and, eq, gt, gte, isNull, type SQL } from 'drizzle-orm';
import { auditLog, purchases, userLevels, users, type DbOrTx } from '@app/db';
import { commissionPaise, ledgerDescription } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { WriteBatch } from '../database/index.ts';
import {
  activationInstant,
  addActivationCount,
  countedLevelAt,
  COUNTED_REFERRAL_STATUSES,
  levelStateOf,
  type Ladder,
  type LevelRow,
} from '../levels/index.ts';
import { addHeldCredit, refundWindowEndAt } from '../wallet/index.ts';
import { findSelfReferral, type BankIdentity } from './find-self-referral.ts';

/**
 * What the referral network reads of a purchase just paid: a part of purchases' PaidPurchase, read
 * with its row locks in the statement that made it paid (flipPurchase).
 */
export interface PaidReferralPurchase {
  purchase: { id: number; amountPaise: number; paidAt: Date };
  /** The buyer, their row locked (after the referrer's); null when nothing was paid. */
  buyer: {
    id: number;
    firstName: string;
    lastName: string;
    referrerId: number | null;
    emailCanonical: string;
    mobile: string;
    referralStatus: string;
    activatedAt: Date | null;
  } | null;
  /** The buyer's referrer, their row locked FOR NO KEY UPDATE. */
  referrer: { id: number; createdAt: Date; emailCanonical: string; mobile: string } | null;
  levels: LevelRow[];
  ladderRow: { levelNumber: number; windowStart: Date; completedAt: Date | null } | null;
  banks: BankIdentity[];
  settings: { commission_percent: number; refund_window_days: number; level_min_purchase_paise: number };
  /** A commission was already posted for this purchase (the hook ran before). */
  isCommissionPaid: boolean;
}

/**
 * Runs inside the transaction that marks a purchase paid, once per purchase (a second call for
 * the same purchase changes nothing). A purchase paid with nothing (free course, free enrolment,
 * a 100% offer code) does nothing at all: only money paid activates, earns commission or counts.
 * - the buyer becomes active with their first purchase paid at least `level_min_purchase_paise` (above zero when it
 *   is 0): a referral farm's sub-users buying something cheap (a low-priced course, a deep offer code) earn their
 *   referrer commission on what they paid but never a level reward worth more than they paid;
 * - with a referrer, the referrer gets commission_percent of the amount paid ('Referral
 *   Commission', held as Pending until the purchase's refund window has passed), unless the sign-up is held or rejected for review, or the buyer looks like the
 *   referrer themself (same mailbox, mobile, bank account or PAN), in which case the sign-up is
 *   marked 'rejected' (so it never counts for levels either) and the finding is audited;
 * - a first activation that counts moves the referrer's level (addActivationCount).
 *
 * Everything it reads comes with the purchase (flipPurchase), which locks the referrer's row first
 * and the buyer's after it, so concurrent activations are counted one at a time; its writes go into
 * `writes`, the batch the caller sends as one statement (without one, it sends its own).
 *
 * The lock is FOR NO KEY UPDATE, not FOR UPDATE: a transaction that updates a user's row a second
 * time (commission, then level reward) re-checks that row's referrer_id foreign key, taking KEY
 * SHARE on the referrer's row. FOR UPDATE conflicts with KEY SHARE, so a purchase by B (holding
 * B's referrer, waiting to activate B) deadlocked with a purchase by B's sub-user (holding B,
 * re-checking B's referrer); the reliability test's concurrent payments hit it. NO KEY UPDATE
 * still serialises everything that writes the referrer's row.
 */
export async function onPurchasePaid(
  tx: DbOrTx,
  ctx: AppContext,
  paid: PaidReferralPurchase,
  writes?: WriteBatch,
): Promise<void> {
  const batch = writes ?? new WriteBatch();
  await addPaidReferralWrites(tx, ctx, paid, batch);
  if (!writes) await batch.run(tx);
}

async function addPaidReferralWrites(
  tx: DbOrTx,
  ctx: AppContext,
  paid: PaidReferralPurchase,
  writes: WriteBatch,
): Promise<void> {
  const { purchase, buyer, referrer } = paid;
  if (purchase.amountPaise <= 0 || !buyer) return;
  // The buyer's row is locked: nobody else can activate them before this transaction ends.
  const isActivation = buyer.activatedAt === null && activates(purchase.amountPaise, paid.settings);

  if (buyer.referrerId === null) {
    if (isActivation) writes.add(activate(tx, buyer.id, ctx.now()));
    return;
  }
  if (!referrer || paid.isCommissionPaid) return;

  const ladder: Ladder = {
    all: paid.levels,
    state: levelStateOf(paid.ladderRow ?? (await lockLadderRow(tx, referrer.id)), referrer, paid.levels),
  };
  const now = activationInstant(ladder.state, ctx.now());

  let status = buyer.referralStatus;
  const selfReferral = findSelfReferral(buyer, referrer, paid.banks);
  if (selfReferral && status !== 'rejected') {
    status = 'rejected';
    // One UPDATE of the buyer's row: one statement must not update a row twice. A rejected sign-up counts for no level.
    writes.add(
      tx
        .update(users)
        .set({
          ...(isActivation && { activatedAt: now }),
          referralStatus: status,
          referralStatusReason: selfReferral,
          countedLevel: null,
        })
        .where(eq(users.id, buyer.id)),
    );
    writes.add(
      tx.insert(auditLog).values({
        action: 'referral.self_referral',
        entity: 'users',
        entityId: String(buyer.id),
        after: { referrer_id: referrer.id, reason: selfReferral, purchase_id: purchase.id },
        createdAt: now,
      }),
    );
  } else if (isActivation) {
    // The level the activation counts for is recorded on the buyer (decision 070): the one addActivationCount counts.
    const isCounted = (COUNTED_REFERRAL_STATUSES as readonly string[]).includes(status);
    writes.add(activate(tx, buyer.id, now, isCounted ? countedLevelAt(ladder, now) : null));
  }
  if (!(COUNTED_REFERRAL_STATUSES as readonly string[]).includes(status)) return;

  const percent = paid.settings.commission_percent;
  const commission = commissionPaise(purchase.amountPaise, percent);
  const availableAt = refundWindowEndAt(purchase.paidAt, paid.settings.refund_window_days);
  if (commission > 0) {
    addHeldCredit(writes, tx, {
      userId: referrer.id,
      method: 'Referral Commission',
      amountPaise: commission,
      points: 0,
      description: ledgerDescription('commission', { percent, name: `${buyer.firstName} ${buyer.lastName}` }),
      purchaseId: purchase.id,
      availableAt,
      at: now,
    });
  }
  if (isActivation)
    addActivationCount(writes, tx, { referrer, ladder, now, earnedBy: { purchaseId: purchase.id, availableAt } });
}

/**
 * A paid amount that makes a sub-user active and count for a level: at least the `level_min_purchase_paise` setting,
 * and above zero (a free enrolment never does).
 */
export function activates(amountPaise: number, settings: { level_min_purchase_paise: number }): boolean {
  return amountPaise > 0 && amountPaise >= settings.level_min_purchase_paise;
}

/** `activates` as a condition on a purchase's amount column. */
export function activatesSql(
  amount: typeof purchases.amountPaise,
  settings: { level_min_purchase_paise: number },
): SQL {
  return and(gt(amount, 0), gte(amount, settings.level_min_purchase_paise))!;
}

function activate(tx: DbOrTx, userId: number, at: Date, countedLevel: number | null = null) {
  return tx
    .update(users)
    .set({ activatedAt: at, countedLevel })
    .where(and(eq(users.id, userId), isNull(users.activatedAt)));
}

/**
 * The referrer's level row, read again now that their lock is held: flipPurchase found none, but
 * its reads see the database as it was before the lock was granted, and a first count committed
 * while it waited would have created one (a referrer's first counted sub-user is the only time).
 */
async function lockLadderRow(tx: DbOrTx, referrerId: number) {
  const [row] = await tx.select().from(userLevels).where(eq(userLevels.userId, referrerId)).for('update');
  return row;
}
