import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { purchases, sandboxOrders } from '@app/db';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { createCourse } from './catalogue-fixtures.ts';
import { reconcilePendingPurchases } from '../src/services/payments/reconcile-pending-purchases.ts';

const MINUTE = 60_000;
let t: TestApp;
let buyer: Learner;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await createLearner(t.app);
});
afterAll(async () => t?.close());

async function startCheckout(learner: Learner) {
  const course = await createCourse(t.app, { pricePaise: 25_000 });
  const res = await t.client.as(learner.token).post('/checkout', { course_id: course.id });
  expect(res.statusCode).toBe(200);
  return {
    courseId: course.id,
    purchaseId: res.body.data.purchase_id as number,
    orderId: res.body.data.order_id as string,
  };
}

const statusOf = async (purchaseId: number) =>
  (await t.app.ctx.db.select({ status: purchases.status }).from(purchases).where(eq(purchases.id, purchaseId)))[0]!
    .status;

describe('reconcilePendingPurchases', () => {
  it('settles a purchase paid at the provider whose /pay-now never came, once it is old enough', async () => {
    const { courseId, purchaseId, orderId } = await startCheckout(buyer);
    const paid = await t.client.post('/sandbox/pay', { order_id: orderId, outcome: 'success' });
    expect(paid.statusCode).toBe(200);

    // Too young: the learner may still be on the provider's form.
    const early = await reconcilePendingPurchases(t.app.ctx);
    expect(early.paid).toBe(0);
    expect(await statusOf(purchaseId)).toBe('pending');

    t.clock.advance(20 * MINUTE);
    const report = await reconcilePendingPurchases(t.app.ctx);
    expect(report.paid).toBeGreaterThanOrEqual(1);
    expect(await statusOf(purchaseId)).toBe('paid');
    const learn = await t.client.as(buyer.token).get('/learn');
    expect(learn.body.data.course.map((c: { id: number }) => c.id)).toContain(courseId);

    // A late /pay-now still succeeds, and nothing changes on a second run.
    const late = await t.client.as(buyer.token).post('/pay-now', {
      payment_id: paid.body.razorpay_payment_id,
      order_id: orderId,
      signature: paid.body.razorpay_signature,
    });
    expect(late.statusCode).toBe(200);
    const again = await reconcilePendingPurchases(t.app.ctx);
    expect(again.paid).toBe(0);
  });

  it('fails a purchase whose every attempt failed, and closes its order', async () => {
    const learner = await createLearner(t.app);
    const { purchaseId, orderId } = await startCheckout(learner);
    expect((await t.client.post('/sandbox/pay', { order_id: orderId, outcome: 'failure' })).statusCode).toBe(400);
    t.clock.advance(20 * MINUTE);
    await reconcilePendingPurchases(t.app.ctx);
    expect(await statusOf(purchaseId)).toBe('failed');
    const [order] = await t.app.ctx.db.select().from(sandboxOrders).where(eq(sandboxOrders.id, orderId));
    expect(order!.status).toBe('expired');
    const closed = await t.client.post('/sandbox/pay', { order_id: orderId, outcome: 'success' });
    expect(closed.statusCode).toBe(400);
    expect(closed.body.message).toBe('This order has expired.');
  });

  it('fails a checkout cut off before it got a provider order, freeing its offer-code reservation', async () => {
    const learner = await createLearner(t.app);
    const course = await createCourse(t.app, { pricePaise: 25_000 });
    const [cut] = await t.app.ctx.db
      .insert(purchases)
      .values({
        userId: learner.id,
        courseId: course.id,
        pricePaise: 25_000,
        amountPaise: 25_000,
        provider: 'sandbox',
        createdAt: t.app.ctx.now(),
      })
      .returning({ id: purchases.id });
    await reconcilePendingPurchases(t.app.ctx);
    expect(await statusOf(cut!.id)).toBe('pending');
    t.clock.advance(20 * MINUTE);
    const report = await reconcilePendingPurchases(t.app.ctx);
    expect(report.failed).toBeGreaterThanOrEqual(1);
    expect(await statusOf(cut!.id)).toBe('failed');
  });

  it('leaves an untouched order pending for a day, then closes it; a failed purchase never becomes paid', async () => {
    const learner = await createLearner(t.app);
    const { purchaseId, orderId } = await startCheckout(learner);
    t.clock.advance(60 * MINUTE);
    await reconcilePendingPurchases(t.app.ctx);
    expect(await statusOf(purchaseId)).toBe('pending');

    t.clock.advance(24 * 60 * MINUTE);
    await reconcilePendingPurchases(t.app.ctx);
    expect(await statusOf(purchaseId)).toBe('failed');

    // Even a genuine signature cannot bring it back.
    const { paymentSignature } = await import('../src/services/payments/signatures.ts');
    const { hmacHex } = await import('../src/lib/crypto.ts');
    const secret = hmacHex(t.app.ctx.env.APP_SECRET, 'sandbox-payments:key-secret');
    const res = await t.client.as(learner.token).post('/pay-now', {
      payment_id: 'pay_AAAAAAAAAAAAAA',
      order_id: orderId,
      signature: paymentSignature(secret, orderId, 'pay_AAAAAAAAAAAAAA'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toBe('This order is closed. If money was taken it will be refunded.');
    expect(await statusOf(purchaseId)).toBe('failed');
  });
});

describe('the reconcile job', () => {
  it('runs on a worker (off under NODE_ENV=test by default), on a 5-minute schedule', async () => {
    const { buildApp } = await import('../src/app.ts');
    const { loadEnv } = await import('../src/env.ts');
    const app = await buildApp({
      env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: `/tmp/lc-reconciler-${Date.now()}` }),
      database: t.app.ctx.database,
      now: t.clock.now,
      logger: false,
      worker: { pollingIntervalSeconds: 0.5 },
    });
    try {
      const learner = await createLearner(t.app);
      const { purchaseId, orderId } = await startCheckout(learner);
      await t.client.post('/sandbox/pay', { order_id: orderId, outcome: 'success' });
      t.clock.advance(20 * MINUTE);
      // What the schedule does every 5 minutes, without waiting for the clock.
      await app.ctx.jobs.enqueue('reconcile', { olderThanMinutes: 15 });
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && (await statusOf(purchaseId)) !== 'paid')
        await new Promise((r) => setTimeout(r, 100));
      expect(await statusOf(purchaseId)).toBe('paid');
      const schedules = await t.app.ctx.database.db.execute<{ name: string; cron: string; timezone: string }>(
        sql`select name, cron, timezone from pgboss.schedule order by name`,
      );
      // The month-end snapshot of Balances owed is read in India time (decision 067).
      expect(schedules.rows).toEqual([
        { name: 'balance-snapshot', cron: '0 0 1 * *', timezone: 'Asia/Kolkata' },
        // Every dispute open here asked of Razorpay, daily at 03:00 India time.
        { name: 'dispute-check', cron: '0 3 * * *', timezone: 'Asia/Kolkata' },
        { name: 'erasure-follow-up', cron: '*/5 * * * *', timezone: 'UTC' },
        { name: 'reconcile', cron: '*/5 * * * *', timezone: 'UTC' },
      ]);
    } finally {
      await app.close();
    }
  });
});
