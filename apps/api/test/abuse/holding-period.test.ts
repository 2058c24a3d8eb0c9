import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, courses, devMailbox, levelAchievements, purchases, users } from '@app/db';
import { createTestApp, lockWaits, waitFor, type TestApp } from '../helpers.ts';
import { createLearner, getUser, type Learner } from '../fixtures.ts';
import { buyThroughSandbox, createAdmin } from '../admin-fixtures.ts';
import { createQuizCourse } from '../quiz-fixtures.ts';
import { ledgerOf, setReferenceData, signInNow, validBank, walletOf } from '../wallet-fixtures.ts';
import { answerQuiz, DAY_MS, expectBooksBalanced, takeQuiz } from './abuse-fixtures.ts';
import { markPurchaseRefunded } from '../../src/services/purchases/index.ts';
import { payThroughSandbox } from '../checkout-fixtures.ts';
import { createOfferCode } from '../catalogue-fixtures.ts';

/**
 * Item 4 of issue 13 and the holding period: commissions and level rewards are Pending for the
 * refund window (7 days by default), can be neither redeemed nor withdrawn until then, and a refund
 * takes back what the refunded purchase earned.
 */
describe('abuse: holding period and refunds', () => {
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

  const buy = async (buyer: Learner, pricePaise: number) => (await buyThroughSandbox(t, buyer, pricePaise)).purchaseId;
  const signedIn = async (who: Learner): Promise<Learner> => ({ ...who, token: await signInNow(t.app, who.id) });
  const refund = (purchaseId: number) => t.client.as(admin.token).post(`/admin/purchases/${purchaseId}/refund`);
  const transactions = async (who: Learner) => (await t.client.as(who.token).get('/transactions')).body.data;
  it('holds commission and level reward as Pending: neither redeemable nor withdrawable until the window has passed', async () => {
    const referrer = await createLearner(t.app);
    await t.client.as(referrer.token).post('/bank-details', validBank);
    for (let i = 0; i < 2; i++) await buy(await createLearner(t.app, { referrerId: referrer.id }), 100_000);

    const held = await transactions(referrer);
    expect(held).toMatchObject({ balance: 0, points: 0 });
    expect(held.transactions.map((e: { method: string; status: string }) => [e.method, e.status])).toEqual([
      ['Level Reward', 'Pending'],
      ['Referral Commission', 'Pending'],
      ['Referral Commission', 'Pending'],
    ]);
    const withdraw = await t.client.as(referrer.token).post('/withdraw', { amount: 100 });
    expect(withdraw.statusCode).toBe(422);
    const redeem = await t.client.as(referrer.token).post('/redeem-point', { point: 100 });
    expect(redeem.statusCode).toBe(422);
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 0, points: 0 });

    t.clock.advance(7 * DAY_MS + 60_000);
    const token = await signInNow(t.app, referrer.id);
    const released = (await t.client.as(token).get('/transactions')).body.data;
    expect(released).toMatchObject({ balance: 300, points: 100 });
    expect(released.transactions.every((e: { status: string }) => e.status === 'Done')).toBe(true);
    expect((await t.client.as(token).post('/withdraw', { amount: 300 })).statusCode).toBe(200);
    await expectBooksBalanced(t);
  });

  it('a refund inside the window cancels the commission (Rejected) and the buyer stops counting', async () => {
    const referrer = await createLearner(t.app);
    const buyer = await createLearner(t.app, { referrerId: referrer.id });
    const purchaseId = await buy(buyer, 50_000);
    expect((await refund(purchaseId)).statusCode).toBe(200);
    const ledger = await ledgerOf(t.app, referrer.id);
    expect(ledger.map((e) => [e.method, e.status, e.amountPaise])).toEqual([
      ['Referral Commission', 'Rejected', 5_000],
    ]);
    expect((await getUser(t.app, buyer.id)).activatedAt).toBeNull();
    expect((await t.client.as(referrer.token).get('/level-status')).body.data).toMatchObject({ completed_node: 0 });
    t.clock.advance(8 * DAY_MS);
    const token = await signInNow(t.app, referrer.id);
    expect((await t.client.as(token).get('/transactions')).body.data).toMatchObject({ balance: 0, points: 0 });
    await expectBooksBalanced(t);
  });

  it('a refund of a purchase that completed a level cancels the held reward and reopens the level', async () => {
    const referrer = await createLearner(t.app);
    const first = await createLearner(t.app, { referrerId: referrer.id });
    const second = await createLearner(t.app, { referrerId: referrer.id });
    await buy(first, 100_000);
    const completing = await buy(second, 100_000);
    expect((await t.client.as(referrer.token).get('/level-status')).body.data).toMatchObject({ level_number: 2 });

    expect((await refund(completing)).statusCode).toBe(200);
    const rewards = (await ledgerOf(t.app, referrer.id)).filter((e) => e.method === 'Level Reward');
    expect(rewards.map((e) => e.status)).toEqual(['Rejected']);
    expect(
      await t.app.ctx.db.select().from(levelAchievements).where(eq(levelAchievements.userId, referrer.id)),
    ).toEqual([]);
    expect((await t.client.as(referrer.token).get('/level-status')).body.data).toMatchObject({
      level_number: 1,
      completed_node: 1,
    });

    // A genuine second sub-user completes it again, with a new held reward.
    await buy(await createLearner(t.app, { referrerId: referrer.id }), 100_000);
    const again = (await ledgerOf(t.app, referrer.id)).filter((e) => e.method === 'Level Reward');
    expect(again.map((e) => e.status)).toEqual(['Rejected', 'Pending']);
    await expectBooksBalanced(t);
  });

  /** A sub-user held for review (the per-address rule) who buys, and an operator's release that completes Starter. */
  async function levelCompletedByRelease() {
    const referrer = await createLearner(t.app);
    await buy(await createLearner(t.app, { referrerId: referrer.id }), 100_000);
    const held = await createLearner(t.app, { referrerId: referrer.id });
    await t.app.ctx.db.update(users).set({ referralStatus: 'held' }).where(eq(users.id, held.id));
    const heldPurchase = await buy(held, 100_000);
    const released = await t.client.as(admin.token).post(`/admin/referrals/${held.id}/release`);
    expect(released.body.data).toMatchObject({ counted_now: true, level_achieved: 'Starter' });
    return { referrer, held, heldPurchase };
  }
  const levelRewards = async (who: Learner) =>
    (await ledgerOf(t.app, who.id)).filter((e) => e.method.startsWith('Level Reward')).map((e) => [e.method, e.status]);

  it("a refund inside the window cancels a level reward that an operator's release completed, and reopens the level", async () => {
    const { referrer, held, heldPurchase } = await levelCompletedByRelease();
    expect(await levelRewards(referrer)).toEqual([['Level Reward', 'Pending']]);

    expect((await refund(heldPurchase)).statusCode).toBe(200);
    expect(await levelRewards(referrer)).toEqual([['Level Reward', 'Rejected']]);
    expect((await getUser(t.app, held.id)).activatedAt).toBeNull();
    expect((await t.client.as(referrer.token).get('/level-status')).body.data).toMatchObject({
      level_number: 1,
      completed_node: 1,
    });
    // Past the window, only the commission on the sub-user who was never refunded is there to spend.
    t.clock.advance(8 * DAY_MS);
    const token = await signInNow(t.app, referrer.id);
    expect((await t.client.as(token).get('/transactions')).body.data).toMatchObject({ balance: 100, points: 0 });
    await expectBooksBalanced(t);
  });

  it("a refund after the window takes back a level reward that an operator's release completed", async () => {
    const { referrer, heldPurchase } = await levelCompletedByRelease();
    t.clock.advance(7 * DAY_MS + 60_000);
    const token = await signInNow(t.app, referrer.id);
    expect((await t.client.as(token).get('/transactions')).body.data).toMatchObject({ balance: 200, points: 100 });

    expect((await refund(heldPurchase)).statusCode).toBe(200);
    expect(await levelRewards(referrer)).toEqual([
      ['Level Reward', 'Done'],
      ['Level Reward Reversal', 'Done'],
    ]);
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 10_000, points: 0 });
    await expectBooksBalanced(t);
  });

  it('a refund of an earlier counted purchase cancels a level reward it helped earn', async () => {
    const referrer = await createLearner(t.app);
    const early = await buy(await createLearner(t.app, { referrerId: referrer.id }), 100_000);
    await buy(await createLearner(t.app, { referrerId: referrer.id }), 100_000);
    expect((await refund(early)).statusCode).toBe(200);
    expect(
      (await ledgerOf(t.app, referrer.id)).filter((e) => e.method === 'Level Reward').map((e) => e.status),
    ).toEqual(['Rejected']);
    expect((await t.client.as(referrer.token).get('/level-status')).body.data).toMatchObject({
      level_number: 1,
      completed_node: 1,
    });
  });

  it("a sub-user refunded after their level's reward was released stays counted there, and never counts twice", async () => {
    const referrer = await createLearner(t.app);
    const first = await createLearner(t.app, { referrerId: referrer.id });
    const second = await createLearner(t.app, { referrerId: referrer.id });
    await buy(first, 100_000);
    const completing = await buy(second, 100_000);
    t.clock.advance(7 * DAY_MS + 60_000);
    const token = await signInNow(t.app, referrer.id);
    expect((await t.client.as(token).get('/transactions')).body.data).toMatchObject({ balance: 300, points: 100 });

    expect((await refund(completing)).statusCode).toBe(200);
    expect((await getUser(t.app, second.id)).activatedAt).not.toBeNull();
    const ledger = await ledgerOf(t.app, referrer.id);
    expect(ledger.filter((e) => e.method === 'Level Reward Reversal').map((e) => [e.amountPaise, e.points])).toEqual([
      [-10_000, -100],
    ]);
    // Buying again does not count the same person for the next level.
    await buy(await signedIn(second), 100_000);
    expect((await t.client.as(token).get('/level-status')).body.data).toMatchObject({
      level_number: 2,
      completed_node: 0,
    });
    await expectBooksBalanced(t);
  });

  it('a refund after the window takes the commission back from the wallet, never below zero', async () => {
    const referrer = await createLearner(t.app);
    await t.client.as(referrer.token).post('/bank-details', validBank);
    const purchaseId = await buy(await createLearner(t.app, { referrerId: referrer.id }), 150_000);
    t.clock.advance(7 * DAY_MS + 60_000);
    const token = await signInNow(t.app, referrer.id);
    expect((await t.client.as(token).post('/withdraw', { amount: 100 })).statusCode).toBe(200);
    // Paid out before the refund: what was paid cannot be taken back.
    const [withdrawal] = (await ledgerOf(t.app, referrer.id)).filter((e) => e.method === 'Withdraw');
    const paid = await t.client
      .as(admin.token)
      .post(`/admin/withdrawals/${withdrawal!.id}/settle`, { status: 'Done', bank_reference: 'UTR100' });
    expect(paid.statusCode).toBe(200);
    const res = await refund(purchaseId);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ commission_reversed: 50, commission_shortfall: 100 });
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 0, points: 0 });
    await expectBooksBalanced(t);
  });

  it('ATTACK: a refund after the commission was asked for as a withdrawal takes it back from that withdrawal, unless it is being paid', async () => {
    // Sub-users buy, the referrer's commission is released after the window and withdrawn, then the purchases are
    // refunded: the withdrawal must not be paid out while the refund records the commission as lost.
    const referrer = await createLearner(t.app);
    await t.client.as(referrer.token).post('/bank-details', validBank);
    const first = await buy(await createLearner(t.app, { referrerId: referrer.id }), 150_000);
    const second = await buy(await createLearner(t.app, { referrerId: referrer.id }), 150_000);
    t.clock.advance(7 * DAY_MS + 60_000);
    const token = await signInNow(t.app, referrer.id);
    // ₹300 commission and the Starter reward (₹100): ₹400 in the wallet; ₹250 then ₹150 asked for.
    expect(await transactions({ ...referrer, token })).toMatchObject({ balance: 400 });
    expect((await t.client.as(token).post('/withdraw', { amount: 250 })).statusCode).toBe(200);
    expect((await t.client.as(token).post('/withdraw', { amount: 150 })).statusCode).toBe(200);
    const [older, newer] = (await ledgerOf(t.app, referrer.id)).filter((e) => e.method === 'Withdraw');
    // The operator has started paying the newer one: it is left alone.
    expect((await t.client.as(admin.token).post(`/admin/withdrawals/${newer!.id}/payout`)).statusCode).toBe(200);

    // Its commission (₹150) and its half of the Starter reward the two counted for (₹50 and 50 points, decision 075).
    const res = await refund(first);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({ commission_reversed: 200, commission_shortfall: 0 });
    const ledger = await ledgerOf(t.app, referrer.id);
    expect(ledger.find((e) => e.id === older!.id)).toMatchObject({ status: 'Rejected' });
    expect(ledger.find((e) => e.id === newer!.id)).toMatchObject({ status: 'Pending' });
    // ₹250 back, ₹200 taken: ₹50 left to ask for again, and 50 points.
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 5_000, points: 50 });
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'withdrawal.rejected_earnings_taken_back'), eq(auditLog.entityId, String(older!.id))),
      );
    expect(audit).toBeDefined();
    const [mail] = await t.app.ctx.db
      .select()
      .from(devMailbox)
      .where(eq(devMailbox.to, referrer.email))
      .orderBy(desc(devMailbox.id))
      .limit(1);
    expect(mail!.text).toContain('Money this withdrawal would have paid out was taken back');

    // The second refund (its commission, ₹150, and what is left of the Starter reward its activation completed, ₹50
    // and 50 points) finds ₹50 in the wallet and the rest being paid: the ₹150 short is recorded, not the withdrawal
    // being paid rejected.
    const again = await refund(second);
    expect(again.body.data).toMatchObject({ commission_reversed: 50, commission_shortfall: 150 });
    expect((await ledgerOf(t.app, referrer.id)).find((e) => e.id === newer!.id)).toMatchObject({ status: 'Pending' });
    await expectBooksBalanced(t);
  });

  it('ATTACK: what a refund could not take back from a withdrawal being paid, or paid, is taken from it when it comes back', async () => {
    // A referrer withdraws a released commission to an account the bank will bounce; the operator pays it; the buyer
    // is then refunded (the commission short: the money has left); the bank returns the transfer. Without the debt,
    // the whole amount went back to the wallet, to be withdrawn again to a good account.
    const ops = t.client.as(admin.token);
    const withdrawn = async () => {
      const referrer = await createLearner(t.app);
      await t.client.as(referrer.token).post('/bank-details', validBank);
      const purchaseId = await buy(await createLearner(t.app, { referrerId: referrer.id }), 150_000);
      t.clock.advance(7 * DAY_MS + 60_000);
      const token = await signInNow(t.app, referrer.id);
      expect((await t.client.as(token).post('/withdraw', { amount: 150 })).statusCode).toBe(200);
      const [withdrawal] = (await ledgerOf(t.app, referrer.id)).filter((e) => e.method === 'Withdraw');
      expect((await ops.post(`/admin/withdrawals/${withdrawal!.id}/payout`)).statusCode).toBe(200);
      return { referrer, token, purchaseId, id: withdrawal!.id };
    };
    const settle = (id: number, body: Record<string, unknown>) => ops.post(`/admin/withdrawals/${id}/settle`, body);
    const expectRecovered = async (who: { referrer: Learner; token: string }) => {
      expect(await walletOf(t.app, who.referrer.id)).toEqual({ balancePaise: 0, points: 0 });
      const recovery = (await ledgerOf(t.app, who.referrer.id)).at(-1);
      expect(recovery).toMatchObject({ method: 'Commission Reversal', amountPaise: -15_000, purchaseId: null });
      expect((await t.client.as(who.token).post('/withdraw', { amount: 150 })).statusCode).toBe(422);
      const [mail] = await t.app.ctx.db
        .select()
        .from(devMailbox)
        .where(eq(devMailbox.to, who.referrer.email))
        .orderBy(desc(devMailbox.id))
        .limit(1);
      expect(mail!.text).toContain(
        'Of the ₹150.00, ₹150.00 paid back money that was taken back after you had withdrawn it',
      );
    };

    // Refunded while being paid, then paid, then returned by the bank.
    const returned = await withdrawn();
    expect((await refund(returned.purchaseId)).body.data).toMatchObject({ commission_shortfall: 150 });
    expect((await settle(returned.id, { status: 'Done', bank_reference: 'UTR1' })).statusCode).toBe(200);
    expect(
      (
        await ops.post(`/admin/withdrawals/${returned.id}/returned`, {
          reason: 'Account closed',
          bank_reference: 'UTR1',
        })
      ).statusCode,
    ).toBe(200);
    await expectRecovered(returned);

    // Paid, refunded, then returned by the bank.
    const paid = await withdrawn();
    expect((await settle(paid.id, { status: 'Done', bank_reference: 'UTR2' })).statusCode).toBe(200);
    expect((await refund(paid.purchaseId)).body.data).toMatchObject({ commission_shortfall: 150 });
    expect(
      (await ops.post(`/admin/withdrawals/${paid.id}/returned`, { reason: 'Name mismatch', bank_reference: 'UTR2' }))
        .statusCode,
    ).toBe(200);
    await expectRecovered(paid);

    // Refunded while being paid, then rejected by the operator paying it (the transfer failed).
    const rejected = await withdrawn();
    expect((await refund(rejected.purchaseId)).body.data).toMatchObject({ commission_shortfall: 150 });
    expect((await settle(rejected.id, { status: 'Rejected', reason: 'Transfer failed' })).statusCode).toBe(200);
    await expectRecovered(rejected);

    // Later earnings pay the debt too (decision 068): the next commission, released, pays it before anything can be
    // withdrawn; what is left is the learner's.
    const owing = await withdrawn();
    expect((await refund(owing.purchaseId)).body.data).toMatchObject({ commission_shortfall: 150 });
    expect((await settle(owing.id, { status: 'Done', bank_reference: 'UTR3' })).statusCode).toBe(200);
    await buy(await createLearner(t.app, { referrerId: owing.referrer.id }), 200_000);
    t.clock.advance(7 * DAY_MS + 60_000);
    const token = await signInNow(t.app, owing.referrer.id);
    const refused = await t.client.as(token).post('/withdraw', { amount: 200 });
    expect(refused.statusCode).toBe(422);
    expect(refused.body.errors.amount).toBeDefined();
    expect(await walletOf(t.app, owing.referrer.id)).toEqual({ balancePaise: 5_000, points: 0 });
    expect((await ledgerOf(t.app, owing.referrer.id)).at(-1)).toMatchObject({
      method: 'Commission Reversal',
      amountPaise: -15_000,
      shortfallPaise: -15_000,
      recoveredFromId: null,
      description: '₹150.00 owed from earnings taken back after you had withdrawn them, recovered from your earnings',
    });
    expect((await t.client.as(token).get('/transactions')).body.data).toMatchObject({ balance: 50, owed: 0 });
    await expectBooksBalanced(t);
  });

  it('ATTACK: Quiz Points are held for the refund window: not redeemable, and a refund inside it cancels them', async () => {
    const learner = await createLearner(t.app);
    const course = await createQuizCourse(t.app, { banks: [12, 12] });
    const { purchaseId } = await payThroughSandbox(t, learner, '/checkout', { course_id: course.courseId });
    const c = t.client.as(learner.token);
    expect((await takeQuiz(t, c, course.subjectIds[0]!, 8)).statusCode).toBe(200);
    expect((await takeQuiz(t, c, course.subjectIds[1]!, 6)).statusCode).toBe(200);

    // Earned, shown as Pending until the end of the purchase's refund window, and not in the wallet.
    const [paid] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, purchaseId));
    const held = await transactions(learner);
    expect(held).toMatchObject({ balance: 0, points: 0 });
    expect(held.transactions).toEqual([
      expect.objectContaining({ method: 'Quiz Points', status: 'Pending', point: 6 }),
      expect.objectContaining({ method: 'Quiz Points', status: 'Pending', point: 8 }),
    ]);
    const windowEnd = new Date(paid!.paidAt!.getTime() + 7 * DAY_MS).toISOString();
    for (const entry of held.transactions) expect(new Date(entry.available_at).toISOString()).toBe(windowEnd);
    // Redeemed now, they would be money the learner keeps after asking for the course's money back.
    const redeem = await c.post('/redeem-point', { point: 10 });
    expect(redeem.statusCode).toBe(422);

    expect((await refund(purchaseId)).statusCode).toBe(200);
    const ledger = (await ledgerOf(t.app, learner.id)).filter((e) => e.method.startsWith('Quiz Points'));
    expect(ledger.map((e) => [e.method, e.status, e.points])).toEqual([
      ['Quiz Points', 'Rejected', 8],
      ['Quiz Points', 'Rejected', 6],
    ]);
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'purchase.refund'), eq(auditLog.entityId, String(purchaseId))));
    expect(audit!.after).toMatchObject({
      quiz_points_reversed: 0,
      quiz_points_shortfall: 0,
      quiz_points_cancelled: 14,
    });
    // The window's end releases nothing that was cancelled.
    t.clock.advance(7 * DAY_MS + 60_000);
    expect(await transactions(await signedIn(learner))).toMatchObject({ balance: 0, points: 0 });
    expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 0, points: 0 });
    await expectBooksBalanced(t);
  });

  it('Quiz Points reach the wallet when the window has passed (at once for a quiz taken after it); a later refund takes them back, never below zero', async () => {
    const learner = await createLearner(t.app);
    const course = await createQuizCourse(t.app, { banks: [12, 12] });
    const { purchaseId } = await payThroughSandbox(t, learner, '/checkout', { course_id: course.courseId });
    expect((await takeQuiz(t, t.client.as(learner.token), course.subjectIds[0]!, 8)).statusCode).toBe(200);
    t.clock.advance(7 * DAY_MS + 60_000);
    const later = await signedIn(learner);
    const c = t.client.as(later.token);
    expect((await takeQuiz(t, c, course.subjectIds[1]!, 6)).statusCode).toBe(200);
    const listed = await transactions(later);
    expect(listed).toMatchObject({ balance: 0, points: 14 });
    expect(listed.transactions.map((e: { status: string; point: number }) => [e.status, e.point])).toEqual([
      ['Done', 6],
      ['Done', 8],
    ]);
    // The learner redeems 10 of them (₹10) before the refund: 4 are taken back as points, the 10 redeemed as their ₹10,
    // the rate they were redeemed at, though the operator has doubled it since.
    expect((await c.post('/redeem-point', { point: 10 })).statusCode).toBe(200);
    await setReferenceData(t.app, { refund_window_days: 7, convert_value_paise: 200 });
    expect((await refund(purchaseId)).statusCode).toBe(200);
    await setReferenceData(t.app, { refund_window_days: 7 });
    expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 0, points: 0 });
    const reversal = (await ledgerOf(t.app, learner.id)).find((e) => e.method === 'Quiz Points Reversal');
    expect(reversal).toMatchObject({ points: -4, amountPaise: -1_000, purchaseId });
    expect(reversal!.description).toContain('10 points already redeemed, taken back as ₹10.00');
    expect(reversal!.description).not.toContain('not recovered');
    expect((await c.get(`/terms/${course.courseId}`)).statusCode).toBe(403);
    await expectBooksBalanced(t);
  });

  it('ATTACK: a farm whose every purchase is refunded inside its own window keeps no level reward (a second purchase kept its sign-ups active)', async () => {
    // Two sign-ups each buy twice; the first purchases are refunded while the second ones keep them active, so the
    // reward stands, but is then held until the second purchases' windows end too: refunded inside them, it goes.
    const referrer = await createLearner(t.app);
    const a = await createLearner(t.app, { referrerId: referrer.id });
    const b = await createLearner(t.app, { referrerId: referrer.id });
    const a1 = await buy(a, 100_000);
    const b1 = await buy(b, 100_000); // completes level 1: its reward held until day 7
    t.clock.advance(DAY_MS);
    const a2 = await buy(a, 100_000);
    const b2 = await buy(b, 100_000); // their windows end on day 8
    t.clock.advance(DAY_MS);
    for (const purchaseId of [a1, b1]) expect((await refund(purchaseId)).statusCode).toBe(200);
    const reward = async () =>
      (await ledgerOf(t.app, referrer.id)).filter((e) => e.method === 'Level Reward').map((e) => e.status);
    expect(await reward()).toEqual(['Pending']);
    t.clock.advance(5 * DAY_MS + 60_000); // day 7: past b1's window, not b2's
    expect((await transactions(await signedIn(referrer))).balance).toBe(0);
    expect(await reward()).toEqual(['Pending']);
    t.clock.advance(12 * 3_600_000); // day 7.5, inside a2's and b2's windows
    for (const purchaseId of [a2, b2]) expect((await refund(purchaseId)).statusCode).toBe(200);
    expect(await reward()).toEqual(['Rejected']);
    t.clock.advance(DAY_MS);
    expect(await transactions(await signedIn(referrer))).toMatchObject({ balance: 0, points: 0 });
    await expectBooksBalanced(t);
  });

  it('a level reward held longer for a sub-user kept active by a later purchase is released when that window ends', async () => {
    const referrer = await createLearner(t.app);
    const a = await createLearner(t.app, { referrerId: referrer.id });
    const b = await createLearner(t.app, { referrerId: referrer.id });
    await buy(a, 100_000);
    const b1 = await buy(b, 100_000);
    t.clock.advance(2 * DAY_MS);
    await buy(b, 100_000); // its window ends on day 9
    expect((await refund(b1)).statusCode).toBe(200);
    t.clock.advance(5 * DAY_MS + 60_000); // day 7
    const held = (await transactions(await signedIn(referrer))).transactions.find(
      (e: { method: string }) => e.method === 'Level Reward',
    );
    expect(held.status).toBe('Pending');
    expect(Date.parse(held.available_at)).toBeGreaterThan(t.clock.now().getTime() + DAY_MS); // day 9
    t.clock.advance(2 * DAY_MS);
    // a's commission, b's second one and the reward.
    expect(await transactions(await signedIn(referrer))).toMatchObject({ balance: 300, points: 100 });
    await expectBooksBalanced(t);
  });

  it('ATTACK: the Quiz Points of a course bought with a 90% code are worth at most what the business keeps of it', async () => {
    // A ten-subject ₹399 course for ₹39.90 (a 90% code), its quizzes answered right: 100 points would be ₹100 to
    // withdraw for every account that bought it. At ₹1 a point, the purchase earns 33: its ₹33.81 before GST (no
    // referrer: no commission, no level). Referred buyers: farm-returns.test.ts.
    const code = await createOfferCode(t.app, { code: `NINETY${Date.now()}`, discountValue: 9_000 });
    const learner = await createLearner(t.app);
    const course = await createQuizCourse(t.app, { banks: Array.from({ length: 10 }, () => 12) });
    await payThroughSandbox(t, learner, '/checkout', { course_id: course.courseId, offer_code: code.code });
    const c = t.client.as(learner.token);
    for (const subjectId of course.subjectIds) expect((await takeQuiz(t, c, subjectId, 10)).statusCode).toBe(200);
    t.clock.advance(7 * DAY_MS + 60_000);
    const wallet = await transactions(await signedIn(learner));
    expect(wallet.points).toBe(33);
    expect(wallet.transactions.map((e: { point: number }) => e.point)).toEqual([3, 10, 10, 10]);
    await expectBooksBalanced(t);
  });

  it('ATTACK: Quiz Points redeemed and asked for as a withdrawal do not outlive the refund of the course that earned them', async () => {
    // Ten quizzes answered right (the answers learnt on a second account), the window waited out, the 100 points
    // redeemed into ₹100 and asked for as a withdrawal, then the course's money asked back: the withdrawal is stopped,
    // as a commission's would be, and the ₹100 taken back.
    const learner = await createLearner(t.app);
    const course = await createQuizCourse(t.app, { banks: Array.from({ length: 10 }, () => 12) });
    const { purchaseId } = await payThroughSandbox(t, learner, '/checkout', { course_id: course.courseId });
    const first = t.client.as(learner.token);
    for (const subjectId of course.subjectIds) expect((await takeQuiz(t, first, subjectId, 10)).statusCode).toBe(200);
    t.clock.advance(7 * DAY_MS + 60_000);
    const c = t.client.as(await signInNow(t.app, learner.id));
    expect((await c.post('/bank-details', validBank)).statusCode).toBe(200);
    expect((await c.post('/redeem-point', { point: 100 })).statusCode).toBe(200);
    expect((await c.post('/withdraw', { amount: 100 })).statusCode).toBe(200);

    expect((await refund(purchaseId)).statusCode).toBe(200);
    const ledger = await ledgerOf(t.app, learner.id);
    expect(ledger.find((e) => e.method === 'Withdraw')).toMatchObject({ status: 'Rejected' });
    expect(ledger.find((e) => e.method === 'Quiz Points Reversal')).toMatchObject({ points: 0, amountPaise: -10_000 });
    expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 0, points: 0 });
    // The refund notice says what went with it (decision 050), after the mail about the stopped withdrawal.
    const [notice] = await t.app.ctx.db
      .select()
      .from(devMailbox)
      .where(eq(devMailbox.to, learner.email))
      .orderBy(desc(devMailbox.id))
      .limit(1);
    expect(notice!.text).toContain(
      'The Quiz Points you earned on it (100) were taken back with it. You had already redeemed 100 of them, so ₹100.00 was taken from your wallet for those.',
    );
    await expectBooksBalanced(t);
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'a quiz submitted while its refund is being written earns nothing (two connections)',
    async () => {
      const learner = await createLearner(t.app);
      const course = await createQuizCourse(t.app, { banks: [12] });
      const { purchaseId } = await payThroughSandbox(t, learner, '/checkout', { course_id: course.courseId });
      const c = t.client.as(learner.token);
      const subjectId = course.subjectIds[0]!;
      const answered = await answerQuiz(t, c, subjectId, 8);

      // The refund is written and counts the Quiz Points to take back (none yet); before it commits, the
      // learner submits. The submission must either wait for the refund and find the course closed, or
      // have its points taken back: never keep points on a refunded purchase.
      let submission: ReturnType<typeof c.post> | undefined;
      let isAnswered = false;
      await t.app.ctx.db.transaction(async (tx) => {
        expect(await markPurchaseRefunded(tx, t.app.ctx, { purchaseId })).not.toBeNull();
        submission = c.post(`/quiz/${subjectId}`, answered.body);
        void submission.then(() => (isAnswered = true));
        await waitFor(async () => isAnswered || (await lockWaits(t)) > 0, 10_000);
      });
      const res = await submission!;
      expect(res.statusCode, JSON.stringify(res.body)).toBe(403);
      expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 0, points: 0 });
      await expectBooksBalanced(t);
    },
  );

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'a withdrawal releasing a commission while its refund holds the wallet waits for it, and neither fails (two connections)',
    async () => {
      const referrer = await createLearner(t.app);
      await t.client.as(referrer.token).post('/bank-details', validBank);
      const purchaseId = await buy(await createLearner(t.app, { referrerId: referrer.id }), 200_000);
      t.clock.advance(7 * DAY_MS + 60_000);
      const token = await signInNow(t.app, referrer.id);

      // The refund has locked the referrer's wallet (as onPurchaseRefunded does first) when the referrer asks to
      // withdraw the commission, whose hold has just ended; then the refund releases and takes it back. The
      // withdrawal must wait for the wallet before it touches the commission's row: the other order deadlocks, and
      // PostgreSQL then kills one of the two (a 500 for the learner, or a refund the operator must try again).
      let withdrawal: ReturnType<typeof t.client.post> | undefined;
      let isAnswered = false;
      await t.app.ctx.db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, referrer.id)).for('no key update');
        withdrawal = t.client.as(token).post('/withdraw', { amount: 200 });
        void withdrawal.then(() => (isAnswered = true));
        await waitFor(async () => isAnswered || (await lockWaits(t)) > 0, 10_000);
        expect(await markPurchaseRefunded(tx, t.app.ctx, { purchaseId })).not.toBeNull();
      });
      const res = await withdrawal!;
      expect(res.statusCode, JSON.stringify(res.body)).toBe(422);
      expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 0, points: 0 });
      await expectBooksBalanced(t);
    },
  );

  it('a refund racing a withdrawal of the money it earned never takes a wallet below zero', async () => {
    for (let round = 0; round < 5; round++) {
      const referrer = await createLearner(t.app);
      await t.client.as(referrer.token).post('/bank-details', validBank);
      const [course] = await t.app.ctx.db
        .insert(courses)
        .values({ name: `Race ${round}`, pricePaise: 200_000, offerPricePaise: 200_000, isPublished: true })
        .returning({ id: courses.id });
      const { purchaseId } = await payThroughSandbox(
        t,
        await createLearner(t.app, { referrerId: referrer.id }),
        '/checkout',
        { course_id: course!.id },
      );
      // Held money cannot be withdrawn, whatever the interleaving.
      const [early, refunded] = await Promise.all([
        t.client.as(referrer.token).post('/withdraw', { amount: 200 }),
        round % 2 ? refund(purchaseId) : null,
      ]);
      expect(early.statusCode).toBe(422);
      if (refunded) expect(refunded.statusCode).toBe(200);
      t.clock.advance(7 * DAY_MS + 60_000);
      if (!refunded) {
        const token = await signInNow(t.app, referrer.id);
        const [withdrawal, late] = await Promise.all([
          t.client.as(token).post('/withdraw', { amount: 200 }),
          refund(purchaseId),
        ]);
        expect(late.statusCode).toBe(200);
        expect([200, 422]).toContain(withdrawal.statusCode);
      }
      await expectBooksBalanced(t);
    }
  });
});
