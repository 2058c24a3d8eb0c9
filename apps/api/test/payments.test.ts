import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { paymentEvents, purchases, sandboxPayments, walletTransactions } from '@app/db';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { createCourse, purchasesOf } from './catalogue-fixtures.ts';
import {
  createRazorpayTestApp,
  deliverWebhook,
  type FakeRazorpay,
  type WebhookDelivery,
} from './payments-fake-razorpay.ts';
import { createAdmin } from './admin-fixtures.ts';
import { confirmPayment } from '../src/services/payments/confirm-payment.ts';

describe('sandbox provider', () => {
  let t: TestApp;
  let buyer: Learner;

  beforeAll(async () => {
    t = await createTestApp();
    buyer = await createLearner(t.app);
  });
  afterAll(async () => t?.close());

  const checkout = async (learner: Learner, pricePaise = 49_900) => {
    const course = await createCourse(t.app, { pricePaise });
    const res = await t.client.as(learner.token).post('/checkout', { course_id: course.id });
    expect(res.statusCode).toBe(200);
    return { course, data: res.body.data as { purchase_id: number; order_id: string; amount: number } };
  };

  it('runs the whole flow: checkout, the card page, /sandbox/pay, /pay-now, paid', async () => {
    const { course, data } = await checkout(buyer);
    const page = await t.client.get(`/sandbox/checkout/${data.order_id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('₹499.00');
    expect(page.body).toContain('<script src="/sandbox/checkout.js"></script>');
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    const script = await t.client.get('/sandbox/checkout.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('postMessage');

    const paid = await t.client.post('/sandbox/pay', { order_id: data.order_id, outcome: 'success' });
    expect(paid.statusCode).toBe(200);
    expect(paid.body.razorpay_order_id).toBe(data.order_id);
    expect(paid.body.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(paid.body.razorpay_signature).toMatch(/^[0-9a-f]{64}$/);

    const confirm = await t.client.as(buyer.token).post('/pay-now', {
      payment_id: paid.body.razorpay_payment_id,
      order_id: paid.body.razorpay_order_id,
      signature: paid.body.razorpay_signature,
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toEqual({
      status: true,
      message: 'Payment successful.',
      data: { purchase_id: data.purchase_id, status: 'paid', course_id: course.id, batch_id: null },
    });
    const [row] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, data.purchase_id));
    expect(row).toMatchObject({
      status: 'paid',
      providerPaymentId: paid.body.razorpay_payment_id,
      amountPaise: 49_900,
    });

    // Idempotent: the same confirmation again changes nothing.
    const again = await t.client.as(buyer.token).post('/pay-now', {
      payment_id: paid.body.razorpay_payment_id,
      order_id: data.order_id,
      signature: paid.body.razorpay_signature,
    });
    expect(again.statusCode).toBe(200);
    const learn = await t.client.as(buyer.token).get('/learn');
    expect(learn.body.data.course.map((c: { id: number }) => c.id)).toContain(course.id);
    const twice = await t.client.as(buyer.token).post('/checkout', { course_id: course.id });
    expect(twice.statusCode).toBe(400);
    expect(twice.body.message).toBe('You have already purchased this course.');

    // The order cannot be paid a second time.
    const payAgain = await t.client.post('/sandbox/pay', { order_id: data.order_id, outcome: 'success' });
    expect(payAgain.statusCode).toBe(400);
    expect(payAgain.body).toEqual({ status: false, message: 'This order is already paid.' });
  });

  it("rejects a tampered signature, another payment id, and someone else's order", async () => {
    const { data } = await checkout(buyer);
    const paid = await t.client.post('/sandbox/pay', { order_id: data.order_id, outcome: 'success' });
    const good = {
      payment_id: paid.body.razorpay_payment_id,
      order_id: data.order_id,
      signature: paid.body.razorpay_signature as string,
    };
    const flipped = good.signature.slice(0, -1) + (good.signature.endsWith('0') ? '1' : '0');
    for (const body of [
      { ...good, signature: flipped },
      { ...good, signature: 'not-a-signature' },
      { ...good, payment_id: 'pay_AAAAAAAAAAAAAA' },
    ]) {
      const res = await t.client.as(buyer.token).post('/pay-now', body);
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({ status: false, message: 'Payment verification failed.' });
    }
    const stranger = await createLearner(t.app);
    const theirs = await t.client.as(stranger.token).post('/pay-now', good);
    expect(theirs.statusCode).toBe(404);
    const [row] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, data.purchase_id));
    expect(row!.status).toBe('pending');
    expect((await t.client.as(buyer.token).post('/pay-now', good)).statusCode).toBe(200);
    const missing = await t.client.as(buyer.token).post('/pay-now', { order_id: data.order_id });
    expect(missing.statusCode).toBe(422);
    expect(missing.body.errors).toHaveProperty('payment_id');
  });

  it('keeps a declined card pending; the next card can still pay', async () => {
    const { data } = await checkout(buyer);
    const declined = await t.client.post('/sandbox/pay', { order_id: data.order_id, outcome: 'failure' });
    expect(declined.statusCode).toBe(400);
    expect(declined.body).toEqual({ status: false, message: 'Your card was declined.' });
    const attempts = await t.app.ctx.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.orderId, data.order_id));
    expect(attempts.map((a) => a.status)).toEqual(['failed']);
    const [row] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, data.purchase_id));
    expect(row!.status).toBe('pending');

    const ok = await t.client.post('/sandbox/pay', { order_id: data.order_id, outcome: 'success' });
    expect(ok.statusCode).toBe(200);
    const bad = await t.client.post('/sandbox/pay', { order_id: data.order_id, outcome: 'maybe' });
    expect(bad.statusCode).toBe(422);
    expect(
      (await t.client.post('/sandbox/pay', { order_id: 'order_doesnotexist00', outcome: 'success' })).statusCode,
    ).toBe(404);
    expect((await t.client.get('/sandbox/checkout/order_doesnotexist00')).statusCode).toBe(404);
  });

  it('/pay-now before the money arrived says so and leaves the purchase pending', async () => {
    const { data } = await checkout(buyer);
    // A signature made with the sandbox secret for a payment id the sandbox never captured.
    const { paymentSignature } = await import('../src/services/payments/signatures.ts');
    const { hmacHex } = await import('../src/lib/crypto.ts');
    const secret = hmacHex(t.app.ctx.env.APP_SECRET, 'sandbox-payments:key-secret');
    const res = await t.client.as(buyer.token).post('/pay-now', {
      payment_id: 'pay_NotCapturedYet1',
      order_id: data.order_id,
      signature: paymentSignature(secret, data.order_id, 'pay_NotCapturedYet1'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe(
      'The payment is not complete yet. It will show in My Courses once the provider confirms it.',
    );
  });

  it('confirms once however many /pay-now calls race', async () => {
    const referrer = await createLearner(t.app);
    const referred = await createLearner(t.app, { referrerId: referrer.id });
    const { data } = await checkout(referred, 100_000);
    const paid = await t.client.post('/sandbox/pay', { order_id: data.order_id, outcome: 'success' });
    const body = {
      payment_id: paid.body.razorpay_payment_id,
      order_id: data.order_id,
      signature: paid.body.razorpay_signature,
    };
    const results = await Promise.all(
      Array.from({ length: 6 }, () => t.client.as(referred.token).post('/pay-now', body)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = await purchasesOf(t.app, referred.id);
    expect(rows.filter((r) => r.status === 'paid')).toHaveLength(1);
    // onPurchasePaid ran once: one commission for the referrer.
    const commissions = await t.app.ctx.db
      .select()
      .from(walletTransactions)
      .where(
        and(eq(walletTransactions.purchaseId, data.purchase_id), eq(walletTransactions.method, 'Referral Commission')),
      );
    expect(commissions).toHaveLength(1);
  });

  it('confirmPayment: one concurrent caller confirms; a failed purchase stays failed and its late payment goes back', async () => {
    const learner = await createLearner(t.app);
    const { data } = await checkout(learner);
    const paid = await t.client.post('/sandbox/pay', { order_id: data.order_id, outcome: 'success' });
    const payment = { paymentId: paid.body.razorpay_payment_id as string, amountPaise: data.amount, currency: 'INR' };
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => confirmPayment(t.app.ctx, { purchaseId: data.purchase_id, payment })),
    );
    expect(outcomes.filter((o) => o === 'confirmed')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already-paid')).toHaveLength(4);

    const late = await checkout(learner);
    await t.app.ctx.db.update(purchases).set({ status: 'failed' }).where(eq(purchases.id, late.data.purchase_id));
    const latePay = await t.client.post('/sandbox/pay', { order_id: late.data.order_id, outcome: 'success' });
    const latePayment = {
      paymentId: latePay.body.razorpay_payment_id as string,
      amountPaise: late.data.amount,
      currency: 'INR',
    };
    expect(await confirmPayment(t.app.ctx, { purchaseId: late.data.purchase_id, payment: latePayment })).toBe('closed');
    expect(await confirmPayment(t.app.ctx, { purchaseId: late.data.purchase_id, payment: latePayment })).toBe('closed');
    const [row] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, late.data.purchase_id));
    expect(row!.status).toBe('failed');
    const [refunded] = await t.app.ctx.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, latePayment.paymentId));
    expect(refunded!.amountRefundedPaise).toBe(late.data.amount);

    // A payment of another amount never confirms.
    const third = await checkout(learner);
    const thirdPay = await t.client.post('/sandbox/pay', { order_id: third.data.order_id, outcome: 'success' });
    expect(
      await confirmPayment(t.app.ctx, {
        purchaseId: third.data.purchase_id,
        payment: { paymentId: thirdPay.body.razorpay_payment_id, amountPaise: 1, currency: 'INR' },
      }),
    ).toBe('mismatch');
  });

  it('has no Razorpay webhook route', async () => {
    const res = await t.client.post('/payments/razorpay/webhook', {});
    expect(res.statusCode).toBe(404);
  });
});

describe('razorpay provider (against a local server that answers as Razorpay documents)', () => {
  let t: TestApp;
  let rzp: FakeRazorpay;
  let close: () => Promise<void>;
  let buyer: Learner;

  beforeAll(async () => {
    ({ t, rzp, close } = await createRazorpayTestApp());
    buyer = await createLearner(t.app);
  });
  afterAll(() => close?.());

  const webhook = (delivery: WebhookDelivery) => deliverWebhook(t, delivery);

  const checkout = async (learner: Learner, pricePaise = 75_000) => {
    const course = await createCourse(t.app, { pricePaise });
    const res = await t.client.as(learner.token).post('/checkout', { course_id: course.id });
    expect(res.statusCode).toBe(200);
    return {
      course,
      data: res.body.data as { purchase_id: number; order_id: string; amount: number; key: string; provider: string },
    };
  };

  it('creates the order at Razorpay with basic auth and hands the browser the public key', async () => {
    const { data } = await checkout(buyer);
    expect(data).toMatchObject({ provider: 'razorpay', key: rzp.keyId, amount: 75_000 });
    expect(rzp.orders.get(data.order_id)).toMatchObject({ amount: 75_000, currency: 'INR' });
    expect(rzp.requests.filter((r) => r.path === '/v1/orders').every((r) => r.authorized)).toBe(true);
    expect((await t.client.get(`/sandbox/checkout/${data.order_id}`)).statusCode).toBe(404);
  });

  it('/pay-now plus the webhook three times, all at once: one paid purchase, one commission', async () => {
    const referrer = await createLearner(t.app);
    const referred = await createLearner(t.app, { referrerId: referrer.id });
    const { data } = await checkout(referred);
    const { paymentId, signature } = rzp.capture(data.order_id);
    const captured = rzp.webhook('payment.captured', paymentId, 'evt_captured_1');
    const orderPaid = rzp.webhook('order.paid', paymentId, 'evt_orderpaid_1');

    const [payNow, ...hooks] = await Promise.all([
      t.client.as(referred.token).post('/pay-now', { payment_id: paymentId, order_id: data.order_id, signature }),
      webhook(captured),
      webhook(captured),
      webhook(captured),
      webhook(orderPaid),
    ]);
    expect(payNow!.statusCode).toBe(200);
    expect(hooks.map((h) => h.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await purchasesOf(t.app, referred.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'paid', providerPaymentId: paymentId });
    const commissions = await t.app.ctx.db
      .select()
      .from(walletTransactions)
      .where(
        and(eq(walletTransactions.purchaseId, data.purchase_id), eq(walletTransactions.method, 'Referral Commission')),
      );
    expect(commissions).toHaveLength(1);
    const events = await t.app.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.provider, 'razorpay'));
    expect(events.map((e) => e.eventId)).toEqual(expect.arrayContaining(['evt_captured_1', 'evt_orderpaid_1']));

    // A redelivery later is recognised by its event id.
    const late = await webhook(captured);
    expect(late.json()).toMatchObject({ status: true, data: { outcome: 'duplicate' } });
  });

  it('settles a purchase from the webhook alone (the browser closed)', async () => {
    const { data } = await checkout(buyer);
    const { paymentId } = rzp.capture(data.order_id);
    const res = await webhook(rzp.webhook('payment.captured', paymentId));
    expect(res.json()).toMatchObject({ data: { outcome: 'processed' } });
    const [row] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, data.purchase_id));
    expect(row!.status).toBe('paid');
  });

  it("answers 200 to the browser's /pay-now sent again after the webhook settled the order", async () => {
    // The web app keeps a signed answer whose /pay-now got no answer and sends it again (decision 052): by then the
    // webhook (or the reconciler) may have paid the purchase, and the retry must read as success, not as an error.
    const { data, course } = await checkout(buyer);
    const { paymentId, signature } = rzp.capture(data.order_id);
    await webhook(rzp.webhook('payment.captured', paymentId));
    const retried = await t.client
      .as(buyer.token)
      .post('/pay-now', { payment_id: paymentId, order_id: data.order_id, signature });
    expect(retried.statusCode).toBe(200);
    expect(retried.body.data).toEqual({
      purchase_id: data.purchase_id,
      status: 'paid',
      course_id: course.id,
      batch_id: null,
    });
  });

  it('refuses webhooks that are not signed by Razorpay over the exact body', async () => {
    const { data } = await checkout(buyer);
    const { paymentId } = rzp.capture(data.order_id);
    const genuine = rzp.webhook('payment.captured', paymentId);
    const reformatted = { ...genuine, body: JSON.stringify(JSON.parse(genuine.body), null, 2) };
    const unsigned = { ...genuine, headers: { ...genuine.headers, 'x-razorpay-signature': '' } };
    const wrongSecret = { ...genuine, headers: { ...genuine.headers, 'x-razorpay-signature': 'a'.repeat(64) } };
    for (const delivery of [reformatted, unsigned, wrongSecret]) {
      const res = await webhook(delivery);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: false, message: 'Invalid webhook signature.' });
    }
    const [row] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, data.purchase_id));
    expect(row!.status).toBe('pending');
  });

  it('does not confirm a payment whose amount differs from the order', async () => {
    const { data } = await checkout(buyer);
    const { paymentId, signature } = rzp.capture(data.order_id, { amount: 100 });
    const res = await t.client
      .as(buyer.token)
      .post('/pay-now', { payment_id: paymentId, order_id: data.order_id, signature });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe('The payment does not match this order.');
    await webhook(rzp.webhook('payment.captured', paymentId));
    const [row] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, data.purchase_id));
    expect(row!.status).toBe('pending');
  });

  it('answers a pending order whose payment Razorpay gave back as closed, not as "not complete yet"', async () => {
    // Paid at Razorpay, then given back before the purchase was confirmed (an orphan refunded by a server killed
    // before it recorded so, or a refund in the dashboard): the order paid nothing.
    const { data } = await checkout(buyer);
    const { paymentId, signature } = rzp.capture(data.order_id);
    rzp.refundInDashboard(paymentId);
    const res = await t.client
      .as(buyer.token)
      .post('/pay-now', { payment_id: paymentId, order_id: data.order_id, signature });
    expect([res.statusCode, res.body.message]).toEqual([
      400,
      'This order is closed. If money was taken it will be refunded.',
    ]);
    const [row] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, data.purchase_id));
    expect(row!.status).toBe('pending');
  });

  it('refunds a second order paid for a course the learner already owns', async () => {
    const learner = await createLearner(t.app);
    const course = await createCourse(t.app, { pricePaise: 30_000 });
    const first = await t.client.as(learner.token).post('/checkout', { course_id: course.id });
    // Another tab, another order on other terms (the first one is reused on the same terms).
    await t.app.ctx.db
      .update(purchases)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(purchases.id, first.body.data.purchase_id));
    const second = await t.client.as(learner.token).post('/checkout', { course_id: course.id });
    expect(second.body.data.order_id).not.toBe(first.body.data.order_id);

    const a = rzp.capture(first.body.data.order_id);
    const b = rzp.capture(second.body.data.order_id);
    expect(
      (
        await t.client
          .as(learner.token)
          .post('/pay-now', { payment_id: a.paymentId, order_id: first.body.data.order_id, signature: a.signature })
      ).statusCode,
    ).toBe(200);
    const dup = await t.client
      .as(learner.token)
      .post('/pay-now', { payment_id: b.paymentId, order_id: second.body.data.order_id, signature: b.signature });
    expect(dup.statusCode).toBe(400);
    expect(dup.body.message).toBe('You have already purchased this course.');
    expect(rzp.refunds.filter((r) => r.payment_id === b.paymentId)).toEqual([
      expect.objectContaining({ amount: 30_000 }),
    ]);
    // The webhook for the same payment does not refund twice.
    await webhook(rzp.webhook('payment.captured', b.paymentId));
    expect(rzp.refunds.filter((r) => r.payment_id === b.paymentId)).toHaveLength(1);
    const rows = await purchasesOf(t.app, learner.id);
    expect(rows.map((r) => r.status).sort()).toEqual(['paid', 'refunded']);
  });

  it("refunds once when Razorpay made the operator's refund but its answer was lost, on the next try", async () => {
    const admin = await createAdmin(t.app);
    const learner = await createLearner(t.app);
    const { data } = await checkout(learner, 40_000);
    const paid = rzp.capture(data.order_id);
    const confirmed = await t.client
      .as(learner.token)
      .post('/pay-now', { payment_id: paid.paymentId, order_id: data.order_id, signature: paid.signature });
    expect(confirmed.statusCode).toBe(200);

    rzp.loseNextRefundAnswer();
    const first = await t.client.as(admin.token).post(`/admin/purchases/${data.purchase_id}/refund`);
    expect(first.statusCode).toBe(400);
    expect(first.body.message).toBe(
      'The payment provider did not answer, so the refund may or may not have been made. Try again: a refund it made is found, never made twice.',
    );
    expect(rzp.refunds.filter((r) => r.payment_id === paid.paymentId)).toHaveLength(1);

    // The next click finds the refund Razorpay made, instead of asking for a second it would refuse.
    const again = await t.client.as(admin.token).post(`/admin/purchases/${data.purchase_id}/refund`);
    expect(again.statusCode, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.refund_id).toBe(rzp.refunds.find((r) => r.payment_id === paid.paymentId)!.id);
    expect(rzp.refunds.filter((r) => r.payment_id === paid.paymentId)).toHaveLength(1);
    const [row] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, data.purchase_id));
    expect(row!.status).toBe('refunded');
  });

  it('answers 400, not 500, when Razorpay cannot be reached', async () => {
    const { createPaymentProvider } = await import('../src/services/payments/create-payment-provider.ts');
    const unreachable = createPaymentProvider({
      env: { ...t.app.ctx.env, RAZORPAY_API_URL: 'http://127.0.0.1:9' },
      db: t.app.ctx.db,
    });
    const original = t.app.ctx.payments;
    t.app.ctx.payments = unreachable;
    try {
      const course = await createCourse(t.app);
      const res = await t.client.as(buyer.token).post('/checkout', { course_id: course.id });
      expect(res.statusCode).toBe(400);
      expect(res.body.message).toBe('The payment service is not reachable. Please try again in a minute.');
    } finally {
      t.app.ctx.payments = original;
    }
  });
});
