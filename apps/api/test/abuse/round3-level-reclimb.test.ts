import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createLearner, type Learner } from '../fixtures.ts';
import { buyThroughSandbox, createAdmin } from '../admin-fixtures.ts';
import { ledgerOf, setReferenceData, TEST_LEVELS } from '../wallet-fixtures.ts';
import { expectBooksBalanced } from './abuse-fixtures.ts';

/**
 * Round 3: a level reward once per level. A refund inside the window that reopens a lower level (its held reward
 * cancelled, decision 019) moves the referrer's ladder back to that level while the higher levels stay achieved.
 * Climbing again then achieves those higher levels a second time: the achievement row already exists (its insert does
 * nothing on the conflict) but the reward is credited again.
 */
describe('abuse round 3: a reopened lower level lets the referrer climb the achieved levels again', () => {
  let t: TestApp;
  let admin: Learner;

  beforeAll(async () => {
    t = await createTestApp();
    await setReferenceData(t.app, { refund_window_days: 7 });
    admin = await createAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const buy = async (buyer: Learner) => (await buyThroughSandbox(t, buyer, 100_000)).purchaseId;
  let farmer: Learner;
  const subUser = () => createLearner(t.app, { referrerId: farmer.id });

  /** Starter (2 sub-users) then Bronze (4) inside one refund window, both rewards held; then the first sub-user's
   * refund inside the window cancels Starter's reward and moves the ladder back to Starter, Bronze staying achieved. */
  async function climbThenRefundTheFirst() {
    farmer = await createLearner(t.app);
    const first = await subUser();
    const firstPurchase = await buy(first);
    await buy(await subUser());
    for (let i = 0; i < 4; i++) await buy(await subUser());
    expect(await levelOf(farmer)).toBe(3);
    expect((await t.client.as(admin.token).post(`/admin/purchases/${firstPurchase}/refund`)).statusCode).toBe(200);
    expect(await levelOf(farmer)).toBe(1);
  }
  const levelOf = async (learner: Learner) =>
    (await t.client.as(learner.token).get('/level-status')).body.data.level_number as number;
  /** The farmer's level rewards not taken back, as [paise, points]. */
  const liveRewards = async () =>
    (await ledgerOf(t.app, farmer.id))
      .filter((e) => e.method === 'Level Reward' && e.status !== 'Rejected')
      .map((e) => [e.amountPaise, e.points]);

  it('ATTACK: one refund of a Starter sub-user, and Bronze pays its reward twice', async () => {
    await climbThenRefundTheFirst();
    // One more paying sign-up completes Starter again (fair: its first reward was cancelled), and the ladder moves on
    // to Silver, the first level not achieved: Bronze is not worked on again.
    await buy(await subUser());
    expect(await levelOf(farmer)).toBe(3);
    for (let i = 0; i < 4; i++) await buy(await subUser());
    const rewards = await liveRewards();
    // Starter once (₹100, 100 points) and Bronze once (₹250, 200 points): the ten counted sub-users earn no more.
    expect(rewards.filter(([paise]) => paise === 25_000)).toHaveLength(1);
    expect(rewards).toHaveLength(2);
    await expectBooksBalanced(t);
  });

  it('ATTACK: a ladder that lands on an achieved level (the reopened level removed by an operator) does not pay it again', async () => {
    await climbThenRefundTheFirst();
    // The operator removes Starter: the farmer, on Starter, continues on the next level up, Bronze, achieved already.
    const ladder = TEST_LEVELS.filter((level) => level.number !== 1).map((level) => ({
      number: level.number,
      name: level.name,
      days: level.days,
      node: level.node,
      reward_points: level.rewardPoints,
      reward_amount: level.rewardPaise / 100,
    }));
    expect((await t.client.as(admin.token).put('/admin/levels', { levels: ladder })).statusCode).toBe(200);
    try {
      await buy(await subUser());
      // Bronze's count is reached again (its window holds five counted sub-users): passed, not paid a second time.
      expect(await levelOf(farmer)).toBe(3);
      expect((await liveRewards()).filter(([paise]) => paise === 25_000)).toHaveLength(1);
      await expectBooksBalanced(t);
    } finally {
      await setReferenceData(t.app, { refund_window_days: 7 });
    }
  });
});
