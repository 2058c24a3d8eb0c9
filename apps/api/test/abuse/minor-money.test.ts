import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankDetails, devMailbox, guardianConsents, purchases, users, walletTransactions } from '@app/db';
import { dayNumber, isoDay } from '@app/contracts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createBatch, createCourse } from '../catalogue-fixtures.ts';
import { creditPoints, setReferenceData, validBank, walletOf } from '../wallet-fixtures.ts';
import { postEntry } from '../../src/services/wallet/index.ts';
import { consentTokenMailedTo, createMinor, dobForAge, giveConsentByEmail } from '../consent-fixtures.ts';
import { createLearner, type Learner } from '../fixtures.ts';
import { createAdmin } from '../admin-fixtures.ts';
import { expectBooksBalanced } from './abuse-fixtures.ts';

const REFUSED = {
  status: false,
  message: 'A parent or guardian must agree before you can pay, redeem points or withdraw money.',
};

/**
 * Issue 16, part 7: a 13-year-old without a guardian's consent moves no money. One attack per door;
 * each fails when requireMoneyConsent is taken out of that route (decision 024).
 */
describe('abuse: a minor without consent moves no money', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await setReferenceData(t.app, { convert_value_paise: 100, minimum_withdrawal_paise: 10_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  const purchasesOf = (userId: number) => t.app.ctx.db.select().from(purchases).where(eq(purchases.userId, userId));

  it('cannot pay for a course, with or without an offer code (POST /checkout)', async () => {
    const child = await createMinor(t);
    const course = await createCourse(t.app, { pricePaise: 99_900 });
    for (const body of [{ course_id: course.id }, { course_id: course.id, offer_code: 'ANYCODE' }]) {
      const res = await t.client.as(child.token).post('/checkout', body);
      expect(res.statusCode).toBe(403);
      expect(res.body).toEqual(REFUSED);
    }
    expect(await purchasesOf(child.id)).toEqual([]);
  });

  it('cannot pay the class fee (POST /first-payment)', async () => {
    const child = await createMinor(t);
    await createBatch(t.app, { feePaise: 150_000, learnerId: child.id });
    const res = await t.client.as(child.token).post('/first-payment', {});
    expect(res.statusCode).toBe(403);
    expect(res.body).toEqual(REFUSED);
    expect(await purchasesOf(child.id)).toEqual([]);
  });

  it('cannot confirm a payment of an order started before consent was withdrawn (POST /pay-now)', async () => {
    const child = await createMinor(t);
    const token = await giveConsentByEmail(t, child);
    const course = await createCourse(t.app, { pricePaise: 40_000 });
    const checkout = await t.client.as(child.token).post('/checkout', { course_id: course.id });
    expect(checkout.statusCode).toBe(200);
    expect((await t.client.as(undefined).post(`/guardian/consent/${token}/withdraw`)).statusCode).toBe(200);
    const paid = await t.client.post('/sandbox/pay', { order_id: checkout.body.data.order_id, outcome: 'success' });
    const res = await t.client.as(child.token).post('/pay-now', {
      payment_id: paid.body.razorpay_payment_id,
      order_id: paid.body.razorpay_order_id,
      signature: paid.body.razorpay_signature,
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toEqual(REFUSED);
  });

  it('cannot redeem Quiz Points (POST /redeem-point)', async () => {
    const child = await createMinor(t);
    await creditPoints(t.app, child.id, 50);
    const res = await t.client.as(child.token).post('/redeem-point', { point: 20 });
    expect(res.statusCode).toBe(403);
    expect(res.body).toEqual(REFUSED);
    expect(await walletOf(t.app, child.id)).toEqual({ balancePaise: 0, points: 50 });
  });

  it('cannot add or change bank details (POST /bank-details)', async () => {
    const child = await createMinor(t);
    const res = await t.client.as(child.token).post('/bank-details', validBank);
    expect(res.statusCode).toBe(403);
    expect(res.body).toEqual(REFUSED);
    expect(await t.app.ctx.db.select().from(bankDetails).where(eq(bankDetails.userId, child.id))).toEqual([]);
  });

  it('cannot withdraw, even with bank details saved while consent stood (POST /withdraw)', async () => {
    const child = await createMinor(t);
    const token = await giveConsentByEmail(t, child);
    expect((await t.client.as(child.token).post('/bank-details', validBank)).statusCode).toBe(200);
    await postEntry(t.app.ctx.db, {
      userId: child.id,
      method: 'Referral Commission',
      amountPaise: 50_000,
      points: 0,
      status: 'Done',
      description: 'Commission',
    });
    expect((await t.client.as(undefined).post(`/guardian/consent/${token}/withdraw`)).statusCode).toBe(200);
    const res = await t.client.as(child.token).post('/withdraw', { amount: 200 });
    expect(res.statusCode).toBe(403);
    expect(res.body).toEqual(REFUSED);
    expect(await walletOf(t.app, child.id)).toEqual({ balancePaise: 50_000, points: 0 });
    await expectBooksBalanced(t);
  });
});

/**
 * The guardian's page says withdrawals stop at once when consent is withdrawn: one the child asked for while consent
 * stood, and the operator has not paid yet, is rejected with the withdrawal and the money is back in the wallet.
 */
describe('abuse: a withdrawal asked for while consent stood is not paid once it is withdrawn', () => {
  let t: TestApp;
  let admin: Learner;
  beforeAll(async () => {
    t = await createTestApp();
    await setReferenceData(t.app, { convert_value_paise: 100, minimum_withdrawal_paise: 10_000 });
    admin = await createAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const withdrawalsOf = (userId: number) =>
    t.app.ctx.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.userId, userId))
      .orderBy(walletTransactions.id);

  /** A learner with ₹500 and bank details who asked to withdraw ₹200. */
  const askToWithdraw = async (learner: Learner) => {
    expect((await t.client.as(learner.token).post('/bank-details', validBank)).statusCode).toBe(200);
    await postEntry(t.app.ctx.db, {
      userId: learner.id,
      method: 'Referral Commission',
      amountPaise: 50_000,
      points: 0,
      status: 'Done',
      description: 'Commission',
    });
    expect((await t.client.as(learner.token).post('/withdraw', { amount: 200 })).statusCode).toBe(200);
    const [withdrawal] = (await withdrawalsOf(learner.id)).filter((e) => e.method === 'Withdraw');
    return withdrawal!;
  };

  it('rejects it when the guardian withdraws consent: the money back, the child told in their language, nothing to pay', async () => {
    const child = await createMinor(t);
    await t.app.ctx.db.update(users).set({ language: 'hi' }).where(eq(users.id, child.id));
    const token = await giveConsentByEmail(t, child);
    const withdrawal = await askToWithdraw(child);
    expect(await walletOf(t.app, child.id)).toEqual({ balancePaise: 30_000, points: 0 });

    expect((await t.client.as(undefined).post(`/guardian/consent/${token}/withdraw`)).statusCode).toBe(200);

    expect(await walletOf(t.app, child.id)).toEqual({ balancePaise: 50_000, points: 0 });
    const entries = await withdrawalsOf(child.id);
    expect(entries.find((e) => e.id === withdrawal.id)).toMatchObject({ status: 'Rejected' });
    expect(entries.at(-1)).toMatchObject({
      method: 'Withdraw Reversal',
      amountPaise: 20_000,
      description: `Withdrawal ${withdrawal.transactionId} rejected: your guardian withdrew their consent`,
    });
    const paid = await t.client
      .as(admin.token)
      .post(`/admin/withdrawals/${withdrawal.id}/settle`, { status: 'Done', bank_reference: 'UTR1' });
    expect(paid.body).toEqual({ status: false, message: 'Already settled' });
    const [mail] = await t.app.ctx.db
      .select()
      .from(devMailbox)
      .where(eq(devMailbox.to, child.email))
      .orderBy(desc(devMailbox.id))
      .limit(1);
    expect(mail!.text).toContain('आपके अभिभावक ने अपनी सहमति वापस ले ली');
    expect(mail!.text).toContain(withdrawal.transactionId);
    // Withdrawing again changes nothing.
    expect((await t.client.as(undefined).post(`/guardian/consent/${token}/withdraw`)).statusCode).toBe(200);
    expect(await withdrawalsOf(child.id)).toHaveLength(entries.length);
    await expectBooksBalanced(t);
  });

  it("is not paid to a learner whose date of birth was corrected to a minor's since they asked", async () => {
    const learner = await createLearner(t.app, { dateOfBirth: dobForAge(t.clock.now(), 30) });
    const withdrawal = await askToWithdraw(learner);
    const corrected = await t.client
      .as(admin.token)
      .put(`/admin/users/${learner.id}/date-of-birth`, { date_of_birth: dobForAge(t.clock.now(), 15) });
    expect(corrected.statusCode).toBe(200);
    const paid = await t.client
      .as(admin.token)
      .post(`/admin/withdrawals/${withdrawal.id}/settle`, { status: 'Done', bank_reference: 'UTR2' });
    expect(paid.statusCode).toBe(400);
    expect(paid.body.message).toBe(
      "This learner is under 18 and their guardian's consent is not in force: reject the withdrawal instead of paying it.",
    );
    const rejected = await t.client
      .as(admin.token)
      .post(`/admin/withdrawals/${withdrawal.id}/settle`, { status: 'Rejected', reason: 'Guardian consent needed' });
    expect(rejected.statusCode).toBe(200);
    expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 50_000, points: 0 });
  });

  it('ATTACK: once the operator has started paying it, the guardian cannot give the money back to the wallet too', async () => {
    // The operator opens the withdrawal to pay it and makes the transfer; before they press Done, the "guardian"
    // (a second mailbox the child controls) withdraws consent. Rejecting it then would leave the money in the
    // wallet as well as in the bank account, to ask for again.
    const child = await createMinor(t);
    const token = await giveConsentByEmail(t, child);
    const withdrawal = await askToWithdraw(child);
    const started = await t.client.as(admin.token).post(`/admin/withdrawals/${withdrawal.id}/payout`);
    expect(started.statusCode, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data).toMatchObject({
      status: 'Pending',
      bank: { account_number: validBank.account_number },
      payout: { started_by: { id: admin.id } },
    });

    expect((await t.client.as(undefined).post(`/guardian/consent/${token}/withdraw`)).statusCode).toBe(200);
    expect(await walletOf(t.app, child.id)).toEqual({ balancePaise: 30_000, points: 0 });
    expect((await withdrawalsOf(child.id)).find((e) => e.id === withdrawal.id)).toMatchObject({ status: 'Pending' });

    const paid = await t.client
      .as(admin.token)
      .post(`/admin/withdrawals/${withdrawal.id}/settle`, { status: 'Done', bank_reference: 'UTR9' });
    expect(paid.statusCode, JSON.stringify(paid.body)).toBe(200);
    expect(await walletOf(t.app, child.id)).toEqual({ balancePaise: 30_000, points: 0 });
    expect((await withdrawalsOf(child.id)).map((e) => e.method)).not.toContain('Withdraw Reversal');
    await expectBooksBalanced(t);
  });

  it("ATTACK: a minor's withdrawal taken over after the guardian withdrew consent is not paid by the new payer; they reject it", async () => {
    // The first operator started paying, then went away without transferring; the guardian withdrew consent
    // meanwhile. The operator who takes it over makes a new transfer: consent is checked as at a start.
    const child = await createMinor(t);
    const token = await giveConsentByEmail(t, child);
    const withdrawal = await askToWithdraw(child);
    expect((await t.client.as(admin.token).post(`/admin/withdrawals/${withdrawal.id}/payout`)).statusCode).toBe(200);
    expect((await t.client.as(undefined).post(`/guardian/consent/${token}/withdraw`)).statusCode).toBe(200);
    t.clock.advance(25 * 3_600_000);
    const other = await createAdmin(t.app);
    const as = t.client.as(other.token);
    expect(
      (await as.post(`/admin/withdrawals/${withdrawal.id}/takeover`, { bank_statement_checked: true })).statusCode,
    ).toBe(200);
    const paid = await as.post(`/admin/withdrawals/${withdrawal.id}/settle`, {
      status: 'Done',
      bank_reference: 'UTR-TK',
    });
    expect([paid.statusCode, paid.body.message]).toEqual([
      400,
      "This learner is under 18 and their guardian's consent is not in force: reject the withdrawal instead of paying it.",
    ]);
    const rejected = await as.post(`/admin/withdrawals/${withdrawal.id}/settle`, {
      status: 'Rejected',
      reason: 'No consent',
    });
    expect(rejected.statusCode).toBe(200);
    expect(await walletOf(t.app, child.id)).toEqual({ balancePaise: 50_000, points: 0 });
    await expectBooksBalanced(t);
  });

  it("does not start paying a minor's withdrawal while consent is not in force", async () => {
    const learner = await createLearner(t.app, { dateOfBirth: dobForAge(t.clock.now(), 30) });
    const withdrawal = await askToWithdraw(learner);
    await t.client
      .as(admin.token)
      .put(`/admin/users/${learner.id}/date-of-birth`, { date_of_birth: dobForAge(t.clock.now(), 15) });
    const started = await t.client.as(admin.token).post(`/admin/withdrawals/${withdrawal.id}/payout`);
    expect(started.statusCode).toBe(400);
    expect(started.body.message).toBe(
      "This learner is under 18 and their guardian's consent is not in force: reject the withdrawal instead of paying it.",
    );
    expect((await withdrawalsOf(learner.id)).find((e) => e.id === withdrawal.id)).toMatchObject({ status: 'Pending' });
  });

  it('an adult who asked is paid as before', async () => {
    const learner = await createLearner(t.app, { dateOfBirth: dobForAge(t.clock.now(), 30) });
    const withdrawal = await askToWithdraw(learner);
    const paid = await t.client
      .as(admin.token)
      .post(`/admin/withdrawals/${withdrawal.id}/settle`, { status: 'Done', bank_reference: 'UTR3' });
    expect(paid.statusCode).toBe(200);
  });
});

const DAY = 86_400_000;
const LOCKED = 'Your date of birth cannot be changed this way. Please write to us to correct it.';

/** The date of birth that makes a learner 18 tomorrow (India time): 17 years and 364 days old today. */
function eighteenTomorrow(now: Date): string {
  const tomorrow = isoDay(dayNumber(now) + 1);
  return `${Number(tomorrow.slice(0, 4)) - 18}${tomorrow.slice(4)}`.replace(/-02-29$/, '-02-28');
}

/**
 * Issue 16, the audit's loopholes (decision 024): a minor whose guardian withdrew consent cannot get round
 * it by ageing themselves on paper, by asking someone else, or with an old link. Each attack fails when its
 * guard is removed (dateOfBirthChangeProblem's "older" check, refuseGuardianNotOnRecord,
 * isConsentLinkExpired in findConsentByToken).
 */
describe('abuse: a minor whose guardian said no cannot get round it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await setReferenceData(t.app, { convert_value_paise: 100, minimum_withdrawal_paise: 10_000 });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A 13-year-old whose guardian agreed (bank details saved, points and money in the wallet), then withdrew. */
  async function withdrawnMinor() {
    const child = await createMinor(t);
    const token = await giveConsentByEmail(t, child);
    expect((await t.client.as(child.token).post('/bank-details', validBank)).statusCode).toBe(200);
    await creditPoints(t.app, child.id, 50);
    await postEntry(t.app.ctx.db, {
      userId: child.id,
      method: 'Referral Commission',
      amountPaise: 50_000,
      points: 0,
      status: 'Done',
      description: 'Commission',
    });
    expect((await t.client.as(undefined).post(`/guardian/consent/${token}/withdraw`)).statusCode).toBe(200);
    return { child, token };
  }

  async function expectNoMoneyMoves(child: { id: number; token: string }) {
    const course = await createCourse(t.app, { pricePaise: 99_900 });
    for (const [path, body] of [
      ['/checkout', { course_id: course.id }],
      ['/redeem-point', { point: 20 }],
      ['/withdraw', { amount: 200 }],
    ] as const) {
      const res = await t.client.as(child.token).post(path, body);
      expect(res.statusCode, path).toBe(403);
      expect(res.body, path).toEqual(REFUSED);
    }
    expect(await purchasesOf(child.id)).toEqual([]);
    expect(await walletOf(t.app, child.id)).toEqual({ balancePaise: 50_000, points: 50 });
  }

  const purchasesOf = (userId: number) => t.app.ctx.db.select().from(purchases).where(eq(purchases.userId, userId));

  it('cannot age out of consent by moving the date of birth, step by step or to 17y364d, even a day later', async () => {
    const { child } = await withdrawnMinor();
    const original = dobForAge(t.clock.now(), 13);
    const profile = (await t.client.as(child.token).get('/profile')).body.data;
    const form = {
      first_name: profile.first_name,
      last_name: profile.last_name,
      email: profile.email,
      mobile: profile.mobile,
    };
    const batch = await createBatch(t.app);
    const attempts = [
      // Step by step, a year at a time, on the consent form...
      ...[14, 15, 16, 17].map(
        (age) => () => t.client.as(child.token).put('/consent/dob', { date_of_birth: dobForAge(t.clock.now(), age) }),
      ),
      // ...or straight to 18-tomorrow, through each of the three forms.
      () => t.client.as(child.token).put('/consent/dob', { date_of_birth: eighteenTomorrow(t.clock.now()) }),
      () => t.client.as(child.token).put('/profile', { ...form, date_of_birth: eighteenTomorrow(t.clock.now()) }),
      () =>
        t.client.as(child.token).post('/add-class', {
          syllabus: batch.syllabusId,
          standard: batch.standardId,
          date_of_birth: eighteenTomorrow(t.clock.now()),
        }),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.statusCode).toBe(422);
      expect(res.body.errors.date_of_birth).toEqual([LOCKED]);
    }
    const [stored] = await t.app.ctx.db.select({ dob: users.dateOfBirth }).from(users).where(eq(users.id, child.id));
    expect(stored!.dob).toBe(original);

    t.clock.advance(DAY);
    try {
      expect((await t.client.as(child.token).get('/consent')).body.data).toMatchObject({
        status: 'withdrawn',
        allowed: false,
        age: 13,
      });
      await expectNoMoneyMoves(child);
    } finally {
      t.clock.advance(-DAY);
    }
    await expectBooksBalanced(t);
  });

  it('cannot have another contact (their own second inbox) give consent after the guardian withdrew', async () => {
    const { child } = await withdrawnMinor();
    const own = `second-inbox-${child.id}@example.com`;
    const res = await t.client
      .as(child.token)
      .post('/consent', { guardian_name: 'My Mum', channel: 'email', guardian_email: own });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({
      status: false,
      message: 'Your guardian withdrew consent. Only they can give it again; to name another guardian, write to us.',
    });
    // No link went out and no request was stored: there is nothing to agree to.
    await expect(consentTokenMailedTo(t, own)).rejects.toThrow(/no consent mail/);
    const rows = await t.app.ctx.db.select().from(guardianConsents).where(eq(guardianConsents.userId, child.id));
    expect(rows.map((row) => row.status)).toEqual(['withdrawn']);
    expect((await t.client.as(child.token).get('/consent')).body.data).toMatchObject({
      status: 'withdrawn',
      allowed: false,
    });
    await expectNoMoneyMoves(child);
    // The guardian who withdrew may be asked again, and their agreement opens the money actions.
    await giveConsentByEmail(t, child);
    expect((await t.client.as(child.token).get('/consent')).body.data).toMatchObject({
      status: 'given',
      allowed: true,
    });
  });

  it('cannot step round the guardian the operator named, by naming their own second inbox', async () => {
    // A parent wrote in before the child asked anyone: the operator names them.
    const child = await createMinor(t);
    const admin = await createLearner(t.app, { roles: ['admin', 'learner'] });
    const named = `named-parent-${child.id}@example.com`;
    const res = await t.client
      .as(admin.token)
      .post(`/admin/users/${child.id}/guardian`, { guardian_name: 'Ravi', channel: 'email', guardian_email: named });
    expect(res.statusCode).toBe(200);
    const own = `second-inbox-${child.id}@example.com`;
    const ask = await t.client
      .as(child.token)
      .post('/consent', { guardian_name: 'My Dad', channel: 'email', guardian_email: own });
    expect(ask.statusCode).toBe(400);
    expect(ask.body).toEqual({
      status: false,
      message:
        "We have your guardian's contact on record. Only they can give consent; to name another guardian, write to us.",
    });
    await expect(consentTokenMailedTo(t, own)).rejects.toThrow(/no consent mail/);
    const rows = await t.app.ctx.db.select().from(guardianConsents).where(eq(guardianConsents.userId, child.id));
    expect(rows.map((row) => [row.status, row.guardianEmail])).toEqual([['pending', named]]);
    const course = await createCourse(t.app, { pricePaise: 99_900 });
    expect((await t.client.as(child.token).post('/checkout', { course_id: course.id })).body).toEqual(REFUSED);
    expect(await purchasesOf(child.id)).toEqual([]);
  });

  it('cannot give consent on a pending link older than 7 days', async () => {
    const child = await createMinor(t);
    const email = `slow-parent-${child.id}@example.com`;
    await t.client.as(child.token).post('/consent', { guardian_name: 'P', channel: 'email', guardian_email: email });
    const token = await consentTokenMailedTo(t, email);
    t.clock.advance(7 * DAY + 1000);
    try {
      const res = await t.client.as(undefined).post(`/guardian/consent/${token}`, { agree: true });
      expect(res.statusCode).toBe(404);
      expect(res.body.message).toBe('This consent link has expired: links work for 7 days. Please ask for a new one.');
      expect((await t.client.as(child.token).get('/consent')).body.data).toMatchObject({ allowed: false });
      const [row] = await t.app.ctx.db.select().from(guardianConsents).where(eq(guardianConsents.userId, child.id));
      expect(row).toMatchObject({ status: 'pending', givenAt: null });
      const course = await createCourse(t.app, { pricePaise: 10_000 });
      expect((await t.client.as(child.token).post('/checkout', { course_id: course.id })).body).toEqual(REFUSED);
    } finally {
      t.clock.advance(-(7 * DAY + 1000));
    }
  });
});
