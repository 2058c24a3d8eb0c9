import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, walletTransactions } from '@app/db';
import { lockWaits, waitFor, type TestClient } from '../helpers.ts';
import { createLearner, type Learner } from '../fixtures.ts';
import { buyThroughSandbox, createAdmin, setUpAdminTestApp } from '../admin-fixtures.ts';
import { payThroughSandbox } from '../checkout-fixtures.ts';
import { createCourse } from '../catalogue-fixtures.ts';
import { createQuizCourse } from '../quiz-fixtures.ts';
import { postEntry } from '../../src/services/wallet/index.ts';
import { fundWithBank, ledgerOf, signInNow, walletOf } from '../wallet-fixtures.ts';
import { DAY_MS, expectBooksBalanced, takeQuiz } from './abuse-fixtures.ts';

/**
 * Money rules of the wallet and of the operator's settlement that a mutation sweep found no attack test for: each
 * test here fails when its rule is taken out of the code (named in the test).
 */
describe('abuse: wallet guards', () => {
  const t = setUpAdminTestApp();

  const withdrawalsOf = async (userId: number) =>
    (await ledgerOf(t.app, userId)).filter((entry) => entry.method === 'Withdraw');
  const refund = (purchaseId: number) => t.as().post(`/admin/purchases/${purchaseId}/refund`);

  /** A referrer with ₹500 (fundWithBank) and bank details, and the commission on a sub-user's purchase of `pricePaise`. */
  async function referrerWithCommission(pricePaise: number): Promise<{ referrer: Learner; purchaseId: number }> {
    const referrer = await createLearner(t.app);
    await fundWithBank(t, referrer);
    const buyer = await createLearner(t.app, { referrerId: referrer.id });
    const { purchaseId } = await buyThroughSandbox(t, buyer, pricePaise);
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 50_000 + pricePaise / 10, points: 0 });
    return { referrer, purchaseId };
  }
  const withdraw = async (who: Learner, amount: number) =>
    expect((await t.client.as(who.token).post('/withdraw', { amount })).statusCode).toBe(200);

  it('ATTACK: a refund whose commission sits in two withdrawals rejects both, not only the first (take-back.ts rejectWithdrawalsToCover)', async () => {
    // ₹500 of the referrer's own and ₹500 of commission: ₹300 and then ₹600 asked for, ₹100 left in the wallet.
    const { referrer, purchaseId } = await referrerWithCommission(500_000);
    await withdraw(referrer, 300);
    await withdraw(referrer, 600);
    // The purchase is refunded: ₹500 of commission to take back, ₹100 in the wallet. The older withdrawal gives back
    // ₹300, still ₹100 short: the newer one must be stopped too, or the operator pays out ₹100 of refunded commission
    // and the books record it as lost.
    const res = await refund(purchaseId);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ commission_reversed: 500, commission_shortfall: 0 });
    expect((await withdrawalsOf(referrer.id)).map((w) => [w.amountPaise, w.status])).toEqual([
      [-30_000, 'Rejected'],
      [-60_000, 'Rejected'],
    ]);
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 50_000, points: 0 });
    expect((await t.client.as(referrer.token).get('/transactions')).body.data.owed).toBe(0);
  });

  it('ATTACK (learner harm): a refund rejects only the withdrawals it needs, oldest first; a later one stays to be paid (take-back.ts rejectWithdrawalsToCover)', async () => {
    // ₹500 of the referrer's own and ₹100 of commission: ₹400 and then ₹200 asked for, nothing left in the wallet.
    const { referrer, purchaseId } = await referrerWithCommission(100_000);
    await withdraw(referrer, 400);
    await withdraw(referrer, 200);
    const [older, newer] = await withdrawalsOf(referrer.id);
    // The refund takes back ₹100: the older withdrawal's ₹400 covers it; the newer one is the learner's own money.
    const res = await refund(purchaseId);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ commission_reversed: 100, commission_shortfall: 0 });
    expect((await withdrawalsOf(referrer.id)).map((w) => [w.id, w.status])).toEqual([
      [older!.id, 'Rejected'],
      [newer!.id, 'Pending'],
    ]);
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 30_000, points: 0 });
    const stopped = await t.app.ctx.db
      .select({ entityId: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'withdrawal.rejected_earnings_taken_back')));
    expect(stopped.map((row) => row.entityId)).toContain(String(older!.id));
    expect(stopped.map((row) => row.entityId)).not.toContain(String(newer!.id));
    // The newer one is still the operator's to pay.
    const paid = await t
      .as()
      .post(`/admin/withdrawals/${newer!.id}/settle`, { status: 'Done', bank_reference: 'UTR-NEWER' });
    expect(paid.statusCode).toBe(200);
    const [row] = await t.app.ctx.db.select().from(walletTransactions).where(eq(walletTransactions.id, newer!.id));
    expect(row).toMatchObject({ status: 'Done', bankReference: 'UTR-NEWER' });
  });

  it('ATTACK (learner harm): a recovery spanning two debts leaves owed only what is left of them (recover-shortfalls.ts debtsOf)', async () => {
    // One sub-user buys two ₹1,000 courses: ₹100 of commission each. The referrer withdraws the ₹200 and is paid.
    const referrer = await createLearner(t.app);
    await fundWithBank(t, referrer);
    const buyer = await createLearner(t.app, { referrerId: referrer.id });
    const first = await buyThroughSandbox(t, buyer, 100_000);
    const second = await buyThroughSandbox(t, buyer, 100_000);
    await withdraw(referrer, 700);
    const [paidOut] = await withdrawalsOf(referrer.id);
    const done = await t
      .as()
      .post(`/admin/withdrawals/${paidOut!.id}/settle`, { status: 'Done', bank_reference: `UTR${paidOut!.id}` });
    expect(done.statusCode).toBe(200);
    // Both purchases are refunded: each commission is owed (₹100 and ₹100).
    for (const { purchaseId } of [first, second])
      expect((await refund(purchaseId)).body.data).toMatchObject({ commission_reversed: 0, commission_shortfall: 100 });
    const wallet = () => t.client.as(referrer.token).get('/transactions');
    expect((await wallet()).body.data).toMatchObject({ balance: 0, owed: 200 });

    const earn = (amountPaise: number) =>
      postEntry(t.app.ctx.db, {
        userId: referrer.id,
        method: 'Level Reward',
        amountPaise,
        points: 0,
        status: 'Done',
        description: 'Reward',
      });
    // ₹150 earned pays ₹150 of the ₹200: ₹50 is still owed, no more.
    await earn(15_000);
    expect((await wallet()).body.data).toMatchObject({ balance: 0, owed: 50 });
    // The next ₹100 earned pays those ₹50 and leaves ₹50 to withdraw.
    await earn(10_000);
    expect((await wallet()).body.data).toMatchObject({ balance: 50, owed: 0 });
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 5_000, points: 0 });
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'a refund that waits for a redemption of the Quiz Points it takes back takes their value instead, not fails (take-back.ts reads the wallet under its lock; two connections)',
    async () => {
      const learner = await createLearner(t.app);
      // Another paid course keeps the learner active, so the refund writes nothing to their row before taking back.
      const other = await createCourse(t.app, { pricePaise: 20_000 });
      await payThroughSandbox(t, learner, '/checkout', { course_id: other.id });
      const course = await createQuizCourse(t.app, { banks: [12] });
      const { purchaseId } = await payThroughSandbox(t, learner, '/checkout', { course_id: course.courseId });
      expect((await takeQuiz(t, t.client.as(learner.token), course.subjectIds[0]!, 8)).statusCode).toBe(200);
      expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 0, points: 8 });
      // The learner redeems the 8 points (₹8) while the operator refunds the course: the redemption holds the wallet.
      let refunding: ReturnType<TestClient['post']> | undefined;
      await t.app.ctx.db.transaction(async (tx) => {
        await postEntry(tx, {
          userId: learner.id,
          method: 'Point Redeem',
          amountPaise: 800,
          points: -8,
          status: 'Done',
          description: 'Redeem',
        });
        refunding = refund(purchaseId);
        await waitFor(async () => (await lockWaits(t)) >= 1, 10_000);
      });
      const refunded = await refunding!;
      expect(refunded.statusCode).toBe(200);
      // The points were gone by the time the refund read the wallet: their value is taken back from the balance.
      expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 0, points: 0 });
      await expectBooksBalanced(t);
    },
  );

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'ATTACK: a Done clicked while another operator is starting to pay the withdrawal is refused, not paid twice (withdrawals.ts settle locks before reading the payer; two connections)',
    async () => {
      const learner = await createLearner(t.app);
      await fundWithBank(t, learner);
      await withdraw(learner, 200);
      const [withdrawal] = await withdrawalsOf(learner.id);
      const id = withdrawal!.id;
      const other = await createAdmin(t.app);
      // The withdrawal's row is held while operator A starts paying it and then operator B marks it Done from a page
      // that showed nobody paying: B must read who pays it only once A's start is written, or both send the money.
      let starting: ReturnType<TestClient['post']> | undefined;
      let settling: ReturnType<TestClient['post']> | undefined;
      await t.app.ctx.db.transaction(async (tx) => {
        await tx
          .select({ id: walletTransactions.id })
          .from(walletTransactions)
          .where(eq(walletTransactions.id, id))
          .for('update');
        starting = t.as().post(`/admin/withdrawals/${id}/payout`);
        await waitFor(async () => (await lockWaits(t)) >= 1, 10_000);
        settling = t.client
          .as(other.token)
          .post(`/admin/withdrawals/${id}/settle`, { status: 'Done', bank_reference: 'UTR-SECOND' });
        await waitFor(async () => (await lockWaits(t)) >= 2, 10_000);
      });
      const [started, settled] = [await starting!, await settling!];
      expect(started.statusCode).toBe(200);
      expect([settled.statusCode, settled.body]).toEqual([
        400,
        { status: false, message: 'Another operator has started paying this withdrawal: only they can settle it.' },
      ]);
      const [row] = await t.app.ctx.db.select().from(walletTransactions).where(eq(walletTransactions.id, id));
      expect(row).toMatchObject({ status: 'Pending', bankReference: null });
    },
  );
});

describe('abuse: wallet guards with the refund window', () => {
  const t = setUpAdminTestApp({ refund_window_days: 7 });

  it('ATTACK: Quiz Points whose window has just ended, refunded before anything released them, are not kept (take-back-quiz-points.ts release first)', async () => {
    // The learner answers the quiz, waits out the window without opening the wallet, and asks for the money back.
    const learner = await createLearner(t.app);
    const course = await createQuizCourse(t.app, { banks: [12] });
    const { purchaseId } = await payThroughSandbox(t, learner, '/checkout', { course_id: course.courseId });
    expect((await takeQuiz(t, t.client.as(learner.token), course.subjectIds[0]!, 8)).statusCode).toBe(200);
    t.clock.advance(7 * DAY_MS + 60_000);
    expect((await t.as().post(`/admin/purchases/${purchaseId}/refund`)).statusCode).toBe(200);

    // No Quiz Points of the refunded course are left to reach the wallet, now or later.
    const quizPoints = (await ledgerOf(t.app, learner.id)).filter((e) => e.method === 'Quiz Points');
    expect(quizPoints.map((e) => e.status)).not.toContain('Pending');
    const c = t.client.as(await signInNow(t.app, learner.id));
    expect((await c.get('/transactions')).body.data).toMatchObject({ points: 0 });
    t.clock.advance(DAY_MS);
    const later = t.client.as(await signInNow(t.app, learner.id));
    expect((await later.get('/transactions')).body.data).toMatchObject({ balance: 0, points: 0 });
    expect((await later.post('/redeem-point', { point: 8 })).statusCode).toBe(422);
    expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 0, points: 0 });
    await expectBooksBalanced(t);
  });
});
