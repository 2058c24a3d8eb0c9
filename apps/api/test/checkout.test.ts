import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { purchases, sandboxOrders } from '@app/db';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { createBatch, createCourse, createOfferCode, createPaidPurchase, purchasesOf } from './catalogue-fixtures.ts';

let t: TestApp;
let learner: Learner;

beforeAll(async () => {
  t = await createTestApp();
  learner = await createLearner(t.app);
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;

describe('GET /fetch-code/{code}', () => {
  it('describes a percentage code (percent) and a fixed code (rupees), case-insensitively', async () => {
    await createOfferCode(t.app, {
      code: 'TENOFF',
      isFixedAmount: false,
      discountValue: 1_050,
      minimumAmountPaise: 19_999,
    });
    await createOfferCode(t.app, { code: 'FLAT100', isFixedAmount: true, discountValue: 10_000 });
    const pct = await t.client.as(learner.token).get('/fetch-code/tenoff');
    expect(pct.statusCode).toBe(200);
    expect(pct.body.data).toEqual({ code: 'TENOFF', is_fixed_amount: false, discount: 10.5, minimum_amount: 199.99 });
    const flat = await t.client.as(learner.token).get('/fetch-code/%20Flat100%20');
    expect(flat.body.data).toEqual({ code: 'FLAT100', is_fixed_amount: true, discount: 100, minimum_amount: 0 });
  });

  it('refuses unknown, switched-off, expired and not-yet-valid codes with a 400 and a reason', async () => {
    await createOfferCode(t.app, { code: 'OFFCODE', isActive: false });
    await createOfferCode(t.app, {
      code: 'OLDCODE',
      validFrom: new Date(Date.now() - 48 * HOUR),
      validUntil: new Date(Date.now() - HOUR),
    });
    await createOfferCode(t.app, { code: 'SOONCODE', validFrom: new Date(Date.now() + HOUR) });
    await createOfferCode(t.app, {
      code: 'NOWCODE',
      validFrom: new Date(Date.now() - HOUR),
      validUntil: new Date(Date.now() + HOUR),
    });
    const cases: [string, string][] = [
      ['NOSUCHCODE', 'Invalid offer code.'],
      ['OFFCODE', 'Invalid offer code.'],
      ['OLDCODE', 'This offer code has expired.'],
      ['SOONCODE', 'This offer code is not active yet.'],
    ];
    for (const [code, message] of cases) {
      const res = await t.client.as(learner.token).get(`/fetch-code/${code}`);
      expect(res.statusCode, code).toBe(400);
      expect(res.body).toEqual({ status: false, message });
    }
    expect((await t.client.as(learner.token).get('/fetch-code/NOWCODE')).statusCode).toBe(200);
    // The window follows the server clock.
    t.clock.advance(2 * HOUR);
    try {
      expect((await t.client.as(learner.token).get('/fetch-code/NOWCODE')).body.message).toBe(
        'This offer code has expired.',
      );
      expect((await t.client.as(learner.token).get('/fetch-code/SOONCODE')).statusCode).toBe(200);
    } finally {
      t.clock.advance(-2 * HOUR);
    }
  });

  it('counts paid purchases and live reservations against the total and per-learner limits', async () => {
    const course = await createCourse(t.app, { pricePaise: 50_000 });
    const once = await createOfferCode(t.app, { code: 'ONCEONLY', maxUses: 1 });
    const perUser = await createOfferCode(t.app, { code: 'ONEEACH', maxUsesPerUser: 1 });
    const other = await createLearner(t.app);

    // A pending checkout with the code reserves its use for 30 minutes; then the use is free again.
    const pending = await t.client.as(other.token).post('/checkout', { course_id: course.id, offer_code: 'ONCEONLY' });
    expect(pending.body.data.payment).toBe(true);
    expect((await t.client.as(learner.token).get('/fetch-code/ONCEONLY')).body.message).toBe(
      'This offer code has reached its usage limit.',
    );
    await t.app.ctx.db
      .update(purchases)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(purchases.id, pending.body.data.purchase_id));
    expect((await t.client.as(learner.token).get('/fetch-code/ONCEONLY')).statusCode).toBe(200);

    await t.app.ctx.db
      .update(purchases)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(purchases.id, pending.body.data.purchase_id));
    const usedUp = await t.client.as(learner.token).get('/fetch-code/ONCEONLY');
    expect(usedUp.statusCode).toBe(400);
    expect(usedUp.body.message).toBe('This offer code has reached its usage limit.');
    const blocked = await t.client
      .as(learner.token)
      .post('/checkout', { course_id: course.id, offer_code: 'onceonly' });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.body.message).toBe('This offer code has reached its usage limit.');

    const otherCourse = await createCourse(t.app);
    const paid = await createPaidPurchase(t.app, { userId: other.id, courseId: otherCourse.id });
    await t.app.ctx.db.update(purchases).set({ offerCodeId: perUser.id }).where(eq(purchases.id, paid.id));
    const mine = await t.client.as(other.token).get('/fetch-code/ONEEACH');
    expect(mine.statusCode).toBe(400);
    expect(mine.body.message).toBe('You have already used this offer code.');
    expect((await t.client.as(learner.token).get('/fetch-code/ONEEACH')).statusCode).toBe(200);
    expect(once.id).not.toBe(perUser.id);
  });

  it('needs a verified learner', async () => {
    expect((await t.client.get('/fetch-code/ANY')).statusCode).toBe(401);
  });
});

describe('POST /checkout', () => {
  it('prices the course itself with the shared rule and opens a provider order; client figures are ignored', async () => {
    const buyer = await createLearner(t.app);
    const course = await createCourse(t.app, { name: 'Chemistry', pricePaise: 50_000, offerPricePaise: 33_333 });
    await createOfferCode(t.app, { code: 'FIFTEEN', isFixedAmount: false, discountValue: 1_500 });
    const res = await t.client
      .as(buyer.token)
      .post('/checkout', { course_id: course.id, offer_code: 'fifteen', amount: 1, discount: 333.33 });
    expect(res.statusCode).toBe(200);
    const data = res.body.data;
    // 15% of 333.33 = 49.9995, floored to 49.99; payable 283.34.
    expect(data).toMatchObject({
      payment: true,
      item: 'course',
      first_name: 'Test',
      last_name: 'Learner',
      email: buyer.email,
      course: { id: course.id, name: 'Chemistry', price: 500, offer_price: 333.33 },
      price: 333.33,
      discount: 49.99,
      payable_amount: 283.34,
      amount: 28_334,
      currency: 'INR',
      key: 'rzp_test_sandbox',
      provider: 'sandbox',
    });
    expect(data.mobile).toMatch(/^\d{10}$/);
    expect(data.order_id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(data.checkout_url).toBe(`/sandbox/checkout/${data.order_id}`);

    const [row] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, data.purchase_id));
    expect(row).toMatchObject({
      userId: buyer.id,
      courseId: course.id,
      status: 'pending',
      pricePaise: 33_333,
      discountPaise: 4_999,
      amountPaise: 28_334,
      provider: 'sandbox',
      providerOrderId: data.order_id,
    });
    const [order] = await t.app.ctx.db.select().from(sandboxOrders).where(eq(sandboxOrders.id, data.order_id));
    expect(order).toMatchObject({ amountPaise: 28_334, currency: 'INR', status: 'created' });
  });

  it('gives no discount below the code minimum', async () => {
    const course = await createCourse(t.app, { pricePaise: 40_000 });
    await createOfferCode(t.app, {
      code: 'BIGSPEND',
      isFixedAmount: true,
      discountValue: 10_000,
      minimumAmountPaise: 50_000,
    });
    const res = await t.client.as(learner.token).post('/checkout', { course_id: course.id, offer_code: 'BIGSPEND' });
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ price: 400, discount: 0, payable_amount: 400, amount: 40_000 });
  });

  it('refuses a payable amount between zero and one rupee, which no card provider charges', async () => {
    const course = await createCourse(t.app, { pricePaise: 10_050 });
    await createOfferCode(t.app, { code: 'ALMOSTFREE', isFixedAmount: true, discountValue: 10_000 });
    const res = await t.client.as(learner.token).post('/checkout', { course_id: course.id, offer_code: 'ALMOSTFREE' });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe('The amount to pay must be at least ₹1.00, or nothing at all.');
  });

  it('hands back the same order for the same pending checkout, and a new one when the terms change', async () => {
    const buyer = await createLearner(t.app);
    const course = await createCourse(t.app, { pricePaise: 20_000 });
    await createOfferCode(t.app, { code: 'TWENTY', discountValue: 2_000 });
    const first = await t.client.as(buyer.token).post('/checkout', { course_id: course.id });
    const again = await t.client.as(buyer.token).post('/checkout', { course_id: course.id, offer_code: '' });
    expect(again.body.data.order_id).toBe(first.body.data.order_id);
    expect(again.body.data.purchase_id).toBe(first.body.data.purchase_id);
    const withCode = await t.client.as(buyer.token).post('/checkout', { course_id: course.id, offer_code: 'TWENTY' });
    expect(withCode.body.data.order_id).not.toBe(first.body.data.order_id);
    expect(withCode.body.data.amount).toBe(16_000);
    expect((await purchasesOf(t.app, buyer.id)).length).toBe(2);
  });

  it('completes a zero amount at once (payment false), and buying it again is a 400', async () => {
    const buyer = await createLearner(t.app);
    const course = await createCourse(t.app, { pricePaise: 5_000 });
    await createOfferCode(t.app, { code: 'FREEBIE', isFixedAmount: true, discountValue: 8_000 });
    const res = await t.client.as(buyer.token).post('/checkout', { course_id: course.id, offer_code: 'FREEBIE' });
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe('Purchase completed.');
    expect(res.body.data).toMatchObject({
      payment: false,
      price: 50,
      discount: 50,
      payable_amount: 0,
      amount: 0,
      order_id: null,
      key: null,
      provider: 'free',
      checkout_url: null,
    });
    const rows = await purchasesOf(t.app, buyer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'paid', amountPaise: 0, discountPaise: 5_000, provider: 'free' });
    expect(rows[0]!.paidAt).not.toBeNull();

    const learn = await t.client.as(buyer.token).get('/learn');
    expect(learn.body.data.course.map((c: { id: number }) => c.id)).toEqual([course.id]);

    for (const body of [{ course_id: course.id }, { course_id: course.id, offer_code: 'FREEBIE' }]) {
      const twice = await t.client.as(buyer.token).post('/checkout', body);
      expect(twice.statusCode).toBe(400);
      expect(twice.body).toEqual({ status: false, message: 'You have already purchased this course.' });
    }
    expect(await purchasesOf(t.app, buyer.id)).toHaveLength(1);
  });

  it('makes one paid purchase of concurrent free checkouts', async () => {
    const buyer = await createLearner(t.app);
    const course = await createCourse(t.app, { pricePaise: 1_000 });
    await createOfferCode(t.app, { code: 'ALLFREE', discountValue: 10_000 });
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.client.as(buyer.token).post('/checkout', { course_id: course.id, offer_code: 'ALLFREE' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(
      results
        .filter((r) => r.statusCode === 400)
        .every((r) => r.body.message === 'You have already purchased this course.'),
    ).toBe(true);
    expect((await purchasesOf(t.app, buyer.id)).filter((p) => p.status === 'paid')).toHaveLength(1);
  });

  it('answers bad input with 422, unknown or unpublished courses with 404, batch codes with 400', async () => {
    const missing = await t.client.as(learner.token).post('/checkout', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.body).toMatchObject({
      status: false,
      message: 'Choose a course.',
      errors: { course_id: ['Choose a course.'] },
    });
    expect((await t.client.as(learner.token).post('/checkout', { course_id: 'abc' })).statusCode).toBe(422);
    expect((await t.client.as(learner.token).post('/checkout', { course_id: 1, offer_code: 42 })).statusCode).toBe(422);
    expect((await t.client.as(learner.token).post('/checkout', { course_id: 999_999 })).statusCode).toBe(404);
    const draft = await createCourse(t.app, { isPublished: false });
    expect((await t.client.as(learner.token).post('/checkout', { course_id: draft.id })).statusCode).toBe(404);

    const batch = await createBatch(t.app);
    await createOfferCode(t.app, { code: 'BATCHONLY', batchId: batch.id });
    const course = await createCourse(t.app);
    const res = await t.client.as(learner.token).post('/checkout', { course_id: course.id, offer_code: 'BATCHONLY' });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe('This offer code cannot be used here.');
  });
});

describe('POST /first-payment', () => {
  it('needs a batch with a fee', async () => {
    const noBatch = await createLearner(t.app);
    const res = await t.client.as(noBatch.token).post('/first-payment', {});
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe('Choose your syllabus and standard first.');
    const freeBatchLearner = await createLearner(t.app);
    await createBatch(t.app, { learnerId: freeBatchLearner.id, feePaise: 0 });
    const free = await t.client.as(freeBatchLearner.token).post('/first-payment');
    expect(free.statusCode).toBe(400);
    expect(free.body.message).toBe('Your batch has no fee to pay.');
  });

  it('pays the batch fee through the same path; the batch courses then open', async () => {
    const me = await createLearner(t.app);
    const batch = await createBatch(t.app, { learnerId: me.id, feePaise: 150_000 });
    const subject = await createCourse(t.app, { name: 'Class Maths', batchId: batch.id });

    const priced = await t.client.as(me.token).post('/first-payment', {});
    expect(priced.statusCode).toBe(200);
    expect(priced.body.data).toMatchObject({
      payment: true,
      item: 'batch',
      amount: 150_000,
      course: { id: batch.id, price: 1500 },
    });
    expect((await t.client.as(me.token).get(`/terms/${subject.id}`)).statusCode).toBe(403);

    await createOfferCode(t.app, { code: 'BATCHFREE', batchId: batch.id, discountValue: 10_000 });
    const paid = await t.client.as(me.token).post('/first-payment', { offer_code: 'batchfree' });
    expect(paid.statusCode).toBe(200);
    expect(paid.body.data).toMatchObject({ payment: false, item: 'batch', amount: 0 });

    const learn = await t.client.as(me.token).get('/learn');
    expect(learn.body.data.school.map((c: { id: number }) => c.id)).toEqual([subject.id]);
    expect((await t.client.as(me.token).get(`/terms/${subject.id}`)).statusCode).toBe(200);

    const again = await t.client.as(me.token).post('/first-payment', {});
    expect(again.statusCode).toBe(400);
    expect(again.body.message).toBe('You have already paid for your batch.');
    const course = await t.client.as(me.token).post('/checkout', { course_id: subject.id });
    expect(course.statusCode).toBe(400);
    expect(course.body.message).toBe('School subjects are not sold one by one: they open with your batch.');
  });
});
