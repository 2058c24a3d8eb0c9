import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerCodes, purchases } from '@app/db';
import { createTestApp, lockWaits, waitFor, type TestApp } from '../helpers.ts';
import { createLearner } from '../fixtures.ts';
import { createCourse, createOfferCode } from '../catalogue-fixtures.ts';
import { buyCourse, createQuizCourse, quizPointsOf } from '../quiz-fixtures.ts';
import { setReferenceData } from '../wallet-fixtures.ts';
import { answerQuiz } from './abuse-fixtures.ts';

/**
 * Row locks on the payment path that a mutation sweep found no test for (PostgreSQL only: a race needs two
 * connections). Each test fails when its lock is dropped.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('abuse: payment guards under concurrency (two connections)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await setReferenceData(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('ATTACK: a quiz submitted while its purchase is being refunded earns no Quiz Points the refund cannot take back', async () => {
    const learner = await createLearner(t.app);
    const course = await createQuizCourse(t.app, { banks: [12] });
    const purchaseId = await buyCourse(t.app, learner.id, course.courseId);
    const subjectId = course.subjectIds[0]!;
    const answered = await answerQuiz(t, t.client.as(learner.token), subjectId, 12);
    expect(answered.refused).toBeUndefined();

    let submission: Promise<{ statusCode: number }> | undefined;
    let isSettled = false;
    await t.app.ctx.db.transaction(async (tx) => {
      // The refund's first statement (markPurchaseRefunded): the purchase flipped, not committed yet; what it takes
      // back was read before the submission's points exist.
      await tx
        .update(purchases)
        .set({ status: 'refunded', refundedAt: new Date() })
        .where(eq(purchases.id, purchaseId));
      submission = t.client
        .as(learner.token)
        .post(`/quiz/${subjectId}`, answered.body)
        .finally(() => {
          isSettled = true;
        });
      // The submission must wait for the refund to end (it holds the purchase FOR SHARE), not run beside it.
      await waitFor(async () => isSettled || (await lockWaits(t)) >= 1, 10_000);
    });
    const res = await submission!;
    expect(res.statusCode).toBe(403);
    expect((await quizPointsOf(t.app, learner.id)).earned).toBe(0);
  });

  it('ATTACK: a payment whose code reservation lapsed cannot take the last use from a checkout reserving it at that moment', async () => {
    const code = await createOfferCode(t.app, { maxUses: 1, discountValue: 2_000 });
    const course = await createCourse(t.app, { pricePaise: 50_000 });
    const slow = await createLearner(t.app);
    const quick = await createLearner(t.app);
    const started = await t.client.as(slow.token).post('/checkout', { course_id: course.id, offer_code: code.code });
    expect(started.statusCode).toBe(200);
    // 31 minutes on the provider's page: the slow learner's reservation lapsed; then they pay.
    await t.app.ctx.db
      .update(purchases)
      .set({ createdAt: new Date(t.app.ctx.now().getTime() - 31 * 60_000) })
      .where(eq(purchases.id, started.body.data.purchase_id));
    const paid = await t.client.post('/sandbox/pay', { order_id: started.body.data.order_id, outcome: 'success' });
    expect(paid.statusCode).toBe(200);

    let confirmation: Promise<{ statusCode: number; body: { message?: string } }> | undefined;
    let isSettled = false;
    await t.app.ctx.db.transaction(async (tx) => {
      // Another learner's checkout at that moment (startCheckout): the code locked, the last use reserved, not committed.
      await tx.select({ id: offerCodes.id }).from(offerCodes).where(eq(offerCodes.id, code.id)).for('update');
      await tx.insert(purchases).values({
        userId: quick.id,
        courseId: course.id,
        offerCodeId: code.id,
        pricePaise: 50_000,
        discountPaise: 10_000,
        amountPaise: 40_000,
        currency: 'INR',
        provider: 'sandbox',
        createdAt: t.app.ctx.now(),
      });
      confirmation = t.client
        .as(slow.token)
        .post('/pay-now', {
          payment_id: paid.body.razorpay_payment_id,
          order_id: paid.body.razorpay_order_id,
          signature: paid.body.razorpay_signature,
        })
        .finally(() => {
          isSettled = true;
        });
      // The confirmation counts the code's uses after the checkout that holds the code, not beside it.
      await waitFor(async () => isSettled || (await lockWaits(t)) >= 1, 10_000);
    });
    const late = await confirmation!;
    expect(late.statusCode).toBe(400);
    expect(late.body.message).toBe(
      'The offer code ran out of uses before your payment arrived. Your payment will be refunded.',
    );
    const [row] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, started.body.data.purchase_id));
    expect(row!.status).toBe('failed');
  });
});
