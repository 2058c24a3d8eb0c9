import type { AppContext } from '../../context.ts';
import { confirmOrderPayment, type ConfirmOutcome } from './confirm-payment.ts';
import type { PaymentLog } from './refund-orphan-payment.ts';

/**
 * For a purchase failed without asking the provider (an erasure closing the learner's open checkouts): asks whether
 * its order was paid meanwhile and, if so, confirms that payment (confirmOrderPayment), which gives it back. The
 * reconciler asks the same before failing an order; here the purchase is failed first, so a payment taken just before
 * is refunded now rather than by its webhook alone. Answers the outcome, or null when the order was not paid. Throws
 * when the provider cannot be asked: the webhook is then the way back.
 */
export async function settleClosedOrder(
  ctx: AppContext,
  options: { purchaseId: number; orderId: string; log?: PaymentLog | undefined },
): Promise<ConfirmOutcome | null> {
  const state = await ctx.payments.fetchOrderPayment(options.orderId);
  if (state.status !== 'paid' || !state.paymentId) return null;
  return confirmOrderPayment(ctx, {
    purchaseId: options.purchaseId,
    paymentId: state.paymentId,
    state,
    log: options.log,
  });
}
