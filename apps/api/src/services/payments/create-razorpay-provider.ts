import { z } from 'zod';
import type { OrderPayment, PaymentProvider } from './payment-provider.ts';
import { dateOfUnixSeconds, PaymentProviderError } from './payment-provider.ts';
import { signatureVerifier } from './signatures.ts';

const REQUEST_TIMEOUT_MS = 10_000;

const orderEntity = z.object({ id: z.string(), amount: z.number(), currency: z.string(), status: z.string() });
const paymentEntity = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  order_id: z.string().nullish(),
  // When the payment was made (Unix seconds): what dates its invoice. One the server cannot read is left out, not
  // a reason to refuse the answer (the payment is then dated when it is confirmed).
  created_at: z.unknown().optional(),
});
const paymentCollection = z.object({ items: z.array(paymentEntity) });
const refundEntity = z.object({ id: z.string(), amount: z.number().optional(), status: z.string().optional() });
const refundCollection = z.object({ items: z.array(refundEntity) });
const disputeEntity = z.object({
  id: z.string(),
  payment_id: z.string(),
  status: z.string(),
  phase: z.string().nullish(),
  amount: z.number().int(),
  amount_deducted: z.number().int().nonnegative().nullish(),
  reason_code: z.string().nullish(),
});
const errorBody = z.object({ error: z.object({ description: z.string().optional(), code: z.string().optional() }) });

/**
 * Razorpay over its REST API (https://razorpay.com/docs/api): basic auth with key_id:key_secret,
 * amounts in paise. No SDK: fetch against RAZORPAY_API_URL, which tests point at a local server.
 */
export function createRazorpayProvider(options: {
  apiUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  fetch?: typeof fetch | undefined;
}): PaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const base = options.apiUrl.replace(/\/+$/, '');
  const auth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  async function call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaymentProviderError(`razorpay ${method} ${path} failed: ${(error as Error).message}`);
    }
    const json: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const parsed = errorBody.safeParse(json);
      const description = parsed.success ? (parsed.data.error.description ?? parsed.data.error.code) : undefined;
      throw new PaymentProviderError(
        `razorpay ${method} ${path}: ${res.status} ${description ?? ''}`.trim(),
        res.status,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new PaymentProviderError(`razorpay ${method} ${path}: unexpected answer`);
    return parsed.data;
  }

  return {
    name: 'razorpay',
    keyId: options.keyId,
    ...signatureVerifier({ keySecret: options.keySecret, webhookSecret: options.webhookSecret }),

    async createOrder({ amountPaise, receipt, currency = 'INR' }) {
      const order = await call('POST', '/v1/orders', orderEntity, { amount: amountPaise, currency, receipt });
      return { orderId: order.id };
    },

    async fetchOrderPayment(orderId): Promise<OrderPayment> {
      const { items } = await call('GET', `/v1/orders/${encodeURIComponent(orderId)}/payments`, paymentCollection);
      const mine = items.filter((p) => !p.order_id || p.order_id === orderId);
      const captured = mine.find((p) => p.status === 'captured');
      if (captured)
        return {
          status: 'paid',
          paymentId: captured.id,
          amountPaise: captured.amount,
          currency: captured.currency,
          capturedAt: dateOfUnixSeconds(captured.created_at),
        };
      const first = mine[0];
      // Authorized (not yet captured) or created payments may still complete; an order whose payments all failed or
      // were given back in full ('refunded': an orphan refunded, a dashboard refund) paid nothing and is failed.
      const isFailed = mine.length > 0 && mine.every((p) => p.status === 'failed' || p.status === 'refunded');
      return {
        status: isFailed ? 'failed' : 'pending',
        amountPaise: first?.amount ?? 0,
        currency: first?.currency ?? 'INR',
      };
    },

    async refund(paymentId, amountPaise) {
      const refund = await call('POST', `/v1/payments/${encodeURIComponent(paymentId)}/refund`, refundEntity, {
        amount: amountPaise,
      });
      return { refundId: refund.id };
    },

    async findRefund(paymentId) {
      const { items } = await call('GET', `/v1/payments/${encodeURIComponent(paymentId)}/refunds`, refundCollection);
      // Newest first, as Razorpay lists them. A failed refund gave nothing back; a pending one will.
      const given = items.filter((r) => r.status !== 'failed');
      const latest = given[0];
      if (!latest) return null;
      return { refundId: latest.id, refundedPaise: given.reduce((sum, r) => sum + (r.amount ?? 0), 0) };
    },

    async closeOrder() {
      // Razorpay has no call to cancel an order; a payment that arrives later is refunded.
      return true;
    },

    async fetchDispute(disputeId) {
      const dispute = await call('GET', `/v1/disputes/${encodeURIComponent(disputeId)}`, disputeEntity);
      return {
        id: dispute.id,
        paymentId: dispute.payment_id,
        status: dispute.status,
        phase: dispute.phase ?? null,
        amountPaise: dispute.amount,
        amountDeductedPaise: dispute.amount_deducted ?? 0,
        reasonCode: dispute.reason_code ?? null,
      };
    },
  };
}
