import type { AppContext } from '../../context.ts';
import { confirmOrderPayment, type ConfirmOutcome } from './confirm-payment.ts';
import { claimedRefundId } from './refund-claim.ts';
import type { PaymentLog } from './refund-orphan-payment.ts';

/**
 * For a purchase failed without asking the provider (an erasure closing the learner's open checkouts): asks whether
 * its order was paid meanwhile and, if so, confirms that payment (confirmOrderPayment), which gives it back. The
 * reconciler asks the same before failing an order; here the purchase is failed first, so a payment taken just before
 * is refunded now rather than by its webhook alone. Answers the outcome, or null when the order was not paid. Throws
 * when the provider cannot be asked, or did not make the refund: the caller tries again (and the webhook is another
 * way back).
 */
export async function settleClosedOrder(
  ctx: AppContext,
  options: { purchaseId: number; orderId: string; log?: PaymentLog | undefined },
): Promise<ConfirmOutcome | null> {
  const state = await ctx.payments.fetchOrderPayment(options.orderId);
  if (state.status !== 'paid' || !state.paymentId) return null;
  const outcome = await confirmOrderPayment(ctx, {
    purchaseId: options.purchaseId,
    paymentId: state.paymentId,
    state,
    log: options.log,
  });
  // Given back only once the provider made the refund: a refusal or a lost answer leaves the step to be tried again
  // (the erasure's follow-up, decision 066), which finds a refund made meanwhile through the claim.
  if (outcome === 'closed' && !(await claimedRefundId(ctx, state.paymentId)))
    throw new Error(`the payment ${state.paymentId} of a closed order is not refunded yet`);
  return outcome;
}
