import { eq } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { courses, purchases } from '@app/db';
import type { TestApp } from '../helpers.ts';
import { createLearner, type Learner } from '../fixtures.ts';
import { createCourse, createOfferCode } from '../catalogue-fixtures.ts';
import { setReferenceData } from '../wallet-fixtures.ts';
import {
  buyThroughRazorpay,
  createRazorpayTestApp,
  deliverWebhook,
  type FakeRazorpay,
} from '../payments-fake-razorpay.ts';
import { signatureVerifier } from '../../src/services/payments/signatures.ts';

/**
 * Guards on the payment path that a mutation sweep found no test for: each test here fails when its guard is removed.
 */
describe('abuse: payment guards', () => {
  let t: TestApp;
  let rzp: FakeRazorpay;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, rzp, close } = await createRazorpayTestApp());
    await setReferenceData(t.app, { refund_window_days: 7 });
  });
  afterAll(() => close?.());

  const statusOf = async (purchaseId: number) =>
    (await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, purchaseId)))[0]!.status;
  const owns = async (learner: Learner, courseId: number) =>
    (await t.client.as(learner.token).get('/learn')).body.data.course.some((c: { id: number }) => c.id === courseId);

  /** A learner's checkout of a new course through Razorpay, not paid yet. */
  async function checkout(buyer: Learner, pricePaise = 39_900) {
    const course = await createCourse(t.app, { pricePaise });
    const res = await t.client.as(buyer.token).post('/checkout', { course_id: course.id });
    expect(res.statusCode).toBe(200);
    const order = res.body.data as { purchase_id: number; order_id: string };
    return { purchaseId: order.purchase_id, orderId: order.order_id, courseId: course.id };
  }

  it('ATTACK: a signed paid event whose payment was never captured (only authorized) does not open the course', async () => {
    const buyer = await createLearner(t.app);
    const order = await checkout(buyer);
    const { paymentId } = rzp.capture(order.orderId);
    // The bank authorised the payment, but Razorpay never captured it: an authorisation lapses and the money goes back.
    rzp.payments.get(paymentId)!.status = 'authorized';

    for (const event of ['payment.captured', 'order.paid'] as const) {
      const res = await deliverWebhook(t, rzp.webhook(event, paymentId));
      expect(res.statusCode).toBe(200);
    }
    expect(await statusOf(order.purchaseId)).toBe('pending');
    expect(await owns(buyer, order.courseId)).toBe(false);
  });

  it('ATTACK: an adapter left without its secrets accepts no signature, not even one made with the empty key', () => {
    // env.ts refuses PAYMENT_PROVIDER=razorpay without its secrets; the verifier refuses on its own too, so a forged
    // payment or webhook signed with the empty key can never pass, whatever configuration reaches it.
    const verifier = signatureVerifier({ keySecret: '', webhookSecret: '' });
    const hmacOfEmpty = (value: string) => createHmac('sha256', '').update(value).digest('hex');
    const body = JSON.stringify({ event: 'payment.captured', payload: {} });
    expect(verifier.verifyWebhook(body, hmacOfEmpty(body))).toBe(false);
    expect(
      verifier.verifyPaymentSignature({
        orderId: 'order_x',
        paymentId: 'pay_x',
        signature: hmacOfEmpty('order_x|pay_x'),
      }),
    ).toBe(false);
  });

  it('ATTACK: a webhook for a payment of the right number in another currency does not pay the purchase', async () => {
    const buyer = await createLearner(t.app);
    const order = await checkout(buyer, 39_900);
    // 399 US dollars (or any currency) on an order of 399 rupees: the same number, not the same money.
    const { paymentId } = rzp.capture(order.orderId, { amount: 39_900, currency: 'USD' });

    const res = await deliverWebhook(t, rzp.webhook('payment.captured', paymentId));
    expect(res.statusCode).toBe(200);
    expect(await statusOf(order.purchaseId)).toBe('pending');
    expect(await owns(buyer, order.courseId)).toBe(false);
  });

  it('ATTACK: an offer code is refused at the very instant its window ends ([valid_from, valid_until))', async () => {
    const buyer = await createLearner(t.app);
    const course = await createCourse(t.app, { pricePaise: 39_900 });
    // Only Date stands still: the clock reads the same instant on every call, so the check happens exactly at the end.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    try {
      const code = await createOfferCode(t.app, { discountValue: 9_000, validUntil: t.clock.now() });
      const res = await t.client.as(buyer.token).post('/checkout', { course_id: course.id, offer_code: code.code });
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({ status: false, message: 'This offer code has expired.' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('ATTACK: a checkout started before a price rise is not handed back afterwards at the old price', async () => {
    const buyer = await createLearner(t.app);
    const course = await createCourse(t.app, { pricePaise: 39_900 });
    const before = await t.client.as(buyer.token).post('/checkout', { course_id: course.id });
    expect(before.body.data.amount).toBe(39_900);
    // The operator raises the price while the learner's first order is still open.
    await t.app.ctx.db
      .update(courses)
      .set({ pricePaise: 99_900, offerPricePaise: 99_900 })
      .where(eq(courses.id, course.id));

    const after = await t.client.as(buyer.token).post('/checkout', { course_id: course.id });
    expect(after.statusCode).toBe(200);
    expect(after.body.data.amount).toBe(99_900);
    expect(after.body.data.order_id).not.toBe(before.body.data.order_id);
    expect(rzp.orders.get(after.body.data.order_id)!.amount).toBe(99_900);
  });

  it("ATTACK: a refund event whose refund is another payment's does not take the learner's course back", async () => {
    const buyer = await createLearner(t.app);
    const bought = await buyThroughRazorpay(t, rzp, buyer);
    const other = await buyThroughRazorpay(t, rzp, await createLearner(t.app));
    const refundId = rzp.refundInDashboard(other.paymentId);
    // Signed, but the refund it carries belongs to another payment: this payment gave nothing back.
    const genuine = JSON.parse(rzp.webhook('payment.captured', bought.paymentId).body);
    const body = JSON.stringify({
      ...genuine,
      event: 'refund.processed',
      contains: ['refund', 'payment'],
      payload: {
        payment: genuine.payload.payment,
        refund: { entity: { id: refundId, entity: 'refund', payment_id: other.paymentId, amount: 39_900 } },
      },
    });
    const signature = createHmac('sha256', rzp.webhookSecret).update(body).digest('hex');
    const res = await deliverWebhook(t, {
      body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': signature,
        'x-razorpay-event-id': 'evt_mixed',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await statusOf(bought.purchaseId)).toBe('paid');
    expect(await owns(buyer, bought.courseId)).toBe(true);
  });
});
