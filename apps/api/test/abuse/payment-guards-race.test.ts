import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchases } from '@app/db';
import { createTestApp, lockWaits, waitFor, type TestApp } from '../helpers.ts';
import { createLearner } from '../fixtures.ts';
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
});
