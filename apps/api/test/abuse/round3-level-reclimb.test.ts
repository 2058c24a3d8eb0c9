import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createLearner, type Learner } from '../fixtures.ts';
import { buyThroughSandbox, createAdmin } from '../admin-fixtures.ts';
import { ledgerOf, setReferenceData, signInNow, TEST_LEVELS } from '../wallet-fixtures.ts';
import { DAY_MS, expectBooksBalanced } from './abuse-fixtures.ts';

/**
 * Round 3: a level reward once per level. A refund inside the window that reopens a lower level (its held reward
 * cancelled, decision 019) moves the referrer's ladder back to that level while the higher levels stay achieved.
 * Climbing again then achieves those higher levels a second time: the achievement row already exists (its insert does
 * nothing on the conflict) but the reward is credited again.
 *
 * The reopened level goes back to its old window, which now also holds the windows of the levels achieved above it:
 * counted whole, one more activation reached it again with the higher levels' sub-users, and refunding every sub-user
 * that counted for it alone no longer cancelled it (decision 065: a sub-user counts for one level).
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
  const refund = async (purchaseId: number) =>
    expect((await t.client.as(admin.token).post(`/admin/purchases/${purchaseId}/refund`)).statusCode).toBe(200);

  it('ATTACK: a reopened Starter is not re-reached with Bronze’s sub-users; refunding its own inside their windows cancels it', async () => {
    farmer = await createLearner(t.app);
    const a = await buy(await subUser());
    const b = await buy(await subUser()); // Starter (2) achieved, its reward held
    for (let i = 0; i < 4; i++) await buy(await subUser()); // Bronze (4) achieved, its reward held
    expect(await levelOf(farmer)).toBe(3);

    await refund(a); // Starter reopened on its old window, which holds Bronze's
    const reopened = (await t.client.as(farmer.token).get('/level-status')).body.data;
    // Bronze's four sub-users are Bronze's: the reopened Starter counts B alone, on the screen as on the server.
    expect(reopened).toMatchObject({ level_number: 1, completed_node: 1, completed_users: ['Test Learner'] });
    const g = await buy(await subUser()); // B and G: Starter reached again, fairly
    expect(await levelOf(farmer)).toBe(3);
    await refund(b);
    await refund(g);

    t.clock.advance(8 * DAY_MS);
    const token = await signInNow(t.app, farmer.id);
    expect((await t.client.as(token).get('/transactions')).statusCode).toBe(200); // releases the credits due
    const rewards = (await ledgerOf(t.app, farmer.id)).filter((e) => e.method === 'Level Reward');
    // Four paying sub-users earn Bronze's ₹250 + 200 points; Starter's two were refunded in their windows.
    expect(rewards.filter((e) => e.status === 'Done').map((e) => [e.amountPaise, e.points])).toEqual([[25_000, 200]]);
    await expectBooksBalanced(t);
  });

  it('ATTACK: the ladder chained down is not paid by the top level’s sub-users alone', async () => {
    // A "safe" level minimum by decision 045's rule of thumb (above ₹128.13 a sub-user) and a 60% campaign price.
    await setReferenceData(t.app, { refund_window_days: 7, level_min_purchase_paise: 15_000 });
    try {
      const price = 15_960;
      farmer = await createLearner(t.app);
      const buyOne = async () => (await buyThroughSandbox(t, await subUser(), price)).purchaseId;
      const many = async (n: number) => {
        const ids: number[] = [];
        for (let i = 0; i < n; i++) ids.push(await buyOne());
        return ids;
      };
      const starter = await many(2);
      const bronze = await many(4);
      const silver = await many(8);
      expect(await levelOf(farmer)).toBe(4);

      // Bronze reopened on its old window, which holds Silver's; reached again, then its own refunded.
      await refund(bronze[0]!);
      expect(await levelOf(farmer)).toBe(2);
      const x1 = await buyOne();
      for (const id of [...bronze.slice(1), x1]) await refund(id);
      // Then Starter the same way.
      await refund(starter[0]!);
      expect(await levelOf(farmer)).toBe(1);
      const x2 = await buyOne();
      for (const id of [starter[1]!, x2]) await refund(id);

      t.clock.advance(8 * DAY_MS);
      const token = await signInNow(t.app, farmer.id);
      const wallet = (await t.client.as(token).get('/transactions')).body.data;
      const paidIn = silver.length * price;
      // Silver's ₹500 + 400 points and the commission on Silver's purchases: within what they paid.
      expect(wallet.balance * 100 + wallet.points * 100).toBeLessThan(paidIn);
      const done = (await ledgerOf(t.app, farmer.id)).filter((e) => e.method === 'Level Reward' && e.status === 'Done');
      expect(done.map((e) => [e.amountPaise, e.points])).toEqual([[50_000, 400]]);
      await expectBooksBalanced(t);
    } finally {
      await setReferenceData(t.app, { refund_window_days: 7, level_min_purchase_paise: 0 });
    }
  });

  /** The farmer's level rewards released (Done) once every hold is over, as levels (1 Starter, 2 Bronze, 3 Silver). */
  const paidLevels = async () => {
    t.clock.advance(10 * DAY_MS);
    expect((await t.client.as(await signInNow(t.app, farmer.id)).get('/transactions')).statusCode).toBe(200);
    const level = (paise: number) => TEST_LEVELS.find((l) => l.rewardPaise === paise)!.number;
    return (await ledgerOf(t.app, farmer.id))
      .filter((e) => e.method === 'Level Reward' && e.status === 'Done')
      .map((e) => level(e.amountPaise));
  };

  it('ATTACK: a refunded Bronze sub-user does not stay counted for the re-reached Starter, whose window holds them (refund window shortened)', async () => {
    farmer = await createLearner(t.app);
    const a = await buy(await subUser());
    await buy(await subUser()); // B: Starter achieved, held 7 days
    const bronze: number[] = [];
    for (let i = 0; i < 4; i++) bronze.push(await buy(await subUser())); // C..F: Bronze achieved, held 7 days
    await setReferenceData(t.app, { refund_window_days: 1 }); // the operator shortens the refund window
    try {
      await refund(a); // Starter reopened on its old window, which holds Bronze's
      await buy(await subUser()); // G: Starter reached again with B and G, held one day
      t.clock.advance(2 * DAY_MS); // Starter released; Bronze still held (7 days)
      // Bronze's four refunded while its reward is held: they counted for Bronze alone, so they are no longer active
      // and Bronze's recount cancels it. Read as "counted for the released Starter" (its window holds them), they
      // stayed active and Bronze was paid for four refunded sub-users.
      for (const id of bronze) await refund(id);
      expect(await paidLevels()).toEqual([1]);
      await expectBooksBalanced(t);
    } finally {
      await setReferenceData(t.app, { refund_window_days: 7 });
    }
  });

  it('ATTACK: a re-reached Starter’s hold, extended by a second purchase, does not keep Bronze’s refunded sub-users (refunds after their window)', async () => {
    farmer = await createLearner(t.app);
    const a = await buy(await subUser());
    const bUser = await subUser();
    const b = await buy(bUser); // Starter (A, B)
    const [c, d, e, f] = [
      await buy(await subUser()),
      await buy(await subUser()),
      await buy(await subUser()),
      await buy(await subUser()),
    ]; // Bronze
    await refund(a); // Starter reopened (B)
    const g = await buy(await subUser()); // Starter reached again: B and G
    await refund(c); // Bronze reopened (D, E, F)
    // H: Bronze reached again with D, E and F, still counted for it (decision 070); I..K count for Silver.
    for (let i = 0; i < 4; i++) await buy(await subUser());
    t.clock.advance(DAY_MS);
    bUser.token = await signInNow(t.app, bUser.id);
    await buy(bUser); // B buys again; B's first refunded: B stays active, Starter's hold extended to day 8
    await refund(b);
    t.clock.advance(6.5 * DAY_MS); // day 7.5: Bronze released, Starter still held
    // D, E, F and G refunded after their own windows. D, E, F counted for Bronze, released: they stay counted there;
    // G counted for the held Starter and stops counting, so Starter's recount (B) cancels it. Read as counted for
    // Starter's window that holds them, D, E, F stayed counted for Starter and it stood.
    for (const id of [d, e, f, g]) await refund(id);
    expect(await paidLevels()).toEqual([2]);
    await expectBooksBalanced(t);
  });

  it('a refund of a Starter sub-user, then of a Bronze one: the ladder stays on the reopened Starter, which is paid again', async () => {
    farmer = await createLearner(t.app);
    const a = await buy(await subUser());
    await buy(await subUser()); // A, B: Starter achieved, held
    const c = await buy(await subUser());
    for (let i = 0; i < 3; i++) await buy(await subUser()); // C..F: Bronze achieved, held
    await refund(a); // Starter reopened (B)
    await refund(c); // Bronze reopened (D, E, F): the ladder is not moved up to it, past Starter
    expect(await levelOf(farmer)).toBe(1);
    await buy(await subUser()); // Starter reached again
    expect(await levelOf(farmer)).toBe(2);
    for (let i = 0; i < 4; i++) await buy(await subUser()); // Bronze reached again
    expect(await levelOf(farmer)).toBe(3);
    // Starter counts B and the new one, then the ladder resumes Bronze's window, where D, E and F still count, and the
    // next one reaches it (decision 070). Moved up to Bronze, the ladder never came back to Starter: only Bronze was
    // paid, and Starter's reward was lost for good.
    expect((await paidLevels()).sort()).toEqual([1, 2]);
    await expectBooksBalanced(t);
  });

  it('a finished ladder whose Starter was reopened and reached again shows the last level completed, not Starter', async () => {
    const ladder = (levels: typeof TEST_LEVELS) =>
      levels.map((level) => ({
        number: level.number,
        name: level.name,
        days: level.days,
        node: level.node,
        reward_points: level.rewardPoints,
        reward_amount: level.rewardPaise / 100,
      }));
    const small = TEST_LEVELS.slice(0, 3).map((level) => ({ ...level, node: 2 }));
    expect((await t.client.as(admin.token).put('/admin/levels', { levels: ladder(small) })).statusCode).toBe(200);
    try {
      farmer = await createLearner(t.app);
      const a = await buy(await subUser());
      for (let i = 0; i < 5; i++) await buy(await subUser()); // Starter, Bronze, Silver: two each
      const finished = (await t.client.as(farmer.token).get('/level-status')).body.data;
      expect(finished).toMatchObject({ level_number: 3, level_name: small[2]!.name, is_completed: true });
      await refund(a); // Starter reopened
      expect(await levelOf(farmer)).toBe(1);
      await buy(await subUser()); // Starter reached again: every level achieved
      const again = (await t.client.as(farmer.token).get('/level-status')).body.data;
      // As it was when the ladder was first finished: Silver and its two sub-users, not "Starter" completed.
      expect(again).toEqual(finished);
    } finally {
      expect((await t.client.as(admin.token).put('/admin/levels', { levels: ladder(TEST_LEVELS) })).statusCode).toBe(
        200,
      );
    }
  });

  it('ATTACK: the sub-user who completed Starter does not keep its reward with a second purchase (refunds after the window)', async () => {
    farmer = await createLearner(t.app);
    const a = await buy(await subUser());
    const bUser = await subUser();
    const b1 = await buy(bUser); // completes Starter: the reward is b1's
    t.clock.advance(DAY_MS);
    bUser.token = await signInNow(t.app, bUser.id);
    const b2 = await buy(bUser); // B's second purchase
    await refund(b1); // inside its window: B stays active (b2), Starter held until b2's window ends
    t.clock.advance(8 * DAY_MS); // Starter released
    expect((await t.client.as(await signInNow(t.app, farmer.id)).get('/transactions')).statusCode).toBe(200);
    await refund(a); // after its window: a released level keeps its sub-users
    await refund(b2); // after its window: it stood in for b1, so it takes the reward back
    const ledger = await ledgerOf(t.app, farmer.id);
    // A's half of Starter with A's refund (decision 075), then the rest with b2's: as with one purchase of B's refunded
    // after its window, Starter's ₹100 and 100 points are taken back from the wallet in all. Otherwise the reward,
    // b1's, outlived every purchase of B's.
    expect(
      ledger.filter((e) => e.method === 'Level Reward Reversal').map((e) => [e.purchaseId, e.amountPaise, e.points]),
    ).toEqual([
      [a, -5_000, -50],
      [b1, -5_000, -50],
    ]);
    await expectBooksBalanced(t);
  });
});
