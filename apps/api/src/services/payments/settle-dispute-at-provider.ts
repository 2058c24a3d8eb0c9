import { eq } from 'drizzle-orm';
import { purchases } from '@app/db';
import type { AppContext } from '../../context.ts';
import { recordDisputeEnded, type DisputeEnded } from './disputes.ts';
import { PaymentProviderError } from './payment-provider.ts';
import { recordProviderRefund } from './record-provider-refund.ts';
import type { PaymentLog } from './refund-orphan-payment.ts';

/** The provider's statuses of a dispute that ended with no money taken, and how each is recorded. */
const ENDED_AT_PROVIDER = new Map<string, DisputeEnded['outcome']>([
  ['won', 'won'],
  ['closed', 'closed'],
]);

/** How a dispute open here stands at the provider, once asked and recorded: 'open' when still open or not known. */
export type DisputeAtProvider = 'ended' | 'lost' | 'open';

/**
 * Asks the provider how a dispute recorded open on the purchase's payment stands now, for one whose ending was never
 * heard of (its event lost: Razorpay stops retrying a webhook after a day; or the webhook not subscribed to it), and
 * records what it says exactly as the event would have: won or closed (recordDisputeEnded), 'ended'; lost
 * (recordProviderRefund, as payment.dispute.lost: the purchase refunded, its earnings taken back, the rest of the
 * payment given back), 'lost'. 'open' when it is still open, not the purchase's payment's, or the provider cannot say
 * (the sandbox; no answer or a refusal, logged): nothing changes. The console's Refund asks on a dispute that stops it;
 * the daily dispute check asks on every dispute open here.
 */
export async function settleDisputeAtProvider(
  ctx: AppContext,
  options: { purchaseId: number; disputeId: string; log?: PaymentLog | undefined },
): Promise<DisputeAtProvider> {
  const [purchase] = await ctx.db
    .select({
      orderId: purchases.providerOrderId,
      paymentId: purchases.providerPaymentId,
      provider: purchases.provider,
      amountPaise: purchases.amountPaise,
    })
    .from(purchases)
    .where(eq(purchases.id, options.purchaseId));
  if (!purchase?.orderId || !purchase.paymentId || purchase.provider !== ctx.payments.name) return 'open';
  const { orderId, paymentId } = purchase;
  try {
    const dispute = await ctx.payments.fetchDispute(options.disputeId);
    if (!dispute || dispute.id !== options.disputeId || dispute.paymentId !== paymentId) return 'open';
    const outcome = ENDED_AT_PROVIDER.get(dispute.status);
    if (outcome) {
      await recordDisputeEnded(ctx, {
        outcome,
        disputeId: dispute.id,
        paymentId,
        orderId,
        amountPaise: dispute.amountPaise,
        reasonCode: dispute.reasonCode,
        phase: dispute.phase,
      });
      return 'ended';
    }
    if (dispute.status !== 'lost') return 'open';
    // What the payment.dispute.lost event carries: the payment's refunds so far beside the dispute's deduction.
    const refunds = await ctx.payments.findRefund(paymentId, ctx.db);
    await recordProviderRefund(ctx, {
      kind: 'dispute',
      providerId: dispute.id,
      paymentId,
      orderId,
      returnedPaise: (refunds?.refundedPaise ?? 0) + dispute.amountDeductedPaise,
      deductedPaise: dispute.amountDeductedPaise,
      paymentPaise: purchase.amountPaise,
      log: options.log,
    });
    options.log?.warn(
      { purchaseId: options.purchaseId, disputeId: dispute.id, deductedPaise: dispute.amountDeductedPaise },
      'a dispute lost at the provider, its event never received, is recorded now',
    );
    return 'lost';
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    options.log?.error(
      { err: error, purchaseId: options.purchaseId, disputeId: options.disputeId },
      'the provider did not say how an open dispute stands: it stays open',
    );
    return 'open';
  }
}
