import type { DbOrTx } from '@app/db';

export type ProviderName = 'sandbox' | 'razorpay';

/** Where an order stands with the provider. amountPaise/currency are the captured payment's when paid. */
export interface OrderPayment {
  status: 'paid' | 'pending' | 'failed';
  paymentId?: string | undefined;
  amountPaise: number;
  currency: string;
  /**
   * When paid: when the provider took the payment (Razorpay's payment `created_at`, the time its reports show),
   * undefined when it did not say. The invoice is dated by it, not by when this server heard (decision 063, later).
   */
  capturedAt?: Date | undefined;
}

/**
 * A provider's Unix time in seconds (Razorpay's `created_at`) as a Date; undefined when it is not a whole, positive
 * number of seconds that makes a valid date.
 */
export function dateOfUnixSeconds(seconds: unknown): Date | undefined {
  if (typeof seconds !== 'number' || !Number.isSafeInteger(seconds) || seconds <= 0) return undefined;
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** What a payment's refunds at the provider add up to. */
export interface ProviderRefunds {
  /** The latest refund's id. */
  refundId: string;
  /** All its refunds not failed, in paise. */
  refundedPaise: number;
}

/** A dispute as the provider has it now (Razorpay's dispute entity). */
export interface ProviderDispute {
  id: string;
  paymentId: string;
  /** Razorpay's: open, under_review, won, lost, closed. */
  status: string;
  phase: string | null;
  /** What the payer's bank disputes, in paise. */
  amountPaise: number;
  /** What a lost dispute took from the merchant, in paise; 0 while open, or when not given. */
  amountDeductedPaise: number;
  reasonCode: string | null;
}

/**
 * The one interface checkout, /pay-now, the webhook and the reconciler talk to. Both adapters
 * speak Razorpay's model: orders, payments, HMAC-SHA256 signatures of `order_id|payment_id` and
 * of the raw webhook body.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** The public key the browser's checkout form needs. */
  readonly keyId: string;
  createOrder(options: { amountPaise: number; receipt: string; currency?: string }): Promise<{ orderId: string }>;
  /** True when `signature` is the provider's signature of `orderId|paymentId`. */
  verifyPaymentSignature(options: { orderId: string; paymentId: string; signature: string }): boolean;
  fetchOrderPayment(orderId: string): Promise<OrderPayment>;
  /** True when `signature` is the provider's signature of the raw webhook body. */
  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): boolean;
  /**
   * Refunds are asked for inside the caller's transaction, which holds the purchase's row lock so
   * attempts take turns. `tx` is that transaction: a provider that keeps its books in this database
   * (the sandbox) must act through it, since on PGlite, one connection, a query outside the open
   * transaction would wait for it forever. A provider reached over the network ignores it.
   */
  refund(paymentId: string, amountPaise: number, tx: DbOrTx): Promise<{ refundId: string }>;
  /**
   * The refunds already made of this payment (the latest one's id, and how much they gave back in all), or null
   * when none: a refund whose answer was lost (the server died after asking) is found again instead of being asked
   * for a second time, and so is one made outside this API (in Razorpay's dashboard, decision 051).
   */
  findRefund(paymentId: string, tx: DbOrTx): Promise<ProviderRefunds | null>;
  /**
   * Stops an unpaid order from being paid later, when the provider can; false when it was paid
   * meanwhile. Providers without such a call answer true (a late payment is then refunded).
   */
  closeOrder(orderId: string): Promise<boolean>;
  /**
   * The dispute as the provider has it now (its status, phase, payment, what it took), for a dispute whose ending this
   * server never heard of (its event lost, or not subscribed to); null when the provider has no disputes to ask about
   * (the sandbox). Throws PaymentProviderError when it does not answer or refuses.
   */
  fetchDispute(disputeId: string): Promise<ProviderDispute | null>;
}

/** The provider failed or refused; `message` is safe to log, not to show. */
export class PaymentProviderError extends Error {
  readonly statusCode: number | undefined;

  constructor(message: string, statusCode?: number) {
    super(message);
    this.statusCode = statusCode;
    this.name = 'PaymentProviderError';
  }

  /**
   * The provider answered and said no (a 4xx): nothing was done there. Otherwise (no answer in time, a dropped
   * connection, a 5xx, an answer that could not be read) what it did is unknown: it may have done it.
   */
  get isRefusal(): boolean {
    return this.statusCode !== undefined && this.statusCode >= 400 && this.statusCode < 500;
  }
}
