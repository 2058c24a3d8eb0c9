import { createHmac } from 'node:crypto';
import { signaturesMatch } from '../../lib/crypto.ts';

/** Razorpay's payment signature: HMAC-SHA256(order_id + "|" + payment_id, key_secret), hex. */
export function paymentSignature(secret: string, orderId: string, paymentId: string): string {
  return createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');
}

/** Razorpay's webhook signature: HMAC-SHA256(raw body, webhook_secret), hex. */
export function webhookSignature(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Both adapters verify with this: the sandbox only differs by its secrets. */
export function signatureVerifier(secrets: { keySecret: string; webhookSecret: string }) {
  return {
    verifyPaymentSignature(options: { orderId: string; paymentId: string; signature: string }): boolean {
      if (!secrets.keySecret) return false;
      return signaturesMatch(
        paymentSignature(secrets.keySecret, options.orderId, options.paymentId),
        options.signature,
      );
    },
    verifyWebhook(rawBody: Buffer | string, signature: string | undefined): boolean {
      if (!secrets.webhookSecret) return false;
      return signaturesMatch(webhookSignature(secrets.webhookSecret, rawBody), signature);
    },
  };
}
