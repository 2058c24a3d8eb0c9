import { and, eq } from 'drizzle-orm';
import { purchases } from '@app/db';
import { paiseToRupees } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import { flushMailOutbox } from '../mail/index.ts';
import { markPurchaseRefunded, refundEffectsForAudit } from '../purchases/index.ts';
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
}

export type ProviderRefundOutcome = 'refunded' | 'partial' | 'unchanged';

/**
 * Records money given back at the provider outside the console (decision 051): a refund made in Razorpay's dashboard
 * or a dispute the merchant lost. The purchase it paid for is refunded as the operator's Refund does it
 * (markPurchaseRefunded: the course closes, the commission, level reward and Quiz Points are taken back, a credit
 * note is issued), when all of what was paid has gone back; a part given back is written to the audit log for the
 * operator, and the purchase stays paid. Only the purchase paid with that very payment: a refund of an orphan
 * payment (a second payment on the order, decision 010) leaves the order's purchase alone.
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
    const [current] = await tx
      .select({ id: purchases.id, status: purchases.status, amountPaise: purchases.amountPaise })
      .from(purchases)
      .where(
        and(
          eq(purchases.provider, ctx.payments.name),
          eq(purchases.providerOrderId, options.orderId),
          eq(purchases.providerPaymentId, options.paymentId),
        ),
      )
      .for('no key update');
    // Never paid with this payment (an orphan's refund), or refunded already (by the console, or an earlier event).
    if (current?.status !== 'paid') return ['unchanged'];
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
  if (outcome !== 'unchanged') {
    log?.warn({ purchaseId, ...reported, outcome }, 'money given back at the provider');
  }
  // The refund notice (written with the refund by markPurchaseRefunded) onto the mail queue now, not at the
  // reconciler's next run.
  if (outcome === 'refunded') await flushMailOutbox(ctx);
  return outcome;
}
