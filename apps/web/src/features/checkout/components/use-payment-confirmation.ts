import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { CheckoutData, ProviderPaymentResponse } from '@app/contracts';
import { ApiError } from '@/lib/api-client';
import { isServerMessage } from '@/lib/server-message';
import { payNowBodyOf, usePayNow } from '../api/pay-now';
import {
  forgetUnconfirmedPayment,
  keepUnconfirmedPayment,
  readUnconfirmedPayment,
  type UnconfirmedPayment,
} from '../utils/unconfirmed-payment';

/** Waits between automatic tries; the last one repeats. A tap on 'Try again' or the connection coming back sends at once. */
const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000];

/**
 * Whether /pay-now's failure leaves the payment to be confirmed again: no answer (status 0), the server's or a proxy's
 * trouble (5xx, 429), a sign-in to renew (401: the same tab confirms it after signing in), or the server's own "not
 * yet": it could not reach the provider, or the provider has not settled the payment. Any other answer settles it:
 * /pay-now answers 200 for an order already paid (by the webhook, the reconciler or an earlier try), so a second try
 * is safe (apps/api/src/services/payments/pay-now.ts).
 */
export function isConfirmationPending(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const { status } = error;
  return (
    status === 0 ||
    status >= 500 ||
    status === 429 ||
    status === 401 ||
    isServerMessage(error, 'checkout.providerUnavailable', 400) ||
    isServerMessage(error, 'checkout.paymentNotCompleted', 400)
  );
}

interface PaymentConfirmationOptions {
  /** What is bought (`course:7`, `batch`): names its unconfirmed payment across a reload. */
  itemKey: string;
  /** /pay-now answered 200: the purchase is paid. */
  onPaid: (order: UnconfirmedPayment['order']) => Promise<void> | void;
  /** /pay-now refused the payment for good (closed order, bad signature…): the form is offered again. */
  onRefused: (error: unknown) => void;
}

/**
 * POST /pay-now with the provider's signed answer, kept until the server has answered it
 * (docs/product/catalogue-and-checkout.md#a-dropped-confirmation, decision 052): the provider has taken the money, so
 * while that answer is unconfirmed the page must not offer Pay Now again (the same order is paid already; a new one
 * would be paid twice). Sent again after a short wait, when the connection comes back, from 'Try again', and when the
 * page is opened again in the same tab.
 */
export function usePaymentConfirmation({ itemKey, onPaid, onRefused }: PaymentConfirmationOptions) {
  const payNow = usePayNow();
  const [unconfirmed, setUnconfirmed] = useState(() => readUnconfirmedPayment(itemKey));
  /** Each change asks for a try: a new payment, a tap on 'Try again', the connection back, the wait over. */
  const [wake, setWake] = useState(0);
  const [hasFailed, setHasFailed] = useState(false);
  const isInFlight = useRef(false);
  const tries = useRef(0);
  const retryTimer = useRef<number | undefined>(undefined);
  const tryAgain = useCallback(() => setWake((count) => count + 1), []);

  /** What /pay-now answered: Success, another try later, or the form offered again. */
  const settle = async (payment: UnconfirmedPayment, error: unknown) => {
    isInFlight.current = false;
    if (error === null) {
      forgetUnconfirmedPayment(itemKey);
      await onPaid(payment.order);
    } else if (isConfirmationPending(error)) {
      setHasFailed(true);
      const delay = RETRY_DELAYS_MS[Math.min(tries.current, RETRY_DELAYS_MS.length - 1)];
      tries.current += 1;
      retryTimer.current = window.setTimeout(tryAgain, delay);
    } else {
      forgetUnconfirmedPayment(itemKey);
      setUnconfirmed(null);
      setHasFailed(false);
      onRefused(error);
    }
  };
  const send = useEffectEvent((payment: UnconfirmedPayment) => {
    if (isInFlight.current) return;
    isInFlight.current = true;
    window.clearTimeout(retryTimer.current);
    void payNow.mutateAsync(payNowBodyOf(payment.response)).then(
      () => settle(payment, null),
      (error: unknown) => settle(payment, error ?? new Error('pay-now failed')),
    );
  });

  // Also on opening the page with a payment a reload interrupted: it is confirmed first.
  useEffect(() => {
    if (unconfirmed) send(unconfirmed);
  }, [unconfirmed, wake]);
  useEffect(() => {
    if (!unconfirmed) return undefined;
    window.addEventListener('online', tryAgain);
    return () => window.removeEventListener('online', tryAgain);
  }, [unconfirmed, tryAgain]);
  useEffect(() => () => window.clearTimeout(retryTimer.current), []);

  return {
    /** A payment the provider took and the server has not confirmed yet. */
    unconfirmed,
    isSending: payNow.isPending,
    /** At least one try got no answer: the page says why it is waiting. */
    hasFailed,
    /** The provider's form handed back its signed answer. */
    confirm: (order: CheckoutData, response: ProviderPaymentResponse) => {
      const payment: UnconfirmedPayment = {
        order: { purchase_id: order.purchase_id, item: order.item },
        response: {
          razorpay_payment_id: response.razorpay_payment_id,
          razorpay_order_id: response.razorpay_order_id,
          razorpay_signature: response.razorpay_signature,
        },
      };
      keepUnconfirmedPayment(itemKey, payment);
      tries.current = 0;
      setUnconfirmed(payment);
    },
    /** 'Try again'. */
    retry: tryAgain,
  };
}
