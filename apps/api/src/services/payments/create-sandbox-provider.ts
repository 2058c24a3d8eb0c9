import { and, eq, inArray, sql } from 'drizzle-orm';
import { sandboxOrders, sandboxPayments, type Db } from '@app/db';
import { checkoutMessages, SANDBOX_VPA_FAILURE, type SandboxPaymentMethod } from '@app/contracts';
import { AppError } from '../../lib/app-error.ts';
import { hmacHex, randomString } from '../../lib/crypto.ts';
import type { OrderPayment, PaymentProvider } from './payment-provider.ts';
import { PaymentProviderError } from './payment-provider.ts';
import { paymentSignature, signatureVerifier } from './signatures.ts';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newId = (prefix: string) => `${prefix}_${randomString(ID_ALPHABET, 14)}`;

export const SANDBOX_KEY_ID = 'rzp_test_sandbox';

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /**
   * What the sandbox checkout page does when a payment is made (card, UPI or netbanking): records a
   * payment attempt with its method and, on success, answers what Razorpay's checkout hands the
   * browser. Failure records a failed attempt and throws 400 (the form stays usable for another
   * try, as Razorpay's does). A UPI payment fails for failure@razorpay (or outcome 'failure').
   */
  pay(options: {
    orderId: string;
    outcome?: 'success' | 'failure' | undefined;
    method?: SandboxPaymentMethod | undefined;
    vpa?: string | undefined;
    bank?: string | undefined;
  }): Promise<{
    razorpay_payment_id: string;
    razorpay_order_id: string;
    razorpay_signature: string;
  }>;
  /** The order for the checkout page, or null. */
  findOrder(orderId: string): Promise<{ id: string; amountPaise: number; currency: string; status: string } | null>;
}

/**
 * A payment provider that lives in this database (sandbox_orders, sandbox_payments) and signs with
 * secrets derived from APP_SECRET through the same verification code as Razorpay's. A payment is
 * timed by the app's clock (`now`, which tests and journeys move), and its time is answered with the
 * order's state, as Razorpay's payment `created_at` is.
 */
export function createSandboxProvider(options: { db: Db; appSecret: string; now?: () => Date }): SandboxProvider {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const keySecret = hmacHex(options.appSecret, 'sandbox-payments:key-secret');
  const webhookSecret = hmacHex(options.appSecret, 'sandbox-payments:webhook-secret');
  // A payment is only ever refunded in full, once, so its refund id can be derived from it:
  // findRefund then answers the same id the refund did, without a table of refunds.
  const refundIdOf = (paymentId: string) => `rfnd_${hmacHex(keySecret, `refund:${paymentId}`).slice(0, 14)}`;

  return {
    name: 'sandbox',
    keyId: SANDBOX_KEY_ID,
    ...signatureVerifier({ keySecret, webhookSecret }),

    async createOrder({ amountPaise, receipt, currency = 'INR' }) {
      // As Razorpay: whole paise, at least INR 1.00.
      if (!Number.isInteger(amountPaise) || amountPaise < 100)
        throw new PaymentProviderError('The amount must be atleast INR 1.00', 400);
      const id = newId('order');
      await db.insert(sandboxOrders).values({ id, amountPaise, currency, receipt });
      return { orderId: id };
    },

    async fetchOrderPayment(orderId): Promise<OrderPayment> {
      const [order] = await db.select().from(sandboxOrders).where(eq(sandboxOrders.id, orderId));
      if (!order) throw new PaymentProviderError('The id provided does not exist', 400);
      const payments = await db.select().from(sandboxPayments).where(eq(sandboxPayments.orderId, orderId));
      const captured = payments.find((p) => p.status === 'captured');
      if (captured)
        return {
          status: 'paid',
          paymentId: captured.id,
          amountPaise: captured.amountPaise,
          currency: captured.currency,
          capturedAt: captured.createdAt,
        };
      const isFailed =
        order.status === 'expired' || (payments.length > 0 && payments.every((p) => p.status === 'failed'));
      return { status: isFailed ? 'failed' : 'pending', amountPaise: order.amountPaise, currency: order.currency };
    },

    async refund(paymentId, amountPaise, tx) {
      const [row] = await tx
        .update(sandboxPayments)
        .set({ amountRefundedPaise: sql`${sandboxPayments.amountRefundedPaise} + ${amountPaise}` })
        .where(
          and(
            eq(sandboxPayments.id, paymentId),
            eq(sandboxPayments.status, 'captured'),
            sql`${sandboxPayments.amountRefundedPaise} + ${amountPaise} <= ${sandboxPayments.amountPaise}`,
          ),
        )
        .returning({ id: sandboxPayments.id });
      if (!row || amountPaise <= 0)
        throw new PaymentProviderError('The refund amount is more than the amount not yet refunded', 400);
      return { refundId: refundIdOf(paymentId) };
    },

    async findRefund(paymentId, tx) {
      const [payment] = await tx
        .select({ refunded: sandboxPayments.amountRefundedPaise })
        .from(sandboxPayments)
        .where(eq(sandboxPayments.id, paymentId));
      return payment && payment.refunded > 0
        ? { refundId: refundIdOf(paymentId), refundedPaise: payment.refunded }
        : null;
    },

    async fetchDispute() {
      // The sandbox has no disputes: every one recorded here came from elsewhere, and is not known to it.
      return null;
    },

    async closeOrder(orderId) {
      const [closed] = await db
        .update(sandboxOrders)
        .set({ status: 'expired' })
        .where(and(eq(sandboxOrders.id, orderId), inArray(sandboxOrders.status, ['created', 'attempted'])))
        .returning({ id: sandboxOrders.id });
      if (closed) return true;
      const [order] = await db
        .select({ status: sandboxOrders.status })
        .from(sandboxOrders)
        .where(eq(sandboxOrders.id, orderId));
      return order?.status !== 'paid';
    },

    async findOrder(orderId) {
      const [order] = await db
        .select({
          id: sandboxOrders.id,
          amountPaise: sandboxOrders.amountPaise,
          currency: sandboxOrders.currency,
          status: sandboxOrders.status,
        })
        .from(sandboxOrders)
        .where(eq(sandboxOrders.id, orderId));
      return order ?? null;
    },

    async pay({ orderId, outcome, method = 'card', vpa, bank }) {
      // A UPI payment's VPA decides (failure@razorpay fails); a card or bank page says its outcome.
      const isDeclined =
        method === 'upi' ? outcome === 'failure' || vpa?.toLowerCase() === SANDBOX_VPA_FAILURE : outcome !== 'success';
      const result = await db.transaction(async (tx) => {
        const [order] = await tx.select().from(sandboxOrders).where(eq(sandboxOrders.id, orderId)).for('update');
        if (!order) throw AppError.notFound(checkoutMessages.orderNotFound);
        if (order.status === 'paid') throw AppError.badRequest(checkoutMessages.sandboxOrderPaid);
        if (order.status === 'expired') throw AppError.badRequest(checkoutMessages.sandboxOrderExpired);
        const paymentId = newId('pay');
        const isSuccess = !isDeclined;
        const at = now();
        await tx.insert(sandboxPayments).values({
          id: paymentId,
          createdAt: at,
          orderId,
          amountPaise: order.amountPaise,
          currency: order.currency,
          status: isSuccess ? 'captured' : 'failed',
          method,
          vpa: method === 'upi' ? (vpa ?? null) : null,
          bank: method === 'netbanking' ? (bank ?? null) : null,
        });
        await tx
          .update(sandboxOrders)
          .set({
            status: isSuccess ? 'paid' : 'attempted',
            attempts: sql`${sandboxOrders.attempts} + 1`,
            ...(isSuccess ? { paidAt: at } : {}),
          })
          .where(eq(sandboxOrders.id, orderId));
        return { isSuccess, paymentId };
      });
      // The failed attempt is kept (committed) before the error goes back, as the provider would.
      if (!result.isSuccess) {
        throw AppError.badRequest(
          method === 'upi'
            ? checkoutMessages.sandboxUpiDeclined
            : method === 'netbanking'
              ? checkoutMessages.sandboxNetbankingFailed
              : checkoutMessages.sandboxCardDeclined,
        );
      }
      return {
        razorpay_payment_id: result.paymentId,
        razorpay_order_id: orderId,
        razorpay_signature: paymentSignature(keySecret, orderId, result.paymentId),
      };
    },
  };
}
