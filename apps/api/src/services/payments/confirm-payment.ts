import { and, eq } from 'drizzle-orm';
import { purchases } from '@app/db';
import type { AppContext } from '../../context.ts';
import { isAlreadyOwnedViolation, markPurchasePaid, OfferCodeLimitError } from '../purchases/index.ts';
import { sendReceipt } from '../mail/index.ts';
import type { OrderPayment } from './payment-provider.ts';
import { refundOrphanPayment, type PaymentLog } from './refund-orphan-payment.ts';

/** A captured payment as the provider reported it (checked by signature or by asking the provider). */
export interface VerifiedPayment {
  paymentId: string;
  amountPaise: number;
  currency: string;
  /**
   * When the provider says it took the payment (Razorpay's payment `created_at`): the invoice's date when it is
   * earlier than the confirmation and can be trusted (markPurchasePaid); absent, the confirmation's time.
   */
  capturedAt?: Date | undefined;
}

/**
 * - confirmed: this call marked the purchase paid (and ran onPurchasePaid);
 * - already-paid: someone else did, before, with this payment;
 * - second-payment: the purchase was paid with another payment (two captured on one order); this one is refunded;
 * - mismatch: the payment's amount or currency is not the purchase's; left pending for a person;
 * - duplicate: the learner already owns the item; the payment is refunded;
 * - closed: the purchase failed (or was refunded with another payment); a late payment is refunded;
 * - refunded: this very payment was already given back;
 * - code-used-up: the offer code's uses went to others while this order waited (its reservation
 *   lapsed); the purchase fails and the payment is refunded.
 */
export type ConfirmOutcome =
  'confirmed' | 'already-paid' | 'second-payment' | 'mismatch' | 'duplicate' | 'closed' | 'refunded' | 'code-used-up';

/** Why a payment bought nothing, as its refund claim records it (`reason`); the provider register words them. */
export const ORPHAN_REASONS = {
  duplicate: 'already owned',
  closed: 'order closed',
  'code-used-up': 'offer code used up',
  'second-payment': 'order already paid',
  // Not a confirmation's outcome: a chargeback lost on a payment whose purchase was still pending (decision 072's
  // later work), the payment given back by the payer's bank, and the rest of it by a refund (record-provider-refund.ts).
  'dispute-lost': 'dispute lost before confirmed',
} as const;

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
      if (current.status === 'paid') {
        // Razorpay can capture a second payment on an order (a late authorisation of an attempt the bank first
        // declined): one purchase, one payment; the other is given back (decision 051).
        return current.providerPaymentId === payment.paymentId ? 'already-paid' : 'second-payment';
      }
      if (current.status === 'pending') return 'mismatch';
      // A refund of this very payment (by an operator, or as a duplicate) is history, not a new orphan.
      if (current.status === 'refunded' && current.providerPaymentId === payment.paymentId) return 'refunded';
      return 'closed';
    });
  } catch (error) {
    if (error instanceof OfferCodeLimitError) {
      outcome = 'code-used-up';
      await ctx.db
        .update(purchases)
        .set({ status: 'failed' })
        .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'pending')));
    } else if (isAlreadyOwnedViolation(error)) {
      outcome = 'duplicate';
    } else {
      throw error;
    }
  }

  if (outcome === 'confirmed' || outcome === 'already-paid') {
    // After the commit. 'already-paid' too: a receipt lost to a crash right after the commit is
    // queued again by the next confirmation; the once-only key lets one receipt out (send-receipt.ts).
    await sendReceipt(ctx, { purchaseId });
  }
  if (outcome === 'mismatch') {
    options.log?.error({ purchaseId, payment }, 'payment does not match its purchase; left pending');
  }
  if (outcome === 'duplicate' || outcome === 'closed' || outcome === 'code-used-up' || outcome === 'second-payment') {
    const isRefunded = await refundOrphanPayment(ctx, {
      purchaseId,
      paymentId: payment.paymentId,
      amountPaise: payment.amountPaise,
      reason: ORPHAN_REASONS[outcome],
      capturedAt: payment.capturedAt,
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

/**
 * A payment the provider reports on an order (fetchOrderPayment: `state`, its `paymentId`), confirmed through
 * confirmPayment, dated by the provider's time of the payment: /pay-now, the reconciler and settleClosedOrder.
 */
export function confirmOrderPayment(
  ctx: AppContext,
  options: { purchaseId: number; paymentId: string; state: OrderPayment; log?: PaymentLog | undefined },
): Promise<ConfirmOutcome> {
  const { state } = options;
  return confirmPayment(ctx, {
    purchaseId: options.purchaseId,
    payment: {
      paymentId: options.paymentId,
      amountPaise: state.amountPaise,
      currency: state.currency,
      capturedAt: state.capturedAt,
    },
    log: options.log,
  });
}
