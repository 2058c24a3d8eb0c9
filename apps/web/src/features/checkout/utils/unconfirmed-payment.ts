import type { CheckoutData, ProviderPaymentResponse } from '@app/contracts';

/**
 * A payment the provider has taken (its form handed back the signed answer) that POST /pay-now has not confirmed yet:
 * what is needed to send it again and then to show Success (docs/product/catalogue-and-checkout.md#a-dropped-confirmation,
 * decision 052).
 */
export interface UnconfirmedPayment {
  order: Pick<CheckoutData, 'purchase_id' | 'item'>;
  response: ProviderPaymentResponse;
}

/** What was stored is read back only when it has this shape (storage is the device's, not ours). */
function isUnconfirmedPayment(value: unknown): value is UnconfirmedPayment {
  const { order, response } = (value ?? {}) as Partial<Record<keyof UnconfirmedPayment, Record<string, unknown>>>;
  return (
    Number.isInteger(order?.purchase_id) &&
    (order?.item === 'course' || order?.item === 'batch') &&
    typeof response?.razorpay_payment_id === 'string' &&
    typeof response.razorpay_order_id === 'string' &&
    typeof response.razorpay_signature === 'string'
  );
}

/**
 * In sessionStorage, by what is bought (`course:7`, `batch`): a reload of the checkout page, which knows the item but
 * not yet its order, confirms it again instead of offering Pay Now. The tab's session only: the signed answer is
 * worth nothing without the learner's sign-in (/pay-now looks the order up among their own purchases), and a tab
 * closed and opened again finds the payment settled by the provider's webhook or the reconciler.
 */
const keyOf = (itemKey: string) => `unconfirmed-payment:${itemKey}`;

export function readUnconfirmedPayment(itemKey: string): UnconfirmedPayment | null {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(keyOf(itemKey)) ?? 'null');
    return isUnconfirmedPayment(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function keepUnconfirmedPayment(itemKey: string, payment: UnconfirmedPayment): void {
  try {
    sessionStorage.setItem(keyOf(itemKey), JSON.stringify(payment));
  } catch {
    // Storage full or blocked: the page still confirms it again while it stays open.
  }
}

export function forgetUnconfirmedPayment(itemKey: string): void {
  try {
    sessionStorage.removeItem(keyOf(itemKey));
  } catch {
    // Storage blocked: nothing was kept.
  }
}
