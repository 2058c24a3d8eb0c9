import { and, eq, isNull } from 'drizzle-orm';
import { auditLog, users, walletTransactions, type Tx } from '@app/db';
import { commissionPaise } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { activationInstant, advanceLevel } from '../levels/advance-level.ts';
import { COUNTED_REFERRAL_STATUSES, loadLadder } from '../levels/level-data.ts';
import { getSetting } from '../settings/get-setting.ts';
import { postHeldCredit, refundWindowEnd } from '../wallet/held-credits.ts';
import { findSelfReferral } from './find-self-referral.ts';

export interface PaidPurchase {
  id: number;
  userId: number;
  amountPaise: number;
  paidAt: Date;
}

/**
 * Runs inside the transaction that marks a purchase paid, once per purchase (a second call for
 * the same purchase changes nothing). A purchase paid with nothing (free course, free enrolment,
 * a 100% offer code) does nothing at all: only money paid activates, earns commission or counts.
 * - the buyer becomes active with their first purchase paid above zero;
 * - with a referrer, the referrer gets commission_percent of the amount paid ('Referral
 *   Commission', held as Pending until the purchase's refund window has passed), unless the sign-up is held or rejected for review, or the buyer looks like the
 *   referrer themself (same mailbox, mobile, bank account or PAN), in which case the sign-up is
 *   marked 'rejected' (so it never counts for levels either) and the finding is audited;
 * - a first activation that counts moves the referrer's level (advanceLevel).
 * The referrer's row is locked first, so concurrent activations are counted one at a time.
 *
 * The lock is FOR NO KEY UPDATE, not FOR UPDATE: a transaction that updates a user's row a second
 * time (commission, then level reward) re-checks that row's referrer_id foreign key, taking KEY
 * SHARE on the referrer's row. FOR UPDATE conflicts with KEY SHARE, so a purchase by B (holding
 * B's referrer, waiting to activate B) deadlocked with a purchase by B's sub-user (holding B,
 * re-checking B's referrer); the reliability test's concurrent payments hit it. NO KEY UPDATE
 * still serialises everything that writes the referrer's row.
 */
export async function onPurchasePaid(tx: Tx, ctx: AppContext, purchase: PaidPurchase): Promise<void> {
  if (purchase.amountPaise <= 0) return;
  const [buyer] = await tx
    .select({
      id: users.id, firstName: users.firstName, lastName: users.lastName, referrerId: users.referrerId,
      emailCanonical: users.emailCanonical, mobile: users.mobile, referralStatus: users.referralStatus,
    })
    .from(users)
    .where(eq(users.id, purchase.userId));
  if (!buyer) return;

  if (buyer.referrerId === null) {
    await tx.update(users).set({ activatedAt: ctx.now() }).where(and(eq(users.id, buyer.id), isNull(users.activatedAt)));
    return;
  }

  const [referrer] = await tx
    .select({ id: users.id, createdAt: users.createdAt, emailCanonical: users.emailCanonical, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, buyer.referrerId))
    .for('no key update');
  if (!referrer) return;

  const [alreadyPaid] = await tx.select({ id: walletTransactions.id }).from(walletTransactions)
    .where(and(eq(walletTransactions.purchaseId, purchase.id), eq(walletTransactions.method, 'Referral Commission')));
  if (alreadyPaid) return;

  // Read once for both the activation instant and advanceLevel; locking the ladder row now costs
  // nothing, as everyone who writes it holds the referrer's lock first.
  const ladder = await loadLadder(tx, referrer, { forUpdate: true });
  const now = activationInstant(ladder.state, ctx.now());
  const activated = await tx.update(users).set({ activatedAt: now })
    .where(and(eq(users.id, buyer.id), isNull(users.activatedAt)))
    .returning({ id: users.id });
  const isFirstPurchase = activated.length > 0;

  let status = buyer.referralStatus;
  const selfReferral = await findSelfReferral(tx, buyer, referrer);
  if (selfReferral && status !== 'rejected') {
    status = 'rejected';
    await tx.update(users).set({ referralStatus: status, referralStatusReason: selfReferral }).where(eq(users.id, buyer.id));
    await tx.insert(auditLog).values({
      action: 'referral.self_referral',
      entity: 'users',
      entityId: String(buyer.id),
      after: { referrer_id: referrer.id, reason: selfReferral, purchase_id: purchase.id },
      createdAt: now,
    });
  }
  if (!(COUNTED_REFERRAL_STATUSES as readonly string[]).includes(status)) return;

  const percent = await getSetting(tx, 'commission_percent');
  const commission = commissionPaise(purchase.amountPaise, percent);
  const availableAt = await refundWindowEnd(tx, purchase.paidAt);
  if (commission > 0) {
    await postHeldCredit(tx, {
      userId: referrer.id,
      method: 'Referral Commission',
      amountPaise: commission,
      points: 0,
      description: `${percent}% commission on ${buyer.firstName} ${buyer.lastName}'s purchase`,
      purchaseId: purchase.id,
      availableAt,
      at: now,
    });
  }
  if (isFirstPurchase) await advanceLevel(tx, { referrer, now, ladder, earnedBy: { purchaseId: purchase.id, availableAt } });
}
