import { and, eq } from 'drizzle-orm';
import { purchases, type Tx } from '@app/db';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../accounts/find-user.ts';
import { onPurchasePaid } from '../referrals/on-purchase-paid.ts';
import { refundOrphanPayment, type PaymentLog } from './refund-orphan-payment.ts';

/** A captured payment as the provider reported it (checked by signature or by asking the provider). */
export interface VerifiedPayment {
  paymentId: string;
  amountPaise: number;
  currency: string;
}

/**
 * The one place a purchase becomes paid: a conditional UPDATE that only a pending purchase of the
 * same amount and currency passes, and onPurchasePaid in the same transaction when it did.
 * False when the purchase was not pending (someone else got there first) or does not match.
 */
export async function markPurchasePaid(
  tx: Tx,
  ctx: AppContext,
  options: { purchaseId: number; payment: { paymentId: string | null; amountPaise: number; currency: string } },
): Promise<boolean> {
  const { purchaseId, payment } = options;
  const paidAt = ctx.now();
  const [flipped] = await tx
    .update(purchases)
    .set({ status: 'paid', paidAt, providerPaymentId: payment.paymentId })
    .where(and(
      eq(purchases.id, purchaseId),
      eq(purchases.status, 'pending'),
      eq(purchases.amountPaise, payment.amountPaise),
      eq(purchases.currency, payment.currency),
    ))
    .returning({ id: purchases.id, userId: purchases.userId, amountPaise: purchases.amountPaise });
  if (!flipped) return false;
  await onPurchasePaid(tx, ctx, { ...flipped, paidAt });
  return true;
}

/**
 * - confirmed: this call marked the purchase paid (and ran onPurchasePaid);
 * - already-paid: someone else did, before;
 * - mismatch: the payment's amount or currency is not the purchase's; left pending for a person;
 * - duplicate: the learner already owns the item; the payment is refunded;
 * - closed: the purchase failed (or was refunded with another payment); a late payment is refunded;
 * - refunded: this very payment was already given back.
 */
export type ConfirmOutcome = 'confirmed' | 'already-paid' | 'mismatch' | 'duplicate' | 'closed' | 'refunded';

/**
 * Marks a pending purchase paid. Idempotent and forward-only: one conditional UPDATE … WHERE
 * status = 'pending' decides, so of any number of concurrent callers (/pay-now, webhook deliveries,
 * the reconciler) exactly one flips it and runs onPurchasePaid, in the same transaction.
 */
export async function confirmPayment(
  ctx: AppContext,
  options: { purchaseId: number; payment: VerifiedPayment; log?: PaymentLog | undefined },
): Promise<ConfirmOutcome> {
  const { purchaseId, payment } = options;
  let outcome: ConfirmOutcome;
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      if (await markPurchasePaid(tx, ctx, { purchaseId, payment })) return 'confirmed';
      const [current] = await tx
        .select({ status: purchases.status, providerPaymentId: purchases.providerPaymentId })
        .from(purchases)
        .where(eq(purchases.id, purchaseId));
      if (!current) return 'closed';
      if (current.status === 'paid') return 'already-paid';
      if (current.status === 'pending') return 'mismatch';
      // A refund of this very payment (by an operator, or as a duplicate) is history, not a new orphan.
      if (current.status === 'refunded' && current.providerPaymentId === payment.paymentId) return 'refunded';
      return 'closed';
    });
  } catch (error) {
    if (!isUniqueViolation(error, 'purchases_one_paid_course') && !isUniqueViolation(error, 'purchases_one_paid_batch')) throw error;
    outcome = 'duplicate';
  }

  if (outcome === 'mismatch') {
    options.log?.error({ purchaseId, payment }, 'payment does not match its purchase; left pending');
  }
  if (outcome === 'duplicate' || outcome === 'closed') {
    const isRefunded = await refundOrphanPayment(ctx, {
      purchaseId,
      paymentId: payment.paymentId,
      amountPaise: payment.amountPaise,
      reason: outcome === 'duplicate' ? 'already owned' : 'order closed',
      log: options.log,
    });
    if (isRefunded && outcome === 'duplicate') {
      // Settles the extra purchase so the reconciler stops asking about it.
      await ctx.db
        .update(purchases)
        .set({ status: 'refunded', refundedAt: ctx.now(), providerPaymentId: payment.paymentId })
        .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'pending')));
    }
  }
  return outcome;
}
