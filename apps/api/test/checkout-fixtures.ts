import { expect } from 'vitest';
import type { TestApp } from './helpers.ts';
import type { Learner } from './fixtures.ts';

/**
 * Pays what a checkout call starts (POST /checkout or POST /first-payment) the way the browser does
 * with the sandbox provider: the provider's pay call, then /pay-now (confirmPayment, onPurchasePaid).
 * Checks that the purchase is paid; returns its id and the provider's payment id.
 */
export async function payThroughSandbox(
  t: Pick<TestApp, 'client'>,
  buyer: Learner,
  path: '/checkout' | '/first-payment',
  body: object,
): Promise<{ purchaseId: number; paymentId: string }> {
  const checkout = await t.client.as(buyer.token).post(path, body);
  expect(checkout.statusCode, JSON.stringify(checkout.body)).toBe(200);
  expect(checkout.body.data.payment).toBe(true);
  const paid = await t.client.post('/sandbox/pay', { order_id: checkout.body.data.order_id, outcome: 'success' });
  expect(paid.statusCode).toBe(200);
  const confirm = await t.client.as(buyer.token).post('/pay-now', {
    payment_id: paid.body.razorpay_payment_id,
    order_id: paid.body.razorpay_order_id,
    signature: paid.body.razorpay_signature,
  });
  expect(confirm.statusCode, JSON.stringify(confirm.body)).toBe(200);
  expect(confirm.body).toMatchObject({ status: true, data: { status: 'paid' } });
  return { purchaseId: checkout.body.data.purchase_id, paymentId: paid.body.razorpay_payment_id };
}
