import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createLearner, getUser } from '../fixtures.ts';
import { createCourse, createOfferCode } from '../catalogue-fixtures.ts';
import { createQuizCourse } from '../quiz-fixtures.ts';
import { ledgerOf, setReferenceData, walletOf } from '../wallet-fixtures.ts';
import { expectBooksBalanced, takeQuiz } from './abuse-fixtures.ts';

/** Item 3 of issue 13: nothing free turns into money. */
describe('abuse: free actions mint nothing', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await setReferenceData(t.app, { refund_window_days: 7 });
  });
  afterAll(async () => {
    await t.close();
  });

  it('two throwaway sign-ups enrolling in a free course neither activate nor earn the referrer a level reward', async () => {
    const farmer = await createLearner(t.app);
    const free = await createCourse(t.app, { pricePaise: 0 });
    for (let i = 0; i < 2; i++) {
      const throwaway = await createLearner(t.app, { referrerId: farmer.id });
      const res = await t.client.as(throwaway.token).post('/checkout', { course_id: free.id });
      expect(res.statusCode).toBe(200);
      expect(res.body.data.payment).toBe(false);
      expect((await getUser(t.app, throwaway.id)).activatedAt).toBeNull();
    }
    expect(await ledgerOf(t.app, farmer.id)).toEqual([]);
    expect(await walletOf(t.app, farmer.id)).toEqual({ balancePaise: 0, points: 0 });
    const status = (await t.client.as(farmer.token).get('/level-status')).body.data;
    expect(status).toMatchObject({ level_number: 1, completed_node: 0, completed_users: [] });
    const tree = (await t.client.as(farmer.token).get('/tree')).body.data;
    expect(tree.data.map((u: { status: string }) => u.status)).toEqual(['pending', 'pending']);
  });

  it('a 100%-off code makes a ₹0 purchase that activates nothing either', async () => {
    const farmer = await createLearner(t.app);
    await createOfferCode(t.app, { code: 'ALLFREE', discountValue: 10_000 });
    const course = await createCourse(t.app, { pricePaise: 99_900 });
    const throwaway = await createLearner(t.app, { referrerId: farmer.id });
    const res = await t.client.as(throwaway.token).post('/checkout', { course_id: course.id, offer_code: 'ALLFREE' });
    expect(res.body.data).toMatchObject({ payment: false, amount: 0 });
    expect((await getUser(t.app, throwaway.id)).activatedAt).toBeNull();
    expect(await ledgerOf(t.app, farmer.id)).toEqual([]);
  });

  it('grades and certifies the quizzes of a free course but credits no Quiz Points', async () => {
    const learner = await createLearner(t.app);
    const course = await createQuizCourse(t.app, { banks: [12] });
    await t.app.ctx.db.execute(
      `update courses set price_paise = 0, offer_price_paise = 0 where id = ${course.courseId}`,
    );
    expect((await t.client.as(learner.token).post('/checkout', { course_id: course.courseId })).body.data.payment).toBe(
      false,
    );
    const result = await takeQuiz(t, t.client.as(learner.token), course.subjectIds[0]!, 10);
    expect(result.statusCode).toBe(200);
    expect(result.body.data).toMatchObject({ total_mark: 10 });
    expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 0, points: 0 });
    expect(await ledgerOf(t.app, learner.id)).toEqual([]);
    // Nothing to redeem.
    const redeem = await t.client.as(learner.token).post('/redeem-point', { point: 10 });
    expect(redeem.statusCode).toBe(422);
    await expectBooksBalanced(t);
  });
});
