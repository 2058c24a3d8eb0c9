import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users, walletTransactions } from '@app/db';
import { createLearner, getUser } from './fixtures.ts';
import { payPurchase, walletOf } from './wallet-fixtures.ts';
import { auditOf, setUpAdminTestApp } from './admin-fixtures.ts';

describe('admin people', () => {
  const t = setUpAdminTestApp();

  const hold = (userId: number) =>
    t.app.ctx.db.update(users).set({ referralStatus: 'held', signupIp: '203.0.113.9' }).where(eq(users.id, userId));

  it('finds a user by name, email, mobile or referral code', async () => {
    const asha = await createLearner(t.app, { email: 'asha.rao@example.com', mobile: '9876501234' });
    await t.app.ctx.db.update(users).set({ firstName: 'Asha', lastName: 'Rao' }).where(eq(users.id, asha.id));
    await createLearner(t.app);
    const ids = async (q: string) =>
      (await t.as().get(`/admin/users?q=${encodeURIComponent(q)}`)).body.data.data.map((u: { id: number }) => u.id);
    expect(await ids('asha rao')).toEqual([asha.id]);
    expect(await ids('ASHA.RAO@')).toEqual([asha.id]);
    expect(await ids('98765012')).toEqual([asha.id]);
    expect(await ids('+91 98765 01234')).toEqual([asha.id]);
    expect(await ids(asha.referralCode.toLowerCase())).toEqual([asha.id]);
    expect(await ids('%')).toEqual([]);
    const page = await t.as().get('/admin/users?per_page=2&page=1');
    expect(page.body.data).toMatchObject({ per_page: 2, current_page: 1, total: expect.any(Number) });
    expect(page.body.data.data).toHaveLength(2);
    expect((await t.as().get('/admin/users?page=0')).statusCode).toBe(422);
  });

  it("shows a user's profile, roles, purchases, level, sub-users and wallet", async () => {
    const a = await createLearner(t.app);
    const b = await createLearner(t.app, { referrerId: a.id });
    await createLearner(t.app, { referrerId: a.id });
    const purchaseId = await payPurchase(t.app, b.id, 50_000);
    const res = await t.as().get(`/admin/users/${a.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toMatchObject({
      profile: { id: a.id, email: a.email, referral_code: a.referralCode },
      roles: ['learner'],
      referrer: null,
      referral_status: 'counted',
      purchases: [],
      level: { level_name: 'Starter', node: 2, completed_node: 1 },
      sub_users: { total: 2, active: 1 },
      wallet: { points: 0, balance: 50 },
    });
    const ofB = await t.as().get(`/admin/users/${b.id}`);
    expect(ofB.body.data.referrer).toEqual({
      id: a.id,
      name: 'Test Learner',
      email: a.email,
      referral_code: a.referralCode,
    });
    expect(ofB.body.data.purchases).toEqual([expect.objectContaining({ id: purchaseId, status: 'paid', amount: 500 })]);
    expect((await t.as().get('/admin/users/999999')).statusCode).toBe(404);
  });

  it('releases a held sign-up and counts an active one for the referrer at once', async () => {
    const a = await createLearner(t.app);
    const counted = await createLearner(t.app, { referrerId: a.id });
    const held = await createLearner(t.app, { referrerId: a.id });
    await hold(held.id);
    await payPurchase(t.app, counted.id, 10_000);
    await payPurchase(t.app, held.id, 10_000);
    // Held: active, but earned nothing and counts for nothing.
    expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 1_000, points: 0 });
    expect((await t.client.as(a.token).get('/level-status')).body.data.completed_node).toBe(1);

    const list = await t.as().get('/admin/referrals/held');
    expect(list.body.data.data).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ id: held.id }),
        referrer: expect.objectContaining({ id: a.id }),
        signup_ip: '203.0.113.9',
        is_active: true,
      }),
    ]);

    const released = await t.as().post(`/admin/referrals/${held.id}/release`);
    expect(released.statusCode).toBe(200);
    expect(released.body.data).toEqual({
      user_id: held.id,
      referral_status: 'released',
      counted_now: true,
      level_achieved: 'Starter',
    });
    // Starter's node is 2: counted + released. Its reward (₹100 and 100 points) is credited.
    expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 1_000 + 10_000, points: 100 });
    const rewards = await t.app.ctx.db.select().from(walletTransactions).where(eq(walletTransactions.userId, a.id));
    expect(rewards.filter((r) => r.method === 'Level Reward')).toHaveLength(1);
    expect((await t.client.as(a.token).get('/level-status')).body.data).toMatchObject({
      level_name: 'Bronze',
      completed_node: 0,
    });

    // Their next purchase pays commission again.
    await payPurchase(t.app, held.id, 10_000);
    expect((await walletOf(t.app, a.id)).balancePaise).toBe(12_000);

    const twice = await t.as().post(`/admin/referrals/${held.id}/release`);
    expect(twice.body).toEqual({ status: false, message: 'This sign-up is not held for review.' });
    expect((await auditOf(t.app, 'users', held.id)).map((r) => r.action)).toEqual(['referral.release']);
    expect((await t.as().get('/admin/referrals/held')).body.data.total).toBe(0);
  });

  it('releases a sign-up that has not bought yet for future counting, and rejects another for good', async () => {
    const a = await createLearner(t.app);
    const waiting = await createLearner(t.app, { referrerId: a.id });
    const fraud = await createLearner(t.app, { referrerId: a.id });
    await hold(waiting.id);
    await hold(fraud.id);
    const released = await t.as().post(`/admin/referrals/${waiting.id}/release`);
    expect(released.body.data).toMatchObject({ referral_status: 'released', counted_now: false, level_achieved: null });
    const rejected = await t.as().post(`/admin/referrals/${fraud.id}/reject`);
    expect(rejected.body.data).toMatchObject({ referral_status: 'rejected', counted_now: false });
    expect((await getUser(t.app, fraud.id)).referralStatus).toBe('rejected');

    await payPurchase(t.app, waiting.id, 10_000);
    await payPurchase(t.app, fraud.id, 10_000);
    expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 1_000, points: 0 });
    expect((await t.client.as(a.token).get('/level-status')).body.data.completed_node).toBe(1);
    expect((await t.as().post(`/admin/referrals/${fraud.id}/release`)).statusCode).toBe(400);
    expect((await t.as().post('/admin/referrals/999999/release')).statusCode).toBe(404);
  });
});
