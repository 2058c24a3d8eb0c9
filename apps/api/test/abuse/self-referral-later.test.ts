import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createLearner, getUser, type Learner } from '../fixtures.ts';
import { buyThroughSandbox, createAdmin } from '../admin-fixtures.ts';
import { ledgerOf, setReferenceData, signInNow, validBank, walletOf } from '../wallet-fixtures.ts';
import { DAY_MS, expectBooksBalanced, selfReferralAudit } from './abuse-fixtures.ts';

/**
 * The self-referral rule (docs/product/referrals-and-levels.md#self-referral) once the sign-up has
 * earned something: a referrer and a made-up sub-user who give the same bank account, PAN or mobile
 * only after the sub-user's purchase (when no purchase is left to check) are caught when the details
 * are saved, and what the sub-user earned the referrer is taken back, as a refund takes it back.
 */
describe('abuse: a self-referral that shows only after the purchase', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await setReferenceData(t.app, { refund_window_days: 7 });
  });
  afterAll(async () => {
    await t.close();
  });

  const buy = async (buyer: Learner) => (await buyThroughSandbox(t, buyer, 100_000)).purchaseId;
  const referralLedger = async (who: Learner) =>
    (await ledgerOf(t.app, who.id))
      .filter((e) => e.method !== 'Withdraw')
      .map((e) => [e.method, e.status, e.amountPaise, e.points]);
  const tree = async (who: Learner) =>
    (await t.client.as(who.token).get('/tree')).body.data.data.map((u: { status: string; reason: string | null }) => [
      u.status,
      u.reason,
    ]);

  it("takes back a released commission when the sub-user saves the referrer's bank account afterwards", async () => {
    const referrer = await createLearner(t.app);
    const copy = await createLearner(t.app, { referrerId: referrer.id });
    await buy(copy);
    t.clock.advance(7 * DAY_MS + 60_000);
    const token = await signInNow(t.app, referrer.id);
    const referrerNow = { ...referrer, token };
    expect((await t.client.as(token).get('/transactions')).body.data).toMatchObject({ balance: 100 });

    // Both give one account, the copy's written with spaces: nothing is left to buy, so only the save can catch it.
    expect((await t.client.as(token).post('/bank-details', validBank)).statusCode).toBe(200);
    const copyToken = await signInNow(t.app, copy.id);
    const saved = await t.client
      .as(copyToken)
      .post('/bank-details', { ...validBank, account_number: validBank.account_number.replace(/(\d{4})/g, '$1 ') });
    expect(saved.statusCode).toBe(200);

    expect(await getUser(t.app, copy.id)).toMatchObject({
      referralStatus: 'rejected',
      referralStatusReason: 'bank_account',
    });
    expect(await tree(referrerNow)).toEqual([['ineligible', 'Same bank account as yours']]);
    expect(await referralLedger(referrerNow)).toEqual([
      ['Referral Commission', 'Done', 10_000, 0],
      ['Commission Reversal', 'Done', -10_000, 0],
    ]);
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 0, points: 0 });
    expect((await t.client.as(token).post('/withdraw', { amount: 100 })).statusCode).toBe(422);
    expect((await selfReferralAudit(t.app, copy.id)).map((row) => row.after)).toEqual([
      expect.objectContaining({ referrer_id: referrer.id, reason: 'bank_account', found_on: 'bank_details' }),
    ]);
    await expectBooksBalanced(t);
  });

  it("cancels the held commission and level reward when the referrer saves a sub-user's PAN, and reopens the level", async () => {
    const referrer = await createLearner(t.app);
    const friend = await createLearner(t.app, { referrerId: referrer.id });
    const copy = await createLearner(t.app, { referrerId: referrer.id });
    await t.client.as(copy.token).post('/bank-details', { ...validBank, pan_card: 'KKKKK1234K' });
    await buy(friend);
    await buy(copy);
    expect((await t.client.as(referrer.token).get('/level-status')).body.data).toMatchObject({ level_number: 2 });

    const saved = await t.client
      .as(referrer.token)
      .post('/bank-details', { ...validBank, account_number: '998877665544', pan_card: 'kkkkk1234k' });
    expect(saved.statusCode).toBe(200);

    expect(await referralLedger(referrer)).toEqual([
      ['Referral Commission', 'Pending', 10_000, 0],
      ['Referral Commission', 'Rejected', 10_000, 0],
      ['Level Reward', 'Rejected', 10_000, 100],
    ]);
    expect((await t.client.as(referrer.token).get('/level-status')).body.data).toMatchObject({
      level_number: 1,
      completed_node: 1,
    });
    expect(await tree(referrer)).toEqual([
      ['ineligible', 'Same PAN as yours'],
      ['active', null],
    ]);
    t.clock.advance(8 * DAY_MS);
    const token = await signInNow(t.app, referrer.id);
    expect((await t.client.as(token).get('/transactions')).body.data).toMatchObject({ balance: 100, points: 0 });
    await expectBooksBalanced(t);
  });

  it("catches a sub-user who changes their mobile to the referrer's in the profile", async () => {
    const referrer = await createLearner(t.app, { mobile: '9000077777' });
    const copy = await createLearner(t.app, { referrerId: referrer.id });
    await buy(copy);
    const res = await t.client
      .as(copy.token)
      .put('/profile', { first_name: 'Copy', last_name: 'Cat', email: copy.email, mobile: '9000077777' });
    expect(res.statusCode).toBe(200);

    expect(await getUser(t.app, copy.id)).toMatchObject({ referralStatus: 'rejected', referralStatusReason: 'mobile' });
    expect(await referralLedger(referrer)).toEqual([['Referral Commission', 'Rejected', 10_000, 0]]);
    expect((await selfReferralAudit(t.app, copy.id)).map((row) => row.after)).toEqual([
      expect.objectContaining({ reason: 'mobile', found_on: 'profile' }),
    ]);
  });

  it('takes a commission back once, whichever comes first: the refund or the self-referral', async () => {
    const admin = await createAdmin(t.app);
    const refund = (purchaseId: number) => t.client.as(admin.token).post(`/admin/purchases/${purchaseId}/refund`);
    for (const refundFirst of [true, false]) {
      const referrer = await createLearner(t.app);
      const copy = await createLearner(t.app, { referrerId: referrer.id });
      const purchaseId = await buy(copy);
      t.clock.advance(7 * DAY_MS + 60_000);
      const token = await signInNow(t.app, referrer.id);
      const copyToken = await signInNow(t.app, copy.id);
      expect((await t.client.as(token).post('/bank-details', validBank)).statusCode).toBe(200);
      if (refundFirst) expect((await refund(purchaseId)).statusCode).toBe(200);
      expect((await t.client.as(copyToken).post('/bank-details', validBank)).statusCode).toBe(200);
      if (!refundFirst) expect((await refund(purchaseId)).statusCode).toBe(200);

      expect((await getUser(t.app, copy.id)).referralStatus).toBe('rejected');
      expect(await referralLedger(referrer)).toEqual([
        ['Referral Commission', 'Done', 10_000, 0],
        ['Commission Reversal', 'Done', -10_000, 0],
      ]);
      expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 0, points: 0 });
    }
    await expectBooksBalanced(t);
  });

  it('leaves a genuine friend alone when either of them saves different details', async () => {
    const referrer = await createLearner(t.app);
    const friend = await createLearner(t.app, { referrerId: referrer.id });
    await buy(friend);
    await t.client.as(referrer.token).post('/bank-details', validBank);
    await t.client
      .as(friend.token)
      .post('/bank-details', { ...validBank, account_number: '112233445566', pan_card: 'LLLLL4321L' });
    expect((await getUser(t.app, friend.id)).referralStatus).toBe('counted');
    expect(await referralLedger(referrer)).toEqual([['Referral Commission', 'Pending', 10_000, 0]]);
    expect(await selfReferralAudit(t.app, friend.id)).toEqual([]);
  });
});
