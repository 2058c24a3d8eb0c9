import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankDetails, purchases } from '@app/db';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createBatch, createCourse } from '../catalogue-fixtures.ts';
import { creditPoints, setReferenceData, validBank, walletOf } from '../wallet-fixtures.ts';
import { postEntry } from '../../src/services/wallet/index.ts';
import { createMinor, giveConsentByEmail } from '../consent-fixtures.ts';
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
