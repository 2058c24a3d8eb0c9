import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@app/db';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createLearner, getUser, type Learner } from '../fixtures.ts';
import { createCourse, createOfferCode } from '../catalogue-fixtures.ts';
import { payThroughSandbox } from '../checkout-fixtures.ts';
import { ledgerOf, payPurchase, refundPurchase, setReferenceData } from '../wallet-fixtures.ts';
import { expectBooksBalanced } from './abuse-fixtures.ts';

/**
 * A referral farm against the ladder: level 1 pays ₹100 and 100 points for two sub-users, so sign-ups that each buy
 * something for less than that (a cheap course, a deep offer code) make money for the farmer. With a level minimum
 * purchase set, only a purchase of at least that activates a sub-user and counts for a level; commission, 10% of
 * what was paid, is still paid on every purchase.
 */
describe('abuse: cheap purchases climb no level', () => {
  let t: TestApp;
  let admin: Learner;

  beforeAll(async () => {
    t = await createTestApp();
    await setReferenceData(t.app, { level_min_purchase_paise: 20_000 });
    await createOfferCode(t.app, { code: 'NINETY', discountValue: 9_000 });
    admin = await createLearner(t.app, { roles: ['learner', 'admin'] });
  });
  afterAll(async () => {
    await t.close();
  });

  const status = async (learner: Learner) => (await t.client.as(learner.token).get('/level-status')).body.data;
  const buy = (buyer: Learner, courseId: number, offerCode?: string) =>
    payThroughSandbox(t, buyer, '/checkout', { course_id: courseId, ...(offerCode && { offer_code: offerCode }) });
  /** The operator sets the level minimum purchase through the console (₹200 is this file's own). */
  const setMinimum = async (rupees: number) =>
    expect((await t.client.as(admin.token).put('/admin/settings', { level_min_purchase: rupees })).statusCode).toBe(
      200,
    );

  it('ATTACK: two sign-ups paying ₹49.90 each with a 90% code earn the farmer commission on it, never the level reward', async () => {
    const farmer = await createLearner(t.app);
    const course = await createCourse(t.app, { pricePaise: 49_900 });
    for (let i = 0; i < 2; i++) {
      const throwaway = await createLearner(t.app, { referrerId: farmer.id });
      await buy(throwaway, course.id, 'NINETY');
      expect((await getUser(t.app, throwaway.id)).activatedAt).toBeNull();
    }
    // Without the minimum the second purchase completes level 1: ₹100 and 100 points for ₹99.80 paid.
    expect((await ledgerOf(t.app, farmer.id)).map((e) => [e.method, e.amountPaise, e.points])).toEqual([
      ['Referral Commission', 499, 0],
      ['Referral Commission', 499, 0],
    ]);
    expect(await status(farmer)).toMatchObject({ level_number: 1, completed_node: 0, completed_users: [] });
    const tree = (await t.client.as(farmer.token).get('/tree')).body.data;
    expect(tree.data.map((u: { status: string }) => u.status)).toEqual(['pending', 'pending']);
    await expectBooksBalanced(t);
  });

  it('a purchase of at least the minimum counts; its refund uncounts the sub-user though a cheap one stays paid', async () => {
    const referrer = await createLearner(t.app);
    const friend = await createLearner(t.app, { referrerId: referrer.id });
    await buy(friend, (await createCourse(t.app, { pricePaise: 49_900 })).id, 'NINETY');
    expect(await status(referrer)).toMatchObject({ completed_node: 0 });

    const { purchaseId } = await buy(friend, (await createCourse(t.app, { pricePaise: 20_000 })).id);
    expect((await getUser(t.app, friend.id)).activatedAt).not.toBeNull();
    expect(await status(referrer)).toMatchObject({ completed_node: 1 });

    // The ₹49.90 purchase is still paid, but it would not have made the friend active: refunded, they stop counting.
    await refundPurchase(t.app, purchaseId);
    expect((await getUser(t.app, friend.id)).activatedAt).toBeNull();
    expect(await status(referrer)).toMatchObject({ completed_node: 0 });
    await expectBooksBalanced(t);
  });

  it('ATTACK: a held sign-up released after a cheap and a qualifying purchase ties the level reward to the qualifying one', async () => {
    const referrer = await createLearner(t.app);
    await buy(
      await createLearner(t.app, { referrerId: referrer.id }),
      (await createCourse(t.app, { pricePaise: 20_000 })).id,
    );
    // The 4th sign-up from one address: held for review, as a farm's are.
    const held = await createLearner(t.app, { referrerId: referrer.id });
    await t.app.ctx.db.update(users).set({ referralStatus: 'held' }).where(eq(users.id, held.id));
    const cheap = await payPurchase(t.app, held.id, 4_990);
    const qualifying = await payPurchase(t.app, held.id, 20_000);
    expect((await t.client.as(admin.token).post(`/admin/referrals/${held.id}/release`)).body.data).toMatchObject({
      counted_now: true,
      level_achieved: 'Starter',
    });
    const reward = (await ledgerOf(t.app, referrer.id)).find((e) => e.method === 'Level Reward')!;
    expect(reward.purchaseId).toBe(qualifying);
    // Refunding what made the sub-user count takes the reward back; the cheap purchase stays paid and earns nothing.
    await refundPurchase(t.app, qualifying);
    expect((await ledgerOf(t.app, referrer.id)).map((e) => e.method)).toContain('Level Reward Reversal');
    expect(cheap).not.toBe(qualifying);
    await expectBooksBalanced(t);
  });

  it('a refund of a purchase that activated nobody leaves the sub-user counted, even after the minimum was raised', async () => {
    await setMinimum(0);
    try {
      const referrer = await createLearner(t.app);
      const friend = await createLearner(t.app, { referrerId: referrer.id });
      await payPurchase(t.app, friend.id, 10_000);
      expect(await status(referrer)).toMatchObject({ completed_node: 1 });
      await setMinimum(500);
      const small = await payPurchase(t.app, friend.id, 5_000);
      await refundPurchase(t.app, small);
      expect((await getUser(t.app, friend.id)).activatedAt).not.toBeNull();
      expect(await status(referrer)).toMatchObject({ completed_node: 1 });
    } finally {
      await setMinimum(200);
    }
  });

  it('a held sign-up made active under a lower minimum counts when released after it was raised', async () => {
    await setMinimum(0);
    try {
      const referrer = await createLearner(t.app);
      const held = await createLearner(t.app, { referrerId: referrer.id });
      await t.app.ctx.db.update(users).set({ referralStatus: 'held' }).where(eq(users.id, held.id));
      await payPurchase(t.app, held.id, 10_000);
      await setMinimum(500);
      expect((await t.client.as(admin.token).post(`/admin/referrals/${held.id}/release`)).body.data).toMatchObject({
        counted_now: true,
      });
      expect(await status(referrer)).toMatchObject({ completed_node: 1 });
    } finally {
      await setMinimum(200);
    }
  });

  it('the console sets the minimum in rupees; 0 is the rule of the spec (any purchase paid above zero)', async () => {
    const as = t.client.as(admin.token);
    expect((await as.get('/admin/settings')).body.data.level_min_purchase).toBe(200);
    const bad = await as.put('/admin/settings', { level_min_purchase: -5 });
    expect(bad.statusCode).toBe(422);
    expect(bad.body.errors.level_min_purchase).toEqual([
      'level_min_purchase must be an amount in rupees from 0 (at most two decimals).',
    ]);
    expect((await as.put('/admin/settings', { level_min_purchase: 0 })).body.data.level_min_purchase).toBe(0);
    try {
      const farmer = await createLearner(t.app);
      const throwaway = await createLearner(t.app, { referrerId: farmer.id });
      await buy(throwaway, (await createCourse(t.app, { pricePaise: 49_900 })).id, 'NINETY');
      expect(await status(farmer)).toMatchObject({ completed_node: 1 });
    } finally {
      await setMinimum(200);
    }
  });
});
