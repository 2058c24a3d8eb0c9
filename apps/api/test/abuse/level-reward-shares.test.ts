import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelAchievements, purchases, walletTransactions } from '@app/db';
import type { TestApp } from '../helpers.ts';
import { createLearner, type Learner } from '../fixtures.ts';
import { createAdmin } from '../admin-fixtures.ts';
import { ledgerOf, setReferenceData, signInNow, TEST_LEVELS, validBank } from '../wallet-fixtures.ts';
import {
  buyThroughRazorpay,
  createRazorpayTestApp,
  deliverWebhook,
  type FakeRazorpay,
} from '../payments-fake-razorpay.ts';
import { DAY_MS, expectBooksBalanced } from './abuse-fixtures.ts';
import { isUpdate, migrationStatements, runStatements } from '../migration-statements.ts';

/**
 * A level reward is earned by the sub-users counted for the level, each its share (decision 075). Found by the
 * 50-account review (session 57): a refund after the holding period took back a level reward only when the refunded
 * purchase was the one that completed the level, so a ring waited out the 7-day window, withdrew, and charged back every
 * card but the completing ones: one paying sub-user per level kept the whole reward, recorded as owed nowhere.
 */
describe('abuse: a level reward taken back share by share when its sub-users are refunded after the window', () => {
  let t: TestApp;
  let rzp: FakeRazorpay;
  let close: () => Promise<void>;
  let admin: Learner;

  beforeAll(async () => {
    ({ t, rzp, close } = await createRazorpayTestApp());
    await setReferenceData(t.app, { refund_window_days: 7 });
    admin = await createAdmin(t.app);
  });
  afterAll(() => close?.());

  const PRICE = 39_900;

  const buy = (buyer: Learner) => buyThroughRazorpay(t, rzp, buyer, PRICE);
  const chargeBack = async (paymentId: string) => {
    rzp.loseDispute(paymentId);
    const res = await deliverWebhook(t, rzp.webhook('payment.dispute.lost', paymentId));
    expect(res.json().data.outcome).toBe('processed');
  };
  const owedPaise = async (userId: number) =>
    (await ledgerOf(t.app, userId)).reduce((sum, entry) => sum + entry.shortfallPaise, 0);

  /** The referrer redeems every point, withdraws the whole balance and the operator pays it. Rupees paid out, in paise. */
  const cashOut = async (referrer: Learner): Promise<number> => {
    const token = await signInNow(t.app, referrer.id);
    const client = t.client.as(token);
    const page = (await client.get('/transactions')).body.data as { balance: number; points: number };
    if (page.points > 0) expect((await client.post('/redeem-point', { point: page.points })).statusCode).toBe(200);
    expect((await client.post('/bank-details', validBank)).statusCode).toBe(200);
    const balance = ((await client.get('/transactions')).body.data as { balance: number }).balance;
    expect((await client.post('/withdraw', { amount: balance })).statusCode).toBe(200);
    const withdrawal = (await ledgerOf(t.app, referrer.id)).find((e) => e.method === 'Withdraw')!;
    const settled = await t.client
      .as(admin.token)
      .post(`/admin/withdrawals/${withdrawal.id}/settle`, { status: 'Done', bank_reference: `UTR${withdrawal.id}` });
    expect(settled.statusCode).toBe(200);
    return -withdrawal.amountPaise;
  };

  it("ATTACK (Starter): a sub-user who did not complete the level charges back after the window: their half of the reward is owed, and the completer's refund then takes only the other half", async () => {
    const referrer = await createLearner(t.app);
    const a = await createLearner(t.app, { referrerId: referrer.id });
    const b = await createLearner(t.app, { referrerId: referrer.id });
    const boughtA = await buy(a);
    const boughtB = await buy(b); // completes Starter: the reward is tied to B's purchase
    t.clock.advance(7 * DAY_MS + 60_000);

    const paidOut = await cashOut(referrer); // ₹100 reward + ₹100 of points + 2 × ₹39.90 commission
    expect(paidOut).toBe(10_000 + 10_000 + 2 * 3_990);

    await chargeBack(boughtA.paymentId); // A gets the ₹399 back from the bank
    expect((await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, boughtA.purchaseId)))[0]!.status).toBe(
      'refunded',
    );

    // A's commission and A's half of the reward (₹50, and 50 points already redeemed: ₹50) are owed, all withdrawn.
    expect(await owedPaise(referrer.id)).toBe(3_990 + 5_000 + 5_000);
    const reversals = () =>
      ledgerOf(t.app, referrer.id).then((entries) => entries.filter((e) => e.method === 'Level Reward Reversal'));
    expect((await reversals()).map((e) => e.purchaseId)).toEqual([boughtA.purchaseId]);
    // The level stays achieved: the reward is not cancelled, and A stays counted there.
    const rewards = await t.app.ctx.db
      .select({ status: walletTransactions.status })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.userId, referrer.id), eq(walletTransactions.method, 'Level Reward')));
    expect(rewards).toEqual([{ status: 'Done' }]);
    // A's refund delivered again (another event id), and the operator's console: nothing more is taken.
    expect(
      (await deliverWebhook(t, rzp.webhook('payment.dispute.lost', boughtA.paymentId, 'evt_again_a'))).json().data
        .outcome,
    ).toBe('ignored');
    expect(await reversals()).toHaveLength(1);

    // B, who completed Starter, charges back too: the rest of the reward, not the whole again.
    await chargeBack(boughtB.paymentId);
    expect(await owedPaise(referrer.id)).toBe(paidOut);
    expect((await reversals()).map((e) => e.purchaseId)).toEqual([boughtA.purchaseId, boughtB.purchaseId]);
    await expectBooksBalanced(t);
  });

  it('ATTACK: a sub-user kept paying by a second purchase takes nothing back; their last refund takes their share once', async () => {
    const referrer = await createLearner(t.app);
    const a = await createLearner(t.app, { referrerId: referrer.id });
    const b = await createLearner(t.app, { referrerId: referrer.id });
    const first = await buy(a);
    await buy(b);
    const second = await buy(a);
    t.clock.advance(7 * DAY_MS + 60_000);
    const shares = () =>
      ledgerOf(t.app, referrer.id).then((entries) => entries.filter((e) => e.method === 'Level Reward Reversal'));
    await chargeBack(first.paymentId);
    // A still paid for a course: still earns their share.
    expect(await shares()).toEqual([]);
    await chargeBack(second.paymentId);
    expect((await shares()).map((e) => [e.purchaseId, e.amountPaise, e.points])).toEqual([
      [second.purchaseId, -5_000, -50],
    ]);
    // A buys again and is refunded again: their share went back once.
    const third = await buy(a);
    t.clock.advance(7 * DAY_MS + 60_000);
    await chargeBack(third.paymentId);
    expect(await shares()).toHaveLength(1);
    await expectBooksBalanced(t);
  });

  it('ATTACK (ring, levels 1–4): 30 sub-users, 26 charge back after the window; the ring takes less than its 4 kept purchases paid', async () => {
    const referrer = await createLearner(t.app);
    const bought: { purchaseId: number; paymentId: string }[] = [];
    for (let i = 0; i < 30; i++) bought.push(await buy(await createLearner(t.app, { referrerId: referrer.id })));
    const rewards = (await ledgerOf(t.app, referrer.id)).filter((e) => e.method === 'Level Reward');
    expect(rewards).toHaveLength(4); // Starter, Bronze, Silver, Gold
    const completing = new Set(rewards.map((r) => r.purchaseId));
    t.clock.advance(7 * DAY_MS + 60_000);

    const paidOut = await cashOut(referrer); // ₹1,850 + 1,500 points + 30 × ₹39.90
    const disputed = bought.filter((p) => !completing.has(p.purchaseId));
    for (const p of disputed) await chargeBack(p.paymentId);

    const owed = await owedPaise(referrer.id);
    const keptPaid = (bought.length - disputed.length) * PRICE;
    const take = paidOut - owed;
    await expectBooksBalanced(t);
    // What nothing may turn into money: what the ring took and does not owe stays within what its kept purchases paid.
    expect(take).toBeLessThanOrEqual(keptPaid);
  }, 120_000);

  /** The Starter reward's reversals: money asked (taken + owed) and points taken, in all. */
  const reversed = async (referrerId: number) => {
    const rows = (await ledgerOf(t.app, referrerId)).filter((e) => e.method === 'Level Reward Reversal');
    return {
      rows: rows.map((e) => [e.purchaseId, e.amountPaise, e.shortfallPaise, e.points]),
      points: rows.reduce((sum, e) => sum - e.points, 0),
      // Money taken and owed: points short (redeemed or gone) are asked as rupees, so they show here too.
      paise: rows.reduce((sum, e) => sum - e.amountPaise + e.shortfallPaise, 0),
    };
  };
  const ladder = (starterNode: number) =>
    TEST_LEVELS.map((level) => ({
      number: level.number,
      name: level.name,
      days: level.days,
      node: level.number === 1 ? starterNode : level.node,
      reward_points: level.rewardPoints,
      reward_amount: level.rewardPaise / 100,
    }));

  it("ATTACK: the operator raising Starter's node (2 → 4) after a share was taken: the completer's refund takes the other half, the reward once in all", async () => {
    const referrer = await createLearner(t.app);
    const a = await createLearner(t.app, { referrerId: referrer.id });
    const b = await createLearner(t.app, { referrerId: referrer.id });
    const boughtA = await buy(a);
    const boughtB = await buy(b); // completes Starter (node 2): ₹100 + 100 points
    t.clock.advance(7 * DAY_MS + 60_000);
    await chargeBack(boughtA.paymentId); // A's half: ₹50 + 50 points
    expect((await t.client.as(admin.token).put('/admin/levels', { levels: ladder(4) })).statusCode).toBe(200);
    try {
      await chargeBack(boughtB.paymentId); // the rest: should be ₹50 + 50 points
      const { rows, points, paise } = await reversed(referrer.id);
      // Shares by the node Starter was achieved with: ₹50 + 50 points each, ₹100 + 100 points in all.
      expect(rows.map(([purchaseId, amount, , pts]) => [purchaseId, amount, pts])).toEqual([
        [boughtA.purchaseId, -5_000, -50],
        [boughtB.purchaseId, -5_000, -50],
      ]);
      expect({ points, paise }).toEqual({ points: 100, paise: 10_000 });
    } finally {
      await t.client.as(admin.token).put('/admin/levels', { levels: ladder(2) });
    }
  });

  it("ATTACK: a share taken, then its sub-user found a self-referral: the completer's refund takes the other half, the reward once in all", async () => {
    const referrer = await createLearner(t.app);
    const a = await createLearner(t.app, { referrerId: referrer.id });
    const b = await createLearner(t.app, { referrerId: referrer.id });
    expect((await t.client.as(referrer.token).post('/bank-details', validBank)).statusCode).toBe(200);
    const boughtA = await buy(a);
    const boughtB = await buy(b);
    t.clock.advance(7 * DAY_MS + 60_000);
    await chargeBack(boughtA.paymentId); // A's half: ₹50 + 50 points
    // A saves the referrer's own bank account: found a self-referral, counted for no level now.
    expect((await t.client.as(a.token).post('/bank-details', validBank)).statusCode).toBe(200);
    await chargeBack(boughtB.paymentId); // the rest: should be ₹50 + 50 points
    const { rows, points, paise } = await reversed(referrer.id);
    expect(rows.map(([purchaseId, amount, , pts]) => [purchaseId, amount, pts])).toEqual([
      [boughtA.purchaseId, -5_000, -50],
      [boughtB.purchaseId, -5_000, -50],
    ]);
    expect({ points, paise }).toEqual({ points: 100, paise: 10_000 });
  });

  it('ATTACK: a sub-user found a self-referral after the window (then charged back): their share of the released reward goes back, once', async () => {
    const referrer = await createLearner(t.app);
    const a = await createLearner(t.app, { referrerId: referrer.id });
    const b = await createLearner(t.app, { referrerId: referrer.id });
    expect((await t.client.as(referrer.token).post('/bank-details', validBank)).statusCode).toBe(200);
    const boughtA = await buy(a);
    await buy(b); // completes Starter: ₹100 + 100 points, released after the window
    t.clock.advance(7 * DAY_MS + 60_000);
    // The ring's member A saves the referrer's bank account: a self-referral, its commission taken back, its
    // counted level cleared; then A charges back. B, the completer, keeps paying.
    expect((await t.client.as(a.token).post('/bank-details', validBank)).statusCode).toBe(200);
    await chargeBack(boughtA.paymentId);
    // A's share (₹50 + 50 points) goes back when A is found out, and A's chargeback takes nothing more of it.
    const { rows, points, paise } = await reversed(referrer.id);
    expect(rows.map(([purchaseId, amount, , pts]) => [purchaseId, amount, pts])).toEqual([
      [boughtA.purchaseId, -5_000, -50],
    ]);
    expect({ points, paise }).toEqual({ points: 50, paise: 5_000 });
  });

  it('migration 0044 records on an earlier achievement the node its level has (its shares are counted by it)', async () => {
    const referrer = await createLearner(t.app);
    await buy(await createLearner(t.app, { referrerId: referrer.id }));
    await buy(await createLearner(t.app, { referrerId: referrer.id })); // Starter achieved (node 2)
    const achievement = and(eq(levelAchievements.userId, referrer.id), eq(levelAchievements.levelNumber, 1));
    // As an achievement from before the migration: no node recorded.
    await t.app.ctx.db.update(levelAchievements).set({ node: null }).where(achievement);
    await runStatements(t.app.ctx.db, migrationStatements('0044_level_reward_shares.sql', isUpdate));
    const [row] = await t.app.ctx.db
      .select({ node: levelAchievements.node })
      .from(levelAchievements)
      .where(achievement);
    expect(row).toEqual({ node: 2 });
  });

  it("ATTACK: the operator lowering Starter's node (4 → 2) while 3 sub-users count there: the 4 chargebacks after the window take back the reward once", async () => {
    expect((await t.client.as(admin.token).put('/admin/levels', { levels: ladder(4) })).statusCode).toBe(200);
    try {
      const referrer = await createLearner(t.app);
      const bought = [];
      for (let i = 0; i < 3; i++) bought.push(await buy(await createLearner(t.app, { referrerId: referrer.id })));
      // The operator makes Starter easier: node 2. The next activation achieves it (count 4 >= 2), node 2 recorded.
      expect((await t.client.as(admin.token).put('/admin/levels', { levels: ladder(2) })).statusCode).toBe(200);
      bought.push(await buy(await createLearner(t.app, { referrerId: referrer.id })));
      const rewards = (await ledgerOf(t.app, referrer.id)).filter((e) => e.method === 'Level Reward');
      expect(rewards.map((r) => [r.amountPaise, r.points])).toEqual([[10_000, 100]]);
      t.clock.advance(7 * DAY_MS + 60_000);
      for (const p of bought) await chargeBack(p.paymentId);
      const reversals = (await ledgerOf(t.app, referrer.id)).filter((e) => e.method === 'Level Reward Reversal');
      const paise = reversals.reduce((sum, e) => sum - e.amountPaise + e.shortfallPaise, 0);
      const points = reversals.reduce((sum, e) => sum - e.points, 0);
      // Shared by the 4 counted, not by the new node: ₹25 + 25 points for each of the 3, and the rest (₹25 + 25 points)
      // with the completer's refund: the reward once, ₹100 and 100 points (₹200 with a point at ₹1). It was ₹400: four
      // shares of reward ÷ 2, the completer's last one taken after nothing was left.
      expect(reversals.map((e) => [e.amountPaise, e.points])).toEqual([
        [-2_500, -25],
        [-2_500, -25],
        [-2_500, -25],
        [-2_500, -25],
      ]);
      expect(paise + points * 100).toBe(20_000);
    } finally {
      await t.client.as(admin.token).put('/admin/levels', { levels: ladder(2) });
    }
  });

  it('ATTACK: an achievement from before migration 0044, its node backfilled below the sub-users it counted: the shares stop at the reward', async () => {
    expect((await t.client.as(admin.token).put('/admin/levels', { levels: ladder(4) })).statusCode).toBe(200);
    try {
      const referrer = await createLearner(t.app);
      const bought = [];
      for (let i = 0; i < 4; i++) bought.push(await buy(await createLearner(t.app, { referrerId: referrer.id })));
      // As the migration's backfill would record it after the operator lowered the node to 2.
      await t.app.ctx.db
        .update(levelAchievements)
        .set({ node: 2 })
        .where(and(eq(levelAchievements.userId, referrer.id), eq(levelAchievements.levelNumber, 1)));
      t.clock.advance(7 * DAY_MS + 60_000);
      for (const p of bought) await chargeBack(p.paymentId);
      const reversals = (await ledgerOf(t.app, referrer.id)).filter((e) => e.method === 'Level Reward Reversal');
      // Two shares of reward ÷ 2 leave nothing: the third sub-user's and the completer's refunds take no more.
      expect(reversals.map((e) => [e.amountPaise, e.points])).toEqual([
        [-5_000, -50],
        [-5_000, -50],
      ]);
    } finally {
      await t.client.as(admin.token).put('/admin/levels', { levels: ladder(2) });
    }
  });
});
