import { createHmac, timingSafeEqual } from 'node:crypto';

/** Razorpay's payment signature: HMAC-SHA256(order_id + "|" + payment_id, key_secret), hex. */
export function paymentSignature(secret: string, orderId: string, paymentId: string): string {
  return createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');
}

/** Razorpay's webhook signature: HMAC-SHA256(raw body, webhook_secret), hex. */
export function webhookSignature(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Constant-time comparison of two hex signatures. */
export function signaturesMatch(expected: string, given: string | undefined | null): boolean {
  if (!given) return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.trim().toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Both adapters verify with this: the sandbox only differs by its secrets. */
export function signatureVerifier(secrets: { keySecret: string; webhookSecret: string }) {
  return {
    verifyPaymentSignature(options: { orderId: string; paymentId: string; signature: string }): boolean {
      if (!secrets.keySecret) return false;
      return signaturesMatch(paymentSignature(secrets.keySecret, options.orderId, options.paymentId), options.signature);
    },
    verifyWebhook(rawBody: Buffer | string, signature: string | undefined): boolean {
      if (!secrets.webhookSecret) return false;
      return signaturesMatch(webhookSignature(secrets.webhookSecret, rawBody), signature);
    },
  };
}
