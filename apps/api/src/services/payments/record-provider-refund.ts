import type { Tx } from '@app/db';
import { paiseToRupees } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import { flushMailOutbox } from '../mail/index.ts';
import { markPurchaseRefunded, refundEffectsForAudit } from '../purchases/index.ts';
import { PaymentProviderError } from './payment-provider.ts';
import {
  PURCHASE_REFUND_REASONS,
  claimRefund,
  dropFreshClaim,
  refundClaimed,
  type RefundClaim,
} from './refund-claim.ts';
import { lockOrderPurchase, orderPurchase, recordDisputeAfterRefund } from './disputes.ts';
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
}

export type ProviderRefundOutcome = 'refunded' | 'partial' | 'dispute after refund' | 'unchanged';

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
 * Under the purchase's row lock (FOR NO KEY UPDATE, then the wallets, the order of the console's refund, decision
 * 046), waiting for it rather than failing: the operator's refund holds it while Razorpay answers and sends this
 * event, and the status read after the wait is the latest, so the two record a refund once.
 */
export async function recordProviderRefund(
  ctx: AppContext,
  options: RefundAtProvider & { log?: PaymentLog | undefined },
): Promise<ProviderRefundOutcome> {
  const { log, ...reported } = options;
  const source = options.kind === 'refund' ? 'refund at the provider' : 'dispute lost';
  const reference = options.kind === 'refund' ? { refund_id: options.providerId } : { dispute_id: options.providerId };

  // A part lost in a dispute: the rest is claimed before the transaction (refund-claim.ts), as the console's refund
  // claims it, so that a crash after Razorpay refunded finds that refund again instead of making a second.
  // Only when the dispute says what it took: without it (a missing or zero amount_deducted) the rest is unknown, and
  // refunding "all but nothing" would give the payment back a second time.
  const order = await orderPurchase(ctx.db, ctx, options.orderId);
  const paid = order?.paymentId === options.paymentId ? order : undefined;
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

  const [outcome, purchaseId] = await ctx.db.transaction(async (tx): Promise<[ProviderRefundOutcome, number?]> => {
    const order = await lockOrderPurchase(tx, ctx, options.orderId);
    if (!order) return ['unchanged'];
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
  });
  // A claim this event made and did not use (the purchase was refunded meanwhile) goes, as a refused one does.
  if (ownClaim && (outcome === 'unchanged' || outcome === 'dispute after refund')) await dropFreshClaim(ctx, ownClaim);
  if (outcome === 'dispute after refund') {
    log?.warn({ purchaseId, ...reported, outcome }, 'dispute lost on a payment already refunded: the money left twice');
  } else if (outcome !== 'unchanged') {
    log?.warn({ purchaseId, ...reported, outcome }, 'money given back at the provider');
  }
  if (outcome === 'refunded' && options.kind === 'dispute' && !isDeductionKnown)
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
