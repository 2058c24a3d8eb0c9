import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createLearner, type Learner } from '../fixtures.ts';
import { buyThroughSandbox, createAdmin } from '../admin-fixtures.ts';
import { ledgerOf, setReferenceData } from '../wallet-fixtures.ts';
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

  it('ATTACK: one refund of a Starter sub-user, and Bronze pays its reward twice', async () => {
    farmer = await createLearner(t.app);
    // Starter (2 sub-users) then Bronze (4) inside one refund window: both rewards held.
    const first = await subUser();
    const firstPurchase = await buy(first);
    await buy(await subUser());
    for (let i = 0; i < 4; i++) await buy(await subUser());
    expect((await t.client.as(farmer.token).get('/level-status')).body.data).toMatchObject({ level_number: 3 });

    // The first sub-user asks for their money back inside the window (an ordinary refund): Starter's held reward is
    // cancelled and the ladder goes back to Starter, Bronze staying achieved.
    expect((await t.client.as(admin.token).post(`/admin/purchases/${firstPurchase}/refund`)).statusCode).toBe(200);

    // Five more paying sign-ups: one completes Starter again (fair: its first reward was cancelled), four complete
    // Bronze, already achieved and rewarded.
    for (let i = 0; i < 5; i++) await buy(await subUser());

    const rewards = (await ledgerOf(t.app, farmer.id))
      .filter((e) => e.method === 'Level Reward' && e.status !== 'Rejected')
      .map((e) => [e.amountPaise, e.points]);
    // Starter once (₹100, 100 points) and Bronze once (₹250, 200 points): the ten counted sub-users earn no more.
    expect(rewards.filter(([paise]) => paise === 25_000)).toHaveLength(1);
    expect(rewards).toHaveLength(2);
    await expectBooksBalanced(t);
  });
});
