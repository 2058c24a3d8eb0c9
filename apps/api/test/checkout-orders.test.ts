import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { purchases } from '@app/db';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner } from './fixtures.ts';
import { createBatch, createCourse } from './catalogue-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('GET /orders/{order_id}', () => {
  it('reads back a paid course order: name, kind, amount in rupees, provider order id, paid_at', async () => {
    const buyer = await createLearner(t.app);
    const course = await createCourse(t.app, { name: 'Chemistry', pricePaise: 50_000, offerPricePaise: 33_333 });
    const checkout = await t.client.as(buyer.token).post('/checkout', { course_id: course.id });
    const { purchase_id: purchaseId, order_id: orderId } = checkout.body.data;

    const pending = await t.client.as(buyer.token).get(`/orders/${purchaseId}`);
    expect(pending.statusCode).toBe(200);
    expect(pending.body.data).toEqual({
      purchase_id: purchaseId,
      order_id: orderId,
      item: 'course',
      name: 'Chemistry',
      course_id: course.id,
      batch_id: null,
      amount: 333.33,
      currency: 'INR',
      status: 'pending',
      paid_at: null,
    });

    const paidAt = new Date('2026-03-04T05:06:07.000Z');
    await t.app.ctx.db.update(purchases).set({ status: 'paid', paidAt }).where(eq(purchases.id, purchaseId));
    const paid = await t.client.as(buyer.token).get(`/orders/${purchaseId}`);
    expect(paid.body.data).toMatchObject({ status: 'paid', paid_at: paidAt.toISOString(), amount: 333.33 });
  });

  it('reads back a free enrolment, which has no provider order, and a batch fee', async () => {
    const buyer = await createLearner(t.app);
    const course = await createCourse(t.app, { name: 'Free course', pricePaise: 0 });
    const free = await t.client.as(buyer.token).post('/checkout', { course_id: course.id });
    expect(free.body.data.payment).toBe(false);
    const order = await t.client.as(buyer.token).get(`/orders/${free.body.data.purchase_id}`);
    expect(order.body.data).toMatchObject({
      order_id: null,
      item: 'course',
      name: 'Free course',
      amount: 0,
      status: 'paid',
    });
    expect(order.body.data.paid_at).toEqual(expect.any(String));

    const batch = await createBatch(t.app, { learnerId: buyer.id, feePaise: 120_050 });
    const fee = await t.client.as(buyer.token).post('/first-payment', {});
    const feeOrder = await t.client.as(buyer.token).get(`/orders/${fee.body.data.purchase_id}`);
    expect(feeOrder.body.data).toMatchObject({
      item: 'batch',
      name: batch.name,
      course_id: null,
      batch_id: batch.id,
      amount: 1200.5,
      status: 'pending',
    });
  });

  it("is 404 for someone else's order and an unknown one, 422 for a bad id, and needs a verified learner", async () => {
    const owner = await createLearner(t.app);
    const other = await createLearner(t.app);
    const course = await createCourse(t.app, { pricePaise: 10_000 });
    const { purchase_id: purchaseId } = (await t.client.as(owner.token).post('/checkout', { course_id: course.id }))
      .body.data;

    expect((await t.client.as(other.token).get(`/orders/${purchaseId}`)).body).toEqual({
      status: false,
      message: 'No such order.',
    });
    expect((await t.client.as(owner.token).get('/orders/999999')).statusCode).toBe(404);
    expect((await t.client.as(owner.token).get('/orders/order_abc')).statusCode).toBe(422);
    expect((await t.client.get(`/orders/${purchaseId}`)).statusCode).toBe(401);
    const unverified = await createLearner(t.app, { verified: false });
    expect((await t.client.as(unverified.token).get(`/orders/${purchaseId}`)).statusCode).toBe(417);
  });
});
