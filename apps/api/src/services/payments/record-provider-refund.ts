import { paiseToRupees } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import { flushMailOutbox } from '../mail/index.ts';
import { markPurchaseRefunded, refundEffectsForAudit } from '../purchases/index.ts';
import { lockOrderPurchase, recordDisputeAfterRefund } from './disputes.ts';
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
 * note is issued), when all of what was paid has gone back; a part given back is written to the audit log for the
 * operator, and the purchase stays paid. Only the purchase paid with that very payment: a refund of an orphan
 * payment (a second payment on the order, decision 010) leaves the order's purchase alone.
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
    if (options.returnedPaise < current.amountPaise) {
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
    const effects = await markPurchaseRefunded(tx, ctx, { purchaseId: current.id });
    if (!effects) return ['unchanged'];
    await recordAudit(tx, ctx, {
      actorId: null,
      action: 'purchase.refund',
      entity: 'purchases',
      entityId: current.id,
      before,
      after: { status: 'refunded', source, ...reference, ...refundEffectsForAudit(effects) },
    });
    return ['refunded', current.id];
  });
  if (outcome === 'dispute after refund') {
    log?.warn({ purchaseId, ...reported, outcome }, 'dispute lost on a payment already refunded: the money left twice');
  } else if (outcome !== 'unchanged') {
    log?.warn({ purchaseId, ...reported, outcome }, 'money given back at the provider');
  }
  // The refund notice (written with the refund by markPurchaseRefunded) onto the mail queue now, not at the
  // reconciler's next run.
  if (outcome === 'refunded') await flushMailOutbox(ctx);
  return outcome;
}
