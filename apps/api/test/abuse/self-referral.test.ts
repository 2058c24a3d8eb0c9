import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@app/db';
import { createLearner, getUser, TEST_PASSWORD, type Learner } from '../fixtures.ts';
import { createCourse } from '../catalogue-fixtures.ts';
import { createAdmin } from '../admin-fixtures.ts';
import { setUpLedgerTestApp, validBank } from '../wallet-fixtures.ts';
import { payThroughSandbox } from '../checkout-fixtures.ts';
import { selfReferralAudit } from './abuse-fixtures.ts';

/*
 * Issue 13, item 6 (docs/product/referrals-and-levels.md#self-referral): a sub-user held as a
 * self-referral earns the referrer nothing, and the referrer sees them as 'ineligible' with the
 * reason, never as active: on GET /tree (every filter), GET /recent/tree and the level slots.
 */
describe('self-referral: shown to the referrer as not eligible, with the reason', () => {
  const t = setUpLedgerTestApp();

  let signUps = 0;
  /** Registers through POST /register with `referrer`'s code, as a learner would, then verifies the email. */
  async function registerThrough(
    referrer: Learner,
    form: { first_name: string; last_name: string; mobile?: string; email?: string },
  ) {
    signUps += 1;
    const email = form.email ?? `sub-${signUps}-${Date.now()}@example.com`;
    const res = await t.client.from(`198.51.100.${signUps}`).post('/register', {
      ref_user: referrer.referralCode,
      mobile: `97000${String(10_000 + signUps)}`,
      password: TEST_PASSWORD,
      password_confirmation: TEST_PASSWORD,
      disclaimer: true,
      ...form,
      email,
    });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    // Verified, and (issue 16) an adult's date of birth as choose-level would have asked.
    const [row] = await t.app.ctx.db
      .update(users)
      .set({ emailVerifiedAt: t.app.ctx.now(), dateOfBirth: '1995-04-12' })
      .where(eq(users.email, email.toLowerCase()))
      .returning({ id: users.id, referralCode: users.referralCode });
    return {
      learner: { id: row!.id, email, token: res.body.data.token as string, referralCode: row!.referralCode },
      response: res.body,
    };
  }

  /** Buys a ₹499 course through the sandbox provider: checkout, the card page's payment, /pay-now. */
  async function buyCourse(buyer: Learner) {
    const course = await createCourse(t.app, { pricePaise: 49_900 });
    await payThroughSandbox(t, buyer, '/checkout', { course_id: course.id });
  }

  /** Everything the referrer's screens read about their sub-users and earnings. */
  async function referrerView(referrer: Learner) {
    const read = async (path: string) => {
      const res = await t.client.as(referrer.token).get(path);
      expect(res.statusCode, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.data;
    };
    const tree = await read('/tree');
    const active = await read('/tree?status=active');
    const pending = await read('/tree?status=pending');
    const ineligible = await read('/tree?status=ineligible');
    const recent = await read('/recent/tree');
    const level = await read('/level-status');
    const wallet = await read('/transactions');
    const brief = (u: { name: string; status: string; reason: string | null }) => ({
      name: u.name,
      status: u.status,
      reason: u.reason,
    });
    return {
      tree: tree.data.map(brief),
      treeTotal: tree.total,
      active: { total: active.total, names: active.data.map((u: { name: string }) => u.name) },
      pending: { total: pending.total, names: pending.data.map((u: { name: string }) => u.name) },
      ineligible: { total: ineligible.total, users: ineligible.data.map(brief) },
      recent: recent.map(brief),
      completedUsers: level.completed_users as string[],
      completedNode: level.completed_node as number,
      commissions: (wallet.transactions as { method: string; description: string }[])
        .filter((tx) => tx.method === 'Referral Commission')
        .map((tx) => tx.description),
    };
  }

  it("marks a sign-up with the referrer's mobile not eligible at registration, before any purchase", async () => {
    const referrer = await createLearner(t.app, { mobile: '9000012345' });
    const { learner: copy, response } = await registerThrough(referrer, {
      first_name: 'Mobile',
      last_name: 'Copy',
      mobile: '9000012345',
    });

    // Registration itself succeeds and answers as any other does.
    expect(response).toMatchObject({
      status: true,
      data: { token: expect.any(String), first_name: 'Mobile', last_name: 'Copy' },
    });
    expect(await getUser(t.app, copy.id)).toMatchObject({
      referralStatus: 'rejected',
      referralStatusReason: 'mobile',
      activatedAt: null,
    });
    expect((await selfReferralAudit(t.app, copy.id)).map((row) => row.after)).toEqual([
      expect.objectContaining({ referrer_id: referrer.id, reason: 'mobile' }),
    ]);

    const notEligible = { name: 'Mobile Copy', status: 'ineligible', reason: 'Same mobile number as yours' };
    expect(await referrerView(referrer)).toEqual({
      tree: [notEligible],
      treeTotal: 1,
      active: { total: 0, names: [] },
      pending: { total: 0, names: [] },
      ineligible: { total: 1, users: [notEligible] },
      recent: [notEligible],
      completedUsers: [],
      completedNode: 0,
      commissions: [],
    });
  });

  it('keeps them not eligible after they pay for a course: never active, no level slot, no commission', async () => {
    const referrer = await createLearner(t.app, { mobile: '9000023456' });
    const { learner: copy } = await registerThrough(referrer, {
      first_name: 'Paying',
      last_name: 'Copy',
      mobile: '9000023456',
    });
    await buyCourse(copy);
    expect((await getUser(t.app, copy.id)).activatedAt).not.toBeNull();

    const notEligible = { name: 'Paying Copy', status: 'ineligible', reason: 'Same mobile number as yours' };
    expect(await referrerView(referrer)).toEqual({
      tree: [notEligible],
      treeTotal: 1,
      active: { total: 0, names: [] },
      pending: { total: 0, names: [] },
      ineligible: { total: 1, users: [notEligible] },
      recent: [notEligible],
      completedUsers: [],
      completedNode: 0,
      commissions: [],
    });
    // Found once, at registration: the purchase does not audit it again.
    expect(await selfReferralAudit(t.app, copy.id)).toHaveLength(1);
  });

  it('lists an active friend and a not-eligible copy (same mailbox) apart, with totals that add up', async () => {
    const tag = Date.now().toString(36);
    const referrer = await createLearner(t.app, { email: `asha.rao.${tag}@gmail.com` });
    const { learner: friend } = await registerThrough(referrer, { first_name: 'Real', last_name: 'Friend' });
    const { learner: copy } = await registerThrough(referrer, {
      first_name: 'Email',
      last_name: 'Copy',
      email: `AshaRao${tag}+kid@Gmail.com`,
    });
    await registerThrough(referrer, { first_name: 'Still', last_name: 'Waiting' });
    await buyCourse(friend);
    await buyCourse(copy);

    const view = await referrerView(referrer);
    expect(view.tree).toEqual([
      { name: 'Still Waiting', status: 'pending', reason: null },
      { name: 'Email Copy', status: 'ineligible', reason: 'Same email as yours' },
      { name: 'Real Friend', status: 'active', reason: null },
    ]);
    expect(view.treeTotal).toBe(3);
    // The kept counts include the copy as active: the totals leave them out.
    expect((await getUser(t.app, referrer.id)).activeSubUsersCount).toBe(2);
    expect(view.active).toEqual({ total: 1, names: ['Real Friend'] });
    expect(view.pending).toEqual({ total: 1, names: ['Still Waiting'] });
    expect(view.ineligible).toEqual({
      total: 1,
      users: [{ name: 'Email Copy', status: 'ineligible', reason: 'Same email as yours' }],
    });
    expect(view.completedUsers).toEqual(['Real Friend']);
    expect(view.commissions).toEqual(["10% commission on Real Friend's purchase"]);

    // Pages of one: the copy is skipped on the active pages, whatever the page.
    const pageOfOne = async (page: number) =>
      (await t.client.as(referrer.token).get(`/tree?status=active&per_page=1&page=${page}`)).body.data;
    expect(await pageOfOne(1)).toMatchObject({ total: 1, last_page: 1, data: [{ id: friend.id, status: 'active' }] });
    expect((await pageOfOne(2)).data).toEqual([]);
  });

  it('shows the reason of a self-referral found at purchase time (same bank account)', async () => {
    const referrer = await createLearner(t.app);
    const { learner: copy } = await registerThrough(referrer, { first_name: 'Bank', last_name: 'Copy' });
    expect((await referrerView(referrer)).pending.names).toEqual(['Bank Copy']);
    await t.client
      .as(referrer.token)
      .post('/bank-details', { ...validBank, account_number: '321321321321', pan_card: 'FFFFF6666F' });
    await t.client
      .as(copy.token)
      .post('/bank-details', { ...validBank, account_number: '3213 2132 1321', pan_card: 'GGGGG7777G' });
    await buyCourse(copy);

    const view = await referrerView(referrer);
    expect(view.tree).toEqual([{ name: 'Bank Copy', status: 'ineligible', reason: 'Same bank account as yours' }]);
    expect(view.active.total).toBe(0);
    expect(view.completedUsers).toEqual([]);
    expect(view.commissions).toEqual([]);
  });

  it("shows a sign-up an operator rejected in review as not eligible, with the operator's reason", async () => {
    const admin = await createAdmin(t.app);
    const referrer = await createLearner(t.app);
    const { learner: held } = await registerThrough(referrer, { first_name: 'Held', last_name: 'Signup' });
    await t.app.ctx.db.update(users).set({ referralStatus: 'held' }).where(eq(users.id, held.id));
    await buyCourse(held);
    expect((await t.client.as(admin.token).post(`/admin/referrals/${held.id}/reject`)).statusCode).toBe(200);

    expect(await getUser(t.app, held.id)).toMatchObject({
      referralStatus: 'rejected',
      referralStatusReason: 'operator',
    });
    const view = await referrerView(referrer);
    expect(view.tree).toEqual([
      { name: 'Held Signup', status: 'ineligible', reason: 'Not accepted after review by our team' },
    ]);
    expect(view.active.total).toBe(0);
    expect(view.commissions).toEqual([]);
  });
});
