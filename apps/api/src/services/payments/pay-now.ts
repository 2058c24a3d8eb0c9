import { and, eq } from 'drizzle-orm';
import { purchases } from '@app/db';
import { checkoutMessages, type PayNowBody, type PayNowData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { confirmOrderPayment } from './confirm-payment.ts';
import type { OrderPayment } from './payment-provider.ts';
import type { PaymentLog } from './refund-orphan-payment.ts';

/**
 * POST /pay-now: the browser hands back what the provider's form gave it. The signature is checked
 * against the order id stored on the learner's own purchase, then the provider is asked whether
 * that order is really paid, for the purchase's amount and currency, before confirming.
 */
export async function payNow(
  ctx: AppContext,
  options: { userId: number; input: { payment_id: string; order_id: string; signature: string }; log?: PaymentLog },
): Promise<PayNowData> {
  const { input } = options;
  const [purchase] = await ctx.db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.provider, ctx.payments.name),
        eq(purchases.providerOrderId, input.order_id),
        eq(purchases.userId, options.userId),
      ),
    )
    .limit(1);
  if (!purchase?.providerOrderId) throw AppError.notFound(checkoutMessages.orderNotFound);

  const isGenuine = ctx.payments.verifyPaymentSignature({
    orderId: purchase.providerOrderId,
    paymentId: input.payment_id,
    signature: input.signature,
  });
  if (!isGenuine) throw AppError.badRequest(checkoutMessages.signatureInvalid);

  const done: PayNowData = {
    purchase_id: purchase.id,
    status: 'paid',
    course_id: purchase.courseId,
    batch_id: purchase.batchId,
  };
  if (purchase.status === 'paid') return done;
  if (purchase.status !== 'pending') throw AppError.badRequest(checkoutMessages.orderClosed);

  let state: OrderPayment;
  try {
    state = await ctx.payments.fetchOrderPayment(purchase.providerOrderId);
  } catch (error) {
    options.log?.error({ err: error, purchaseId: purchase.id }, 'provider order lookup failed');
    throw AppError.badRequest(checkoutMessages.providerUnavailable);
  }
  // Failed or given back: not "not complete yet" (which invites waiting), but closed, money back if it was taken.
  if (state.status === 'failed') throw AppError.badRequest(checkoutMessages.orderClosed);
  if (state.status !== 'paid' || !state.paymentId) throw AppError.badRequest(checkoutMessages.paymentNotCompleted);
  if (state.amountPaise !== purchase.amountPaise || state.currency !== purchase.currency) {
    options.log?.error({ purchaseId: purchase.id, state }, 'paid amount differs from the purchase');
    throw AppError.badRequest(checkoutMessages.paymentMismatch);
  }

  const outcome = await confirmOrderPayment(ctx, {
    purchaseId: purchase.id,
    paymentId: state.paymentId,
    state,
    log: options.log,
  });
  switch (outcome) {
    case 'confirmed':
    case 'already-paid':
    case 'second-payment': // paid meanwhile with the order's other payment; this one goes back
      return done;
    case 'duplicate':
      throw AppError.badRequest(
        purchase.batchId ? checkoutMessages.batchAlreadyPaid : checkoutMessages.courseAlreadyBought,
      );
    case 'mismatch':
      throw AppError.badRequest(checkoutMessages.paymentMismatch);
    case 'code-used-up':
      throw AppError.badRequest(checkoutMessages.offerCodeGoneRefunded);
    default:
      throw AppError.badRequest(checkoutMessages.orderClosed);
  }
}

export type { PayNowBody };
