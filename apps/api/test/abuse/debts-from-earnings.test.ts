import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@app/db';
import { createTestApp, lockWaits, waitFor, type TestApp } from '../helpers.ts';
import { createLearner, type Learner } from '../fixtures.ts';
import { buyThroughSandbox, createAdmin } from '../admin-fixtures.ts';
import { ledgerOf, setReferenceData, signInNow, validBank, walletOf } from '../wallet-fixtures.ts';
import { DAY_MS, expectBooksBalanced } from './abuse-fixtures.ts';
import { settleDueWallets } from '../../src/services/wallet/index.ts';

/**
 * Decision 068: what a refund could not take back (the commission had been withdrawn and paid out) is owed, and the
 * learner's later earnings pay it before any of them can be withdrawn. A ring that withdraws its commissions and then
 * charges back its sub-users' card payments kept them, and went on earning and withdrawing with the same account.
 */
describe('abuse: a debt is paid from later earnings', () => {
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

  const ops = () => t.client.as(admin.token);
  const afterWindow = () => t.clock.advance(7 * DAY_MS + 60_000);
  const owedPaise = async (userId: number) =>
    (await ledgerOf(t.app, userId)).reduce((sum, entry) => sum + entry.shortfallPaise, 0);
  const recoveries = async (userId: number) =>
    (await ledgerOf(t.app, userId))
      .filter((entry) => entry.shortfallPaise < 0)
      .map((entry) => [entry.method, entry.amountPaise, entry.description]);

  /** A referrer whose commission on a purchase of `pricePaise` was withdrawn, paid out, then refunded: the commission is owed. */
  async function owingReferrer(pricePaise: number): Promise<Learner> {
    const referrer = await createLearner(t.app);
    expect((await t.client.as(referrer.token).post('/bank-details', validBank)).statusCode).toBe(200);
    const { purchaseId } = await buyThroughSandbox(
      t,
      await createLearner(t.app, { referrerId: referrer.id }),
      pricePaise,
    );
    afterWindow();
    const token = await signInNow(t.app, referrer.id);
    const commission = pricePaise / 10 / 100;
    expect((await t.client.as(token).post('/withdraw', { amount: commission })).statusCode).toBe(200);
    const withdrawal = (await ledgerOf(t.app, referrer.id)).find((entry) => entry.method === 'Withdraw')!;
    expect(
      (
        await ops().post(`/admin/withdrawals/${withdrawal.id}/settle`, {
          status: 'Done',
          bank_reference: `UTR${withdrawal.id}`,
        })
      ).statusCode,
    ).toBe(200);
    // The card payment is charged back: the operator refunds it after the window.
    expect((await ops().post(`/admin/purchases/${purchaseId}/refund`)).body.data).toMatchObject({
      commission_shortfall: commission,
    });
    expect(await owedPaise(referrer.id)).toBe(pricePaise / 10);
    return { ...referrer, token };
  }

  it('ATTACK: the next commissions pay the debt before they can be withdrawn; the wallet page shows what is still owed', async () => {
    const referrer = await owingReferrer(500_000); // ₹500 owed
    // Two more sub-users: ₹200 of commission and Starter's ₹100 and 100 points, held for the window.
    for (let i = 0; i < 2; i++)
      await buyThroughSandbox(t, await createLearner(t.app, { referrerId: referrer.id }), 100_000);
    afterWindow();
    const token = await signInNow(t.app, referrer.id);

    // The wallet page releases them, and they pay ₹300 of the ₹500.
    const page = (await t.client.as(token).get('/transactions')).body.data;
    expect(page).toMatchObject({ balance: 0, points: 100, owed: 200 });
    expect(page.transactions[0]).toMatchObject({
      method: 'Commission Reversal',
      amount: -300,
      status: 'Done',
      description: '₹300.00 owed from earnings taken back after you had withdrawn them, recovered from your earnings',
    });
    const refused = await t.client.as(token).post('/withdraw', { amount: 100 });
    expect(refused.statusCode).toBe(422);
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 0, points: 100 });

    // Points redeemed become rupees, which pay ₹100 more: nothing reaches the balance.
    const redeemed = await t.client.as(token).post('/redeem-point', { point: 100 });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.body.data).toEqual({ points: 0, balance: 0 });
    expect(await owedPaise(referrer.id)).toBe(10_000);

    // The next commission pays the last ₹100 and the rest is the learner's to withdraw.
    await buyThroughSandbox(t, await createLearner(t.app, { referrerId: referrer.id }), 300_000);
    afterWindow();
    const later = await signInNow(t.app, referrer.id);
    expect((await t.client.as(later).post('/withdraw', { amount: 200 })).statusCode).toBe(200);
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 0, points: 0 });
    expect(await owedPaise(referrer.id)).toBe(0);
    expect((await t.client.as(later).get('/transactions')).body.data.owed).toBe(0);
    expect((await recoveries(referrer.id)).map(([method, amount]) => [method, amount])).toEqual([
      ['Commission Reversal', -30_000],
      ['Commission Reversal', -10_000],
      ['Commission Reversal', -10_000],
    ]);
    await expectBooksBalanced(t);
  });

  it('ATTACK: a withdrawal asked at once, without opening the wallet, pays the debt first and stays paid when refused', async () => {
    const referrer = await owingReferrer(150_000); // ₹150 owed
    await buyThroughSandbox(t, await createLearner(t.app, { referrerId: referrer.id }), 100_000);
    afterWindow();
    const token = await signInNow(t.app, referrer.id);
    // ₹100 released: all of it pays the debt, so there is nothing to withdraw.
    const refused = await t.client.as(token).post('/withdraw', { amount: 100 });
    expect(refused.statusCode).toBe(422);
    expect(refused.body.errors.amount).toBeDefined();
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 0, points: 0 });
    expect(await owedPaise(referrer.id)).toBe(5_000);
    await expectBooksBalanced(t);
  });

  it("the reconciler's release pays the debt, so the balance the dashboard shows is what can be withdrawn", async () => {
    const referrer = await owingReferrer(150_000);
    await buyThroughSandbox(t, await createLearner(t.app, { referrerId: referrer.id }), 200_000);
    afterWindow();
    await settleDueWallets(t.app.ctx.db, { now: t.app.ctx.now() });
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 5_000, points: 0 });
    expect(await owedPaise(referrer.id)).toBe(0);
    const profile = await t.client.as(await signInNow(t.app, referrer.id)).get('/profile');
    expect(profile.body.data).toMatchObject({ balance: 50 });
    await expectBooksBalanced(t);
  });

  it("ATTACK: a refund's own release pays older debts with what its take-back leaves", async () => {
    const referrer = await owingReferrer(300_000); // ₹300 owed
    // One sub-user buys twice (no level on the way): ₹200 and ₹100 of commission, held.
    const buyer = await createLearner(t.app, { referrerId: referrer.id });
    await buyThroughSandbox(t, buyer, 200_000);
    const { purchaseId } = await buyThroughSandbox(t, buyer, 100_000);
    afterWindow();
    // Refunded after the window, before the reconciler or the learner came by: the refund releases both commissions
    // and takes one back; the ₹200 left pays the debt.
    expect((await ops().post(`/admin/purchases/${purchaseId}/refund`)).body.data).toMatchObject({
      commission_reversed: 100,
      commission_shortfall: 0,
    });
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 0, points: 0 });
    expect(await owedPaise(referrer.id)).toBe(10_000);
    await expectBooksBalanced(t);
  });

  it('ATTACK: with no refund window a commission enters the wallet at once; the reconciler pays the debt from it', async () => {
    const referrer = await owingReferrer(150_000); // ₹150 owed
    await setReferenceData(t.app, { refund_window_days: 0 });
    try {
      await buyThroughSandbox(t, await createLearner(t.app, { referrerId: referrer.id }), 100_000);
    } finally {
      await setReferenceData(t.app, { refund_window_days: 7 });
    }
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 10_000, points: 0 });
    await settleDueWallets(t.app.ctx.db, { now: t.app.ctx.now() });
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 0, points: 0 });
    expect(await owedPaise(referrer.id)).toBe(5_000);
    await expectBooksBalanced(t);
  });

  it('an honest learner who owes nothing keeps every rupee, and the wallet page says they owe nothing', async () => {
    const referrer = await createLearner(t.app);
    await t.client.as(referrer.token).post('/bank-details', validBank);
    await buyThroughSandbox(t, await createLearner(t.app, { referrerId: referrer.id }), 100_000);
    afterWindow();
    const token = await signInNow(t.app, referrer.id);
    expect((await t.client.as(token).get('/transactions')).body.data).toMatchObject({ balance: 100, owed: 0 });
    expect((await t.client.as(token).post('/withdraw', { amount: 100 })).statusCode).toBe(200);
    expect(await recoveries(referrer.id)).toEqual([]);
  });

  describe.skipIf(process.env.TEST_DB !== 'postgres')('two requests at once (two connections)', () => {
    it('ATTACK: two withdrawals at once pay the debt once: nothing owed is taken twice', async () => {
      const referrer = await owingReferrer(100_000); // ₹100 owed
      // With no refund window a commission enters the wallet at once: ₹300 beside the ₹100 owed.
      await setReferenceData(t.app, { refund_window_days: 0 });
      try {
        await buyThroughSandbox(t, await createLearner(t.app, { referrerId: referrer.id }), 300_000);
      } finally {
        await setReferenceData(t.app, { refund_window_days: 7 });
      }
      expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 30_000, points: 0 });

      // The wallet's row is held while both withdrawals of ₹100 arrive; each pays debts first.
      let answers: { statusCode: number }[] = [];
      await t.app.ctx.db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, referrer.id)).for('update');
        const both = Promise.all([1, 2].map(() => t.client.as(referrer.token).post('/withdraw', { amount: 100 })));
        await waitFor(async () => (await lockWaits(t)) >= 2, 10_000);
        void both.then((res) => (answers = res));
      });
      await waitFor(() => answers.length === 2, 10_000);
      // ₹100 owed paid once from the ₹300: both withdrawals of ₹100 go through, and nothing is owed (paid twice,
      // it would be -₹100: the learner's own money taken).
      expect(await owedPaise(referrer.id)).toBe(0);
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
      expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 0, points: 0 });
      await expectBooksBalanced(t);
    });
  });
});
