import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fillTemplate } from '@app/contracts';
import { hi } from '@app/contracts/i18n/hi';
import { ml } from '@app/contracts/i18n/ml';
import { purchases, sandboxPayments } from '@app/db';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { createCourse } from './catalogue-fixtures.ts';

/** Issue 16: UPI and netbanking beside cards on the sandbox checkout, all through /sandbox/pay → /pay-now. */
describe('sandbox payment methods', () => {
  let t: TestApp;
  let buyer: Learner;

  beforeAll(async () => {
    t = await createTestApp();
    buyer = await createLearner(t.app);
  });
  afterAll(async () => t?.close());

  const checkout = async () => {
    const course = await createCourse(t.app, { pricePaise: 29_900 });
    const res = await t.client.as(buyer.token).post('/checkout', { course_id: course.id });
    expect(res.statusCode).toBe(200);
    return { course, data: res.body.data as { purchase_id: number; order_id: string } };
  };
  const purchaseStatus = async (id: number) =>
    (await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, id)))[0]!.status;
  const attemptsOf = (orderId: string) =>
    t.app.ctx.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderId, orderId));
  const payNow = (paid: { body: Record<string, string> }) =>
    t.client.as(buyer.token).post('/pay-now', {
      payment_id: paid.body.razorpay_payment_id,
      order_id: paid.body.razorpay_order_id,
      signature: paid.body.razorpay_signature,
    });

  it('offers UPI first, then card and netbanking, on the checkout page', async () => {
    const { data } = await checkout();
    const page = await t.client.get(`/sandbox/checkout/${data.order_id}`);
    expect(page.statusCode).toBe(200);
    const html = page.body as string;
    expect(html).toMatch(/<input type="radio" name="method" value="upi" checked>/);
    expect(html.indexOf('value="upi"')).toBeLessThan(html.indexOf('value="card"'));
    expect(html.indexOf('value="card"')).toBeLessThan(html.indexOf('value="netbanking"'));
    expect(html).toContain('success@razorpay');
    expect(html).toContain('failure@razorpay');
    for (const bank of [
      'State Bank of India',
      'HDFC Bank',
      'ICICI Bank',
      'Axis Bank',
      'Kotak Mahindra Bank',
      'Punjab National Bank',
      'Bank of Baroda',
      'Canara Bank',
      'Federal Bank',
      'South Indian Bank',
    ])
      expect(html).toContain(`>${bank}</option>`);
    expect(html).toContain('id="sandbox-bank-success"');
    expect(html).toContain('role="alert"');
  });

  it("speaks the learner's language: ?lang= first, then Accept-Language; English as before", async () => {
    const { data } = await checkout();
    const path = `/sandbox/checkout/${data.order_id}`;

    const english = (await t.client.get(path)).body as string;
    expect(english).toContain('<html lang="en">');
    for (const text of [
      '<title>Sandbox checkout · ',
      '<p class="amount">Pay <strong>₹299.00</strong></p>',
      '<legend>Payment method</legend>',
      '<span>UPI</span>',
      '<span>Card</span>',
      '<span>Netbanking</span>',
      '<label>UPI ID<input name="vpa"',
      '<option value="">Choose your bank</option>',
      "Sandbox: you will see the bank's page, where Success pays and Failure declines.",
      '<button type="submit" id="sandbox-pay">Pay ₹299.00</button>',
      'class="secondary">Cancel</button>',
      '<p class="hint">Sandbox: no money moves.</p>',
    ])
      expect(english).toContain(text);

    const texts = hi.checkout.sandboxPage;
    const hindi = (await t.client.get(`${path}?lang=hi`)).body as string;
    expect(hindi).toContain('<html lang="hi">');
    for (const text of [
      `<legend>${texts.methods}</legend>`,
      `<span>${texts.card}</span>`,
      `<span>${texts.netbanking}</span>`,
      `<label>${texts.upiId}<input name="vpa"`,
      `<option value="">${texts.chooseBank}</option>`,
      `<button type="submit" id="sandbox-pay">${fillTemplate(texts.pay, { amount: '₹299.00' })}</button>`,
      `class="secondary">${texts.cancel}</button>`,
      `<p class="hint">${texts.noMoney}</p>`,
    ])
      expect(hindi).toContain(text);
    expect(hindi).not.toContain('Payment method');
    // The script's texts travel with the page, in its language.
    expect(hindi).toContain(`&#34;upiInvalid&#34;:&#34;${hi.messages.checkout.sandboxVpaInvalid}&#34;`);

    // Without ?lang= the browser's languages decide; a language the app does not speak falls back to them.
    expect((await t.client.get(path, { 'accept-language': 'ml-IN,ml;q=0.9' })).body).toContain('<html lang="ml">');
    const fallback = (await t.client.get(`${path}?lang=ta`, { 'accept-language': 'ml' })).body as string;
    expect(fallback).toContain('<html lang="ml">');
    expect(fallback).toContain(`<legend>${ml.checkout.sandboxPage.methods}</legend>`);
    // ?lang= wins over the browser's: the app's choice, not the device's.
    expect((await t.client.get(`${path}?lang=en`, { 'accept-language': 'hi' })).body).toContain('<html lang="en">');

    // Its Hindi and Malayalam come with their Noto faces (a desktop without them showed boxes); English loads none.
    const fontUrl = /url\('(\/sandbox\/fonts\/noto-sans-devanagari-devanagari-400-normal\.woff2)'\)/.exec(hindi)?.[1];
    expect(fontUrl).toBeDefined();
    expect(hindi).toContain("font: 15px/1.4 'Noto Sans Devanagari', system-ui, sans-serif");
    const font = await t.app.inject({ url: fontUrl! });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    expect(fallback).toContain('/sandbox/fonts/noto-sans-malayalam-malayalam-700-normal.woff2');
    expect((await t.client.get(`${path}?lang=en`)).body).not.toContain('@font-face');
    // Only those files: nothing else of the disk is reachable by name.
    for (const name of ['..%2F..%2Fpackage.json', 'noto-sans-latin-400-normal.woff2']) {
      const other = await t.client.get(`/sandbox/fonts/${name}`);
      expect(other.statusCode).toBe(422);
    }

    // A closed order's notice too.
    const missing = await t.client.get('/sandbox/checkout/order_ZZZZZZZZZZZZZZ?lang=hi');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain(`<p class="notice" role="alert">${texts.orderMissing}</p>`);

    // The page asks the pay call in its language (checkout.js sends Accept-Language): the decline comes back in Hindi.
    const declined = await t.client.post(
      '/sandbox/pay',
      { order_id: data.order_id, method: 'upi', vpa: 'failure@razorpay' },
      { 'accept-language': 'hi' },
    );
    expect(declined.statusCode).toBe(400);
    expect(declined.body.message).toBe(hi.messages.checkout.sandboxUpiDeclined);
  });

  it('pays by UPI with success@razorpay: /pay-now confirms it and the purchase is paid', async () => {
    const { course, data } = await checkout();
    const paid = await t.client.post('/sandbox/pay', {
      order_id: data.order_id,
      method: 'upi',
      vpa: 'success@razorpay',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.body.razorpay_order_id).toBe(data.order_id);
    const confirm = await payNow(paid);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body.data).toEqual({
      purchase_id: data.purchase_id,
      status: 'paid',
      course_id: course.id,
      batch_id: null,
    });
    expect(await purchaseStatus(data.purchase_id)).toBe('paid');
    const [attempt] = await attemptsOf(data.order_id);
    expect(attempt).toMatchObject({ status: 'captured', method: 'upi', vpa: 'success@razorpay', bank: null });
  });

  it('declines failure@razorpay like a declined card; the purchase stays pending and another UPI ID can pay', async () => {
    const { data } = await checkout();
    const declined = await t.client.post('/sandbox/pay', {
      order_id: data.order_id,
      method: 'upi',
      vpa: 'failure@razorpay',
    });
    expect(declined.statusCode).toBe(400);
    expect(declined.body).toEqual({ status: false, message: 'The UPI payment was declined.' });
    expect(await purchaseStatus(data.purchase_id)).toBe('pending');
    expect((await t.app.ctx.payments.fetchOrderPayment(data.order_id)).status).not.toBe('paid');

    // Any other well-formed UPI ID succeeds in the sandbox.
    const paid = await t.client.post('/sandbox/pay', {
      order_id: data.order_id,
      method: 'upi',
      vpa: 'asha.k-99@okaxis',
    });
    expect(paid.statusCode).toBe(200);
    expect((await payNow(paid)).statusCode).toBe(200);
    expect(await purchaseStatus(data.purchase_id)).toBe('paid');
    const attempts = await attemptsOf(data.order_id);
    expect(attempts.map((a) => [a.method, a.status, a.vpa]).sort()).toEqual([
      ['upi', 'captured', 'asha.k-99@okaxis'],
      ['upi', 'failed', 'failure@razorpay'],
    ]);
  });

  it('pays by netbanking: Failure declines and keeps the purchase pending, Success pays', async () => {
    const { data } = await checkout();
    const failed = await t.client.post('/sandbox/pay', {
      order_id: data.order_id,
      method: 'netbanking',
      bank: 'HDFC',
      outcome: 'failure',
    });
    expect(failed.statusCode).toBe(400);
    expect(failed.body).toEqual({ status: false, message: 'Your bank did not authorise the payment.' });
    expect(await purchaseStatus(data.purchase_id)).toBe('pending');

    const paid = await t.client.post('/sandbox/pay', {
      order_id: data.order_id,
      method: 'netbanking',
      bank: 'SBIN',
      outcome: 'success',
    });
    expect(paid.statusCode).toBe(200);
    const confirm = await payNow(paid);
    expect(confirm.statusCode).toBe(200);
    expect(await purchaseStatus(data.purchase_id)).toBe('paid');
    const attempts = await attemptsOf(data.order_id);
    expect(attempts.map((a) => [a.method, a.bank, a.status]).sort()).toEqual([
      ['netbanking', 'HDFC', 'failed'],
      ['netbanking', 'SBIN', 'captured'],
    ]);
  });

  it('answers 422, never 500, for a malformed UPI ID, an unknown bank or a missing field; nothing is recorded', async () => {
    const { data } = await checkout();
    const cases: [Record<string, unknown>, string][] = [
      [{ method: 'upi', vpa: 'not-a-vpa' }, 'vpa'],
      [{ method: 'upi', vpa: 'a@b' }, 'vpa'],
      [{ method: 'upi', vpa: 'name@bank1' }, 'vpa'],
      [{ method: 'upi', vpa: 'na me@bank' }, 'vpa'],
      [{ method: 'upi', vpa: 12 }, 'vpa'],
      [{ method: 'upi' }, 'vpa'],
      [{ method: 'netbanking', bank: 'XXXX', outcome: 'success' }, 'bank'],
      [{ method: 'netbanking', bank: 'hdfc', outcome: 'success' }, 'bank'],
      [{ method: 'netbanking', outcome: 'success' }, 'bank'],
      [{ method: 'netbanking', bank: 'HDFC' }, 'outcome'],
      [{ method: 'wallet', outcome: 'success' }, 'method'],
      [{ method: 'card' }, 'outcome'],
    ];
    for (const [body, field] of cases) {
      const res = await t.client.post('/sandbox/pay', { order_id: data.order_id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.body.errors, JSON.stringify(body)).toHaveProperty(field);
    }
    expect(await attemptsOf(data.order_id)).toEqual([]);
  });

  it('keeps the old body (no method) working as a card payment, recorded as card', async () => {
    const { data } = await checkout();
    const declined = await t.client.post('/sandbox/pay', { order_id: data.order_id, outcome: 'failure' });
    expect(declined.statusCode).toBe(400);
    expect(declined.body.message).toBe('Your card was declined.');
    const paid = await t.client.post('/sandbox/pay', { order_id: data.order_id, outcome: 'success' });
    expect(paid.statusCode).toBe(200);
    expect((await payNow(paid)).statusCode).toBe(200);
    expect(await purchaseStatus(data.purchase_id)).toBe('paid');
    const attempts = await attemptsOf(data.order_id);
    expect(attempts.map((a) => a.method)).toEqual(['card', 'card']);
    expect(attempts.every((a) => a.vpa === null && a.bank === null)).toBe(true);
  });
});
