import { and, eq } from 'drizzle-orm';
import { purchases, type Tx } from '@app/db';
import { paiseToRupees } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import { flushMailOutbox } from '../mail/index.ts';
import { markPurchaseRefunded, refundEffectsForAudit } from '../purchases/index.ts';
import { ORPHAN_REASONS } from './confirm-payment.ts';
import { PaymentProviderError } from './payment-provider.ts';
import {
  PURCHASE_REFUND_REASONS,
  claimRefund,
  dropFreshClaim,
  isClaimHeld,
  recordClaimedRefund,
  refundClaimed,
  type RefundClaim,
} from './refund-claim.ts';
import { DISPUTE_LOST_UNCONFIRMED, lockOrderPurchase, orderPurchase, recordDisputeAfterRefund } from './disputes.ts';
import type { PaymentLog } from './refund-orphan-payment.ts';

/** Money the provider reports as gone back to the payer, by a refund made there or by a chargeback lost. */
export interface RefundAtProvider {
  /** 'refund': Razorpay's refund.processed; 'dispute': payment.dispute.lost. */
  kind: 'refund' | 'dispute';
  /** The refund's or the dispute's id at the provider. */
  providerId: string;
  paymentId: string;
  orderId: string;
  /** All of the payment given back so far (refunds, and the dispute's deduction), in paise. */
  returnedPaise: number;
  /** A lost dispute's deduction, in paise (0 for a refund). */
  deductedPaise: number;
  /** The payment's amount, in paise. */
  paymentPaise: number;
  /** When the provider says the payment was made: dates a payment that bought nothing in the provider register. */
  capturedAt?: Date | undefined;
}

export type ProviderRefundOutcome =
  'refunded' | 'partial' | 'dispute after refund' | 'closed unconfirmed' | 'unchanged';

/**
 * Records money given back at the provider outside the console (decision 051): a refund made in Razorpay's dashboard
 * or a dispute the merchant lost. The purchase it paid for is refunded as the operator's Refund does it
 * (markPurchaseRefunded: the course closes, the commission, level reward and Quiz Points are taken back, a credit
 * note is issued), when all of what was paid has gone back. A part refunded in the dashboard (the operator's own
 * act) is written to the audit log for the operator, and the purchase stays paid. A dispute lost for a part (decision
 * 072) refunds the purchase all the same, and the rest of the payment is given back at the provider, so that the
 * payer has all of it back, as the credit note says: a chargeback of ₹398 on ₹399 no longer keeps the course, the
 * sub-user's count, the commission and the level reward. Only the purchase paid with that very payment: a refund of
 * an orphan payment (a second payment on the order, decision 010) leaves the order's purchase alone.
 *
 * A lost dispute on a payment already given back (the purchase refunded, or a payment that bought nothing, refunded
 * automatically) refunds nothing more: the money left twice, and it is recorded as such (recordDisputeAfterRefund, an
 * audit row the provider register lists as money out) with a warning in the log. A refund event for such a payment is
 * the refund already recorded (ours, or the one that refunded the purchase): nothing.
 *
 * A lost dispute on a payment of an order whose purchase is still pending (never confirmed: no sale in the books)
 * closes that purchase for good (closeUnconfirmed): a later confirmation of the payment (its webhook, /pay-now, the
 * reconciler) would give the course and its earnings for money the bank took back.
 *
 * Under the purchase's row lock (FOR NO KEY UPDATE, then the wallets, the order of the console's refund, decision
 * 046), waiting for it rather than failing: the operator's refund holds it while Razorpay answers and sends this
 * event, and the status read after the wait is the latest, so the two record a refund once.
 */
export async function recordProviderRefund(
  ctx: AppContext,
  options: RefundAtProvider & { log?: PaymentLog | undefined },
): Promise<ProviderRefundOutcome> {
  // The claims are decided on an unlocked read, before the transaction (refund-claim.ts); the purchase may change
  // before the lock (a confirmation by /pay-now or a webhook: pending, then paid). The transaction then answers
  // 'stale', the claims it did not use go, and they are decided again on the purchase as it is now. Statuses only move
  // forward (pending, paid, refunded), so this ends; the last attempt goes on with what the lock read.
  for (let attempt = 1; ; attempt++) {
    const outcome = await recordOnce(ctx, options, { isLastAttempt: attempt >= 3 });
    if (outcome !== 'stale') return outcome;
  }
}

/** One attempt of recordProviderRefund: 'stale' when the purchase changed between its claims and its lock. */
async function recordOnce(
  ctx: AppContext,
  options: RefundAtProvider & { log?: PaymentLog | undefined },
  { isLastAttempt }: { isLastAttempt: boolean },
): Promise<ProviderRefundOutcome | 'stale'> {
  const { log, ...reported } = options;
  const source = options.kind === 'refund' ? 'refund at the provider' : 'dispute lost';
  const reference = options.kind === 'refund' ? { refund_id: options.providerId } : { dispute_id: options.providerId };

  // A part lost in a dispute: the rest is claimed before the transaction (refund-claim.ts), as the console's refund
  // claims it, so that a crash after Razorpay refunded finds that refund again instead of making a second.
  // Only when the dispute says what it took: without it (a missing or zero amount_deducted) the rest is unknown, and
  // refunding "all but nothing" would give the payment back a second time.
  const seen = await orderPurchase(ctx.db, ctx, options.orderId);
  const paid = seen?.paymentId === options.paymentId ? seen : undefined;
  const isDeductionKnown = options.kind === 'dispute' && options.deductedPaise > 0;
  const rest = paid?.status === 'paid' && isDeductionKnown ? paid.amountPaise - options.returnedPaise : 0;
  const claim =
    rest > 0 && paid
      ? await claimRefund(ctx, {
          paymentId: options.paymentId,
          purchaseId: paid.id,
          payload: {
            amount_paise: rest,
            reason: PURCHASE_REFUND_REASONS.restAfterDispute,
            dispute_id: options.providerId,
          },
        })
      : null;
  // Another purchase's claim on this payment cannot be: the payment paid this purchase. The console's refund of this
  // purchase may hold it; its transaction holds the row lock, and this one finds the purchase refunded.
  const ownClaim = claim && claim.purchaseId === paid?.id ? claim : null;
  // A dispute lost while the purchase is pending: the payment bought nothing and went back. Claimed as given back
  // before the transaction, as an orphan payment's refund is (the rest of it, if any, is refunded through the claim).
  const unconfirmed = options.kind === 'dispute' && seen?.status === 'pending' ? seen : undefined;
  const closeClaim = unconfirmed
    ? await claimRefund(ctx, {
        paymentId: options.paymentId,
        purchaseId: unconfirmed.id,
        payload: {
          amount_paise: options.paymentPaise,
          reason: ORPHAN_REASONS['dispute-lost'],
          dispute_id: options.providerId,
          ...(options.capturedAt ? { captured_at: options.capturedAt.toISOString() } : {}),
        },
      })
    : null;
  const ownCloseClaim = closeClaim && closeClaim.purchaseId === unconfirmed?.id ? closeClaim : null;

  const [outcome, purchaseId] = await ctx.db.transaction(
    async (tx): Promise<[ProviderRefundOutcome | 'stale', number?]> => {
      const locked = await lockOrderPurchase(tx, ctx, options.orderId);
      if (!locked) return ['unchanged'];
      // Confirmed (or refunded) since the claims were decided: decided again, on what the lock reads (a purchase paid
      // now has the rest of a payment a dispute took a part of to give back, which a pending one's claim did not say).
      if (!isLastAttempt && locked.status !== seen?.status) return ['stale'];
      // The claim this event counts on, dropped since by the attempt that made it (the console's refund, refused while
      // a dispute was open, after this event took the claim over): claimed again.
      const counted = ownClaim ?? ownCloseClaim;
      if (!isLastAttempt && counted && !(await isClaimHeld(tx, ctx, counted.paymentId))) return ['stale'];
      const order = locked;
      if (options.kind === 'dispute' && order.status === 'pending' && ownCloseClaim) {
        await closeUnconfirmed(tx, ctx, { ...reported, purchase: order, claim: ownCloseClaim, isDeductionKnown, log });
        return ['closed unconfirmed', order.id];
      }
      const current = order.paymentId === options.paymentId ? order : undefined;
      // Never paid with this payment (an orphan), or refunded already (by the console, or an earlier event).
      if (current?.status !== 'paid') {
        if (options.kind !== 'dispute') return ['unchanged'];
        const isRecorded = await recordDisputeAfterRefund(tx, ctx, {
          purchase: order,
          disputeId: options.providerId,
          paymentId: options.paymentId,
          orderId: options.orderId,
          deductedPaise: options.deductedPaise,
        });
        return [isRecorded ? 'dispute after refund' : 'unchanged', order.id];
      }
      const before = { status: current.status, amount: paiseToRupees(current.amountPaise) };
      if (options.returnedPaise < current.amountPaise && options.kind === 'refund') {
        await recordAudit(tx, ctx, {
          actorId: null,
          action: 'purchase.provider_partial_refund',
          entity: 'purchases',
          entityId: current.id,
          before,
          after: { status: 'paid', source, ...reference, returned: paiseToRupees(options.returnedPaise) },
        });
        return ['partial', current.id];
      }
      const restRefund = ownClaim
        ? await refundTheRest(tx, ctx, ownClaim, {
            restPaise: current.amountPaise - options.returnedPaise,
            totalPaise: current.amountPaise - options.deductedPaise,
            log,
          })
        : {};
      // More went back than was paid (a refund before the dispute, its own webhook come or not): the excess left twice,
      // recorded as such before this dispute's refund row (which would otherwise stand for it).
      if (options.kind === 'dispute' && options.returnedPaise > current.amountPaise)
        await recordDisputeAfterRefund(tx, ctx, {
          purchase: order,
          disputeId: options.providerId,
          paymentId: options.paymentId,
          orderId: options.orderId,
          deductedPaise: options.returnedPaise - current.amountPaise,
        });
      const effects = await markPurchaseRefunded(tx, ctx, { purchaseId: current.id });
      if (!effects) return ['unchanged'];
      await recordAudit(tx, ctx, {
        actorId: null,
        action: 'purchase.refund',
        entity: 'purchases',
        entityId: current.id,
        before,
        after: {
          status: 'refunded',
          source,
          ...reference,
          ...(options.returnedPaise < current.amountPaise ? { returned: paiseToRupees(options.returnedPaise) } : {}),
          ...(options.kind === 'dispute' && !isDeductionKnown ? { deduction_unknown: true } : {}),
          ...restRefund,
          ...refundEffectsForAudit(effects),
        },
      });
      return ['refunded', current.id];
    },
  );
  // A claim this event made and did not use (the purchase was refunded meanwhile) goes, as a refused one does.
  if (ownClaim && (outcome === 'unchanged' || outcome === 'dispute after refund' || outcome === 'stale'))
    await dropFreshClaim(ctx, ownClaim);
  // Confirmed meanwhile (the purchase no longer pending under the lock): not a payment that bought nothing.
  if (ownCloseClaim && outcome !== 'closed unconfirmed') await dropFreshClaim(ctx, ownCloseClaim);
  if (outcome === 'stale') return outcome;
  if (outcome === 'dispute after refund') {
    log?.warn({ purchaseId, ...reported, outcome }, 'dispute lost on a payment already refunded: the money left twice');
  } else if (outcome === 'closed unconfirmed') {
    log?.warn(
      { purchaseId, ...reported, outcome },
      'dispute lost on a payment not yet confirmed: the purchase is closed and will never be confirmed',
    );
  } else if (outcome !== 'unchanged') {
    log?.warn({ purchaseId, ...reported, outcome }, 'money given back at the provider');
  }
  if ((outcome === 'refunded' || outcome === 'closed unconfirmed') && options.kind === 'dispute' && !isDeductionKnown)
    log?.error(
      { purchaseId, ...reported },
      'dispute lost without the amount it took: the purchase is refunded, nothing refunded at the provider; check it there',
    );
  // The refund notice (written with the refund by markPurchaseRefunded) onto the mail queue now, not at the
  // reconciler's next run.
  if (outcome === 'refunded') await flushMailOutbox(ctx);
  return outcome;
}

/**
 * A dispute lost on a payment of the order of a purchase still pending, under the purchase's lock: the purchase is
 * settled as refunded with that payment (never paid: no invoice, no earnings, no credit note; paid_at stays empty), as
 * a payment that bought nothing is (confirm-payment.ts), so that no later confirmation of the payment makes it paid
 * (confirmPayment answers 'refunded': this very payment was given back) and the reconciler, which asks only about
 * pending purchases, leaves it. The payment's claim records what gave it back: the rest of it refunded at the
 * provider when the dispute took a part (decision 072: the payer gets all of it back), else the dispute itself; the
 * provider register lists the payment that bought nothing and its return. The audit row
 * `purchase.dispute_lost_unconfirmed` says what the dispute took, the payment, the rest's refund.
 */
async function closeUnconfirmed(
  tx: Tx,
  ctx: AppContext,
  options: RefundAtProvider & {
    purchase: { id: number; amountPaise: number };
    claim: RefundClaim;
    isDeductionKnown: boolean;
    log: PaymentLog | undefined;
  },
): Promise<void> {
  const { purchase, claim } = options;
  const rest = options.isDeductionKnown ? options.paymentPaise - options.returnedPaise : 0;
  const restRefund =
    rest > 0
      ? await refundTheRest(tx, ctx, claim, {
          restPaise: rest,
          totalPaise: options.paymentPaise - options.deductedPaise,
          log: options.log,
        })
      : {};
  if (rest <= 0) await recordClaimedRefund(tx, ctx, claim.paymentId, options.providerId);
  await tx
    .update(purchases)
    .set({ status: 'refunded', refundedAt: ctx.now(), providerPaymentId: options.paymentId })
    .where(and(eq(purchases.id, purchase.id), eq(purchases.status, 'pending')));
  await recordAudit(tx, ctx, {
    actorId: null,
    action: DISPUTE_LOST_UNCONFIRMED,
    entity: 'purchases',
    entityId: purchase.id,
    before: { status: 'pending', amount: paiseToRupees(purchase.amountPaise) },
    after: {
      status: 'refunded',
      source: 'dispute lost',
      deducted: paiseToRupees(options.deductedPaise),
      dispute_id: options.providerId,
      payment_id: options.paymentId,
      payment_amount: paiseToRupees(options.paymentPaise),
      order_id: options.orderId,
      ...(options.isDeductionKnown ? {} : { deduction_unknown: true }),
      ...restRefund,
    },
  });
}

/**
 * Gives back at the provider what a dispute lost for a part left with the business (decision 072). What it answers
 * goes into the refund's audit row: the refund's id, or why it could not be made; the purchase is refunded either
 * way (the payer has won the dispute), and a refund the provider refused or did not answer is left to the operator,
 * logged as an error.
 */
async function refundTheRest(
  tx: Tx,
  ctx: AppContext,
  claim: RefundClaim,
  options: { restPaise: number; totalPaise: number; log: PaymentLog | undefined },
): Promise<{ rest_refund_id?: string; rest_not_refunded?: number; rest_refund_error?: string }> {
  try {
    return { rest_refund_id: await refundClaimed(tx, ctx, claim, options.restPaise, options.totalPaise) };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    options.log?.error(
      { err: error, paymentId: claim.paymentId, restPaise: options.restPaise },
      'the rest of a payment after a dispute lost could not be refunded at the provider: the operator must',
    );
    return { rest_not_refunded: paiseToRupees(options.restPaise), rest_refund_error: error.message };
  }
}
