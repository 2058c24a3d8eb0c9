import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createLearner, type Learner } from '../fixtures.ts';
import { createOfferCode } from '../catalogue-fixtures.ts';
import { createQuizCourse } from '../quiz-fixtures.ts';
import { payThroughSandbox } from '../checkout-fixtures.ts';
import { setReferenceData, walletOf } from '../wallet-fixtures.ts';
import { expectBooksBalanced, takeQuiz } from './abuse-fixtures.ts';

/**
 * One person, a referrer account and sign-ups of their own (distinct mailboxes, mobiles, no shared bank account:
 * nothing the self-referral rule sees). What the whole farm gets back from a purchase is the buyer's Quiz Points PLUS
 * the referrer's commission on it PLUS its share of a level reward: the points stop at what the business keeps of the
 * purchase after the others (decision 048). Found by a review: each cap set on its own credit exceeded the price.
 */
describe('abuse: a farm never earns back more than it pays', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    // No refund window, so that what is earned is in the wallets at once (the farm simply does not ask for refunds).
    await setReferenceData(t.app, { refund_window_days: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  /** What a wallet is worth in rupee paise: balance plus points at the redeem rate (₹1). */
  const worth = async (who: Learner) => {
    const w = await walletOf(t.app, who.id);
    return w.balancePaise + w.points * 100;
  };

  async function farm(options: { signUps: number; code: string }) {
    const farmer = await createLearner(t.app);
    const course = await createQuizCourse(t.app, { banks: Array.from({ length: 10 }, () => 12) });
    let paid = 0;
    const throwaways: Learner[] = [];
    for (let i = 0; i < options.signUps; i++) {
      const throwaway = await createLearner(t.app, { referrerId: farmer.id });
      throwaways.push(throwaway);
      const checkout = await t.client
        .as(throwaway.token)
        .post('/checkout', { course_id: course.courseId, offer_code: options.code });
      paid += checkout.body.data.amount;
      await payThroughSandbox(t, throwaway, '/checkout', { course_id: course.courseId, offer_code: options.code });
      for (const subjectId of course.subjectIds)
        expect((await takeQuiz(t, t.client.as(throwaway.token), subjectId, 10)).statusCode).toBe(200);
    }
    let earned = await worth(farmer);
    for (const throwaway of throwaways) earned += await worth(throwaway);
    return { paid, earned };
  }

  it('ATTACK: with the default settings, a sign-up buying a ten-subject ₹399 course with a 90% code earns the farm less than its ₹39.90', async () => {
    const code = await createOfferCode(t.app, { code: `NINETY${Date.now()}`, discountValue: 9_000 });
    // One sign-up: no level is reached (level 1 needs two), so this is Quiz Points + commission alone.
    const { paid, earned } = await farm({ signUps: 1, code: code.code });
    expect(paid).toBe(3_990);
    // Was 39 points (₹39.00) to the buyer + ₹3.99 commission to the farmer = ₹42.99 for ₹39.90. Now the ₹33.81 the
    // business keeps after GST, less the commission and a sign-up's share of a level reward, leaves no points.
    expect(earned).toBe(399);
    expect(earned).toBeLessThanOrEqual(paid);
    await expectBooksBalanced(t);
  });

  it('ATTACK: a level minimum set above the level reward per sign-up (decision 045’s rule of thumb) leaves the farm no profit', async () => {
    // Level 1 pays ₹100 + 100 points for two sign-ups: ₹100 a sign-up, ÷ 0.9 for the commission = ₹111.12. The
    // operator sets ₹150 to be safe, and runs a 60% campaign on the ₹399 course: ₹159.60 a purchase, above it.
    await setReferenceData(t.app, { refund_window_days: 0, level_min_purchase_paise: 15_000 });
    const code = await createOfferCode(t.app, { code: `SIXTY${Date.now()}`, discountValue: 6_000 });
    const { paid, earned } = await farm({ signUps: 2, code: code.code });
    expect(paid).toBe(2 * 15_960);
    // Was 2 × 100 points (₹200) + 2 × ₹15.96 commission + level 1 (₹100 + 100 points) = ₹431.92 for ₹319.20.
    expect(earned).toBeLessThanOrEqual(paid);
    await expectBooksBalanced(t);
  });
});
