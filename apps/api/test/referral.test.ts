import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, levelAchievements, users } from '@app/db';
import { createLearner, getUser, type Learner } from './fixtures.ts';
import { ledgerOf, payPurchase, refundPurchase, setUpLedgerTestApp, validBank, walletOf } from './wallet-fixtures.ts';
import { createAdmin } from './admin-fixtures.ts';

describe('referral network: commission, activation, levels', () => {
  const t = setUpLedgerTestApp();

  const levelStatus = async (who: Learner) => {
    const res = await t.client.as(who.token).get('/level-status');
    expect(res.statusCode).toBe(200);
    return res.body.data;
  };

  it('moves balances and levels exactly along a chain A → B → C', async () => {
    const a = await createLearner(t.app);
    const b = await createLearner(t.app, { referrerId: a.id });
    const c = await createLearner(t.app, { referrerId: b.id });

    const before = await levelStatus(a);
    expect(before).toMatchObject({
      level_number: 1,
      level_name: 'Starter',
      level_days: 30,
      node: 2,
      completed_node: 0,
      completed_users: [],
      difference: 30,
      progress_percent: 0,
      is_completed: false,
    });

    // B buys ₹499: A earns 10% = ₹49.90, B becomes active and counts for A's Starter level.
    await payPurchase(t.app, b.id, 49_900);
    expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 4_990, points: 0 });
    expect((await getUser(t.app, b.id)).activatedAt).not.toBeNull();
    expect(await levelStatus(a)).toMatchObject({
      completed_node: 1,
      completed_users: ['Test Learner'],
      progress_percent: 50,
    });

    // C buys ₹1,000.01: only C's direct referrer B earns (floored to paise); A is untouched.
    await payPurchase(t.app, c.id, 100_001);
    expect(await walletOf(t.app, b.id)).toEqual({ balancePaise: 10_000, points: 0 });
    expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 4_990, points: 0 });
    expect(await levelStatus(b)).toMatchObject({ level_name: 'Starter', completed_node: 1 });
    expect(await levelStatus(a)).toMatchObject({ completed_node: 1 });

    // B's second purchase pays A again but does not count B twice.
    await payPurchase(t.app, b.id, 20_000);
    expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 6_990, points: 0 });
    expect(await levelStatus(a)).toMatchObject({ completed_node: 1 });

    // A zero-amount enrolment neither activates D nor counts; D's first paid purchase (₹100) does:
    // D is A's second sub-user, Starter achieved.
    const d = await createLearner(t.app, { referrerId: a.id });
    await payPurchase(t.app, d.id, 0);
    expect((await getUser(t.app, d.id)).activatedAt).toBeNull();
    expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 6_990, points: 0 });
    expect(await levelStatus(a)).toMatchObject({ completed_node: 1 });
    await payPurchase(t.app, d.id, 10_000);
    expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 6_990 + 1_000 + 10_000, points: 100 });
    const reward = (await ledgerOf(t.app, a.id)).find((e) => e.method === 'Level Reward');
    expect(reward).toMatchObject({ amountPaise: 10_000, points: 100, status: 'Done' });
    expect(await t.app.ctx.db.select().from(levelAchievements).where(eq(levelAchievements.userId, a.id))).toEqual([
      expect.objectContaining({ levelNumber: 1 }),
    ]);

    // The next level's window starts now, with nothing counted yet.
    const bronze = await levelStatus(a);
    expect(bronze).toMatchObject({
      level_number: 2,
      level_name: 'Bronze',
      level_days: 60,
      node: 4,
      completed_node: 0,
      completed_users: [],
      difference: 60,
    });

    expect((await ledgerOf(t.app, a.id)).map((e) => [e.method, e.amountPaise, e.points])).toEqual([
      ['Referral Commission', 4_990, 0],
      ['Referral Commission', 2_000, 0],
      ['Referral Commission', 1_000, 0],
      ['Level Reward', 10_000, 100],
    ]);

    // What A's wallet screen shows.
    const wallet = await t.client.as(a.token).get('/transactions');
    expect(wallet.body.data).toMatchObject({ balance: 179.9, points: 100, total: 4 });
    expect(wallet.body.data.transactions[0]).toMatchObject({
      method: 'Level Reward',
      kind: 'both',
      amount: 100,
      point: 100,
      status: 'Done',
    });
    expect(wallet.body.data.transactions[3]).toMatchObject({
      method: 'Referral Commission',
      kind: 'amount',
      amount: 49.9,
      point: 0,
    });
    expect(wallet.body.data.transactions[3].transaction_id).toMatch(/^TX[A-Z2-9]{14}$/);
  });

  it('counts concurrent activations once each and credits a level reward once', async () => {
    const a = await createLearner(t.app);
    const subs = await Promise.all(Array.from({ length: 5 }, () => createLearner(t.app, { referrerId: a.id })));
    await Promise.all(subs.map((s) => payPurchase(t.app, s.id, 10_000)));

    // 5 × ₹10 commission + one Starter reward; Starter took 2 activations, Bronze counts the other 3.
    expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 5 * 1_000 + 10_000, points: 100 });
    const rewards = (await ledgerOf(t.app, a.id)).filter((e) => e.method === 'Level Reward');
    expect(rewards).toHaveLength(1);
    expect(await levelStatus(a)).toMatchObject({
      level_name: 'Bronze',
      completed_node: 3,
      node: 4,
      progress_percent: 75,
    });
  });

  it('lists direct sub-users with status, paging and their own sub-user counts', async () => {
    const a = await createLearner(t.app);
    const b = await createLearner(t.app, { referrerId: a.id });
    await createLearner(t.app, { referrerId: b.id });
    await createLearner(t.app, { referrerId: b.id });
    const others = [];
    for (let i = 0; i < 11; i++) others.push(await createLearner(t.app, { referrerId: a.id }));
    await payPurchase(t.app, b.id, 10_000);

    const page1 = await t.client.as(a.token).get('/tree?page=1&per_page=5');
    expect(page1.statusCode).toBe(200);
    expect(page1.body.data).toMatchObject({ current_page: 1, per_page: 5, total: 12, last_page: 3 });
    expect(page1.body.data.data).toHaveLength(5);
    // Newest first.
    expect(page1.body.data.data[0]).toMatchObject({ id: others[10]!.id, status: 'pending', sub_users_count: 0 });
    expect(page1.body.data.data[0].referral_code).toBe(others[10]!.referralCode);
    // The Pending table's Email column: masked, as the referrer's own is on the register page.
    expect(page1.body.data.data[0].email).toBe(
      `${others[10]!.email.slice(0, 2)}****${others[10]!.email.slice(others[10]!.email.indexOf('@'))}`,
    );

    const page3 = await t.client.as(a.token).get('/tree?page=3&per_page=5');
    expect(page3.body.data.data.map((u: { id: number }) => u.id)).toEqual([others[0]!.id, b.id]);
    expect(page3.body.data.data[1]).toMatchObject({ name: 'Test Learner', status: 'active', sub_users_count: 2 });

    const active = await t.client.as(a.token).get('/tree?status=active');
    expect(active.body.data).toMatchObject({ total: 1, per_page: 10 });
    expect(active.body.data.data[0].id).toBe(b.id);
    const pending = await t.client.as(a.token).get('/tree?status=pending');
    expect(pending.body.data.total).toBe(11);

    const recent = await t.client.as(a.token).get('/recent/tree');
    expect(recent.body.data).toHaveLength(10);
    expect(recent.body.data[0].id).toBe(others[10]!.id);

    // Someone else's tree is not A's.
    expect((await t.client.as(b.token).get('/tree')).body.data.total).toBe(2);
  });

  it('answers bad paging with 422 and field errors', async () => {
    const a = await createLearner(t.app);
    for (const query of ['page=0', 'page=abc', 'per_page=101', 'per_page=0', 'status=gone']) {
      const res = await t.client.as(a.token).get(`/tree?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.body.status).toBe(false);
      expect(Object.keys(res.body.errors)).toHaveLength(1);
    }
  });

  it('refuses the referral routes without a verified session', async () => {
    const unverified = await createLearner(t.app, { verified: false });
    expect((await t.client.get('/level-status')).statusCode).toBe(401);
    expect((await t.client.as(unverified.token).get('/tree')).statusCode).toBe(417);
  });

  it('reverses the commission of a refunded purchase, never below zero', async () => {
    const a = await createLearner(t.app);
    const b = await createLearner(t.app, { referrerId: a.id });
    const first = await payPurchase(t.app, b.id, 49_900);
    expect(await refundPurchase(t.app, first)).toEqual({ reversedPaise: 4_990, shortfallPaise: 0 });
    expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 0, points: 0 });
    // A second refund notice changes nothing.
    expect(await refundPurchase(t.app, first)).toBeNull();

    // A is paid part of a ₹150 commission before the refund: only what is left can be taken back (a withdrawal not
    // yet paid would be rejected to cover it: abuse/holding-period.test.ts).
    const second = await payPurchase(t.app, b.id, 150_000);
    await t.client.as(a.token).post('/bank-details', validBank);
    expect((await t.client.as(a.token).post('/withdraw', { amount: 100 })).statusCode).toBe(200);
    const [withdrawal] = (await ledgerOf(t.app, a.id)).filter((e) => e.method === 'Withdraw');
    const operator = await createAdmin(t.app);
    const paid = await t.client
      .as(operator.token)
      .post(`/admin/withdrawals/${withdrawal!.id}/settle`, { status: 'Done', bank_reference: 'UTR42' });
    expect(paid.statusCode).toBe(200);
    expect(await refundPurchase(t.app, second)).toEqual({ reversedPaise: 5_000, shortfallPaise: 10_000 });
    expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 0, points: 0 });
    const reversal = (await ledgerOf(t.app, a.id)).filter((e) => e.method === 'Commission Reversal').at(-1);
    expect(reversal).toMatchObject({ amountPaise: -5_000, purchaseId: second });
    expect(reversal!.description).toContain('₹100.00 not recovered');

    // A refund of a purchase that paid no commission posts nothing.
    const lone = await createLearner(t.app);
    expect(await refundPurchase(t.app, await payPurchase(t.app, lone.id, 10_000))).toBeNull();
  });

  it('never pays the same purchase twice, even if the hook runs again', async () => {
    const a = await createLearner(t.app);
    const b = await createLearner(t.app, { referrerId: a.id });
    const purchaseId = await payPurchase(t.app, b.id, 10_000);
    const { onPurchasePaid } = await import('../src/services/referrals/on-purchase-paid.ts');
    const { readPaidPurchase } = await import('../src/services/purchases/flip-purchase.ts');
    await t.app.ctx.db.transaction(async (tx) =>
      onPurchasePaid(tx, t.app.ctx, (await readPaidPurchase(tx, purchaseId))!),
    );
    expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 1_000, points: 0 });
  });
});

describe('fraud rules: self-referrals and held sign-ups earn nothing and count for nothing', () => {
  const t = setUpLedgerTestApp();

  /** Pays a purchase of B and returns what A earned and how B's sign-up ended up. */
  async function outcome(a: Learner, b: Learner) {
    await payPurchase(t.app, b.id, 50_000);
    const status = await t.client.as(a.token).get('/level-status');
    const buyer = await getUser(t.app, b.id);
    return {
      earned: (await walletOf(t.app, a.id)).balancePaise,
      counted: status.body.data.completed_node,
      referralStatus: buyer.referralStatus,
      isActive: buyer.activatedAt !== null,
    };
  }

  /** Saves bank details for `who`: the account number and PAN as given, the rest validBank's. */
  async function addBank(who: Learner, account: { account_number: string; pan_card: string }) {
    await t.client.as(who.token).post('/bank-details', { ...validBank, ...account });
  }

  it('pays a genuine referral (control)', async () => {
    const a = await createLearner(t.app, { email: `asha.${Date.now()}@gmail.com` });
    const b = await createLearner(t.app, { referrerId: a.id });
    expect(await outcome(a, b)).toEqual({ earned: 5_000, counted: 1, referralStatus: 'counted', isActive: true });
  });

  it('sees through Gmail dots, +tags and case', async () => {
    const tag = Date.now().toString(36);
    const a = await createLearner(t.app, { email: `asha.rao.${tag}@gmail.com` });
    const b = await createLearner(t.app, { referrerId: a.id, email: `AshaRao${tag}+second@Gmail.com` });
    expect(await outcome(a, b)).toEqual({ earned: 0, counted: 0, referralStatus: 'rejected', isActive: true });
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'referral.self_referral'), eq(auditLog.entityId, String(b.id))));
    expect(audit?.after).toMatchObject({ referrer_id: a.id, reason: 'email' });
  });

  it('refuses the same mobile', async () => {
    const a = await createLearner(t.app, { mobile: '9000000001' });
    const b = await createLearner(t.app, { referrerId: a.id, mobile: '9000000001' });
    expect(await outcome(a, b)).toMatchObject({ earned: 0, counted: 0, referralStatus: 'rejected' });
  });

  it.each([
    {
      same: 'bank account',
      referrer: { account_number: '555566667777', pan_card: 'AAAAA1111A' },
      referred: { account_number: '5555 6666 7777', pan_card: 'BBBBB2222B' },
    },
    {
      same: 'PAN',
      referrer: { account_number: '111122223333', pan_card: 'CCCCC3333C' },
      referred: { account_number: '444455556666', pan_card: 'ccccc3333c' },
    },
  ])('refuses the same $same', async ({ referrer, referred }) => {
    const a = await createLearner(t.app);
    const b = await createLearner(t.app, { referrerId: a.id });
    await addBank(a, referrer);
    await addBank(b, referred);
    expect(await outcome(a, b)).toMatchObject({ earned: 0, counted: 0, referralStatus: 'rejected' });
  });

  it('catches a self-referral when bank details are added after a purchase, and takes its commission back', async () => {
    const a = await createLearner(t.app);
    const b = await createLearner(t.app, { referrerId: a.id });
    await addBank(a, { account_number: '777788889999', pan_card: 'DDDDD4444D' });
    await payPurchase(t.app, b.id, 10_000);
    expect((await walletOf(t.app, a.id)).balancePaise).toBe(1_000);
    await addBank(b, { account_number: '777788889999', pan_card: 'EEEEE5555E' });
    expect((await getUser(t.app, b.id)).referralStatus).toBe('rejected');
    expect((await walletOf(t.app, a.id)).balancePaise).toBe(0);
    await payPurchase(t.app, b.id, 10_000);
    expect((await walletOf(t.app, a.id)).balancePaise).toBe(0);
  });

  it('pays nothing for a held sign-up, and leaves it held', async () => {
    const a = await createLearner(t.app);
    const b = await createLearner(t.app, { referrerId: a.id });
    await t.app.ctx.db.update(users).set({ referralStatus: 'held' }).where(eq(users.id, b.id));
    expect(await outcome(a, b)).toEqual({ earned: 0, counted: 0, referralStatus: 'held', isActive: true });
  });

  it('holds the 4th sign-up through one code from one address in a week, and pays nothing for it', async () => {
    const a = await createLearner(t.app);
    const client = t.client.from('203.0.113.9');
    const registered: Learner[] = [];
    for (let i = 0; i < 4; i++) {
      const email = `held-${i}-${Date.now()}@example.com`;
      const res = await client.post('/register', {
        ref_user: a.referralCode.toLowerCase(),
        first_name: 'Sub',
        last_name: `User${i}`,
        email,
        mobile: `98765${String(43_210 + i)}`,
        password: 'Secret@123',
        password_confirmation: 'Secret@123',
        disclaimer: true,
      });
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, email));
      registered.push({ id: row!.id, email, token: res.body.data.token, referralCode: row!.referralCode });
    }
    const statuses = await Promise.all(registered.map(async (r) => (await getUser(t.app, r.id)).referralStatus));
    expect(statuses).toEqual(['counted', 'counted', 'counted', 'held']);

    await payPurchase(t.app, registered[3]!.id, 50_000);
    expect((await walletOf(t.app, a.id)).balancePaise).toBe(0);
    await payPurchase(t.app, registered[0]!.id, 50_000);
    expect((await walletOf(t.app, a.id)).balancePaise).toBe(5_000);
    expect((await t.client.as(a.token).get('/level-status')).body.data).toMatchObject({
      completed_node: 1,
      completed_users: ['Sub User0'],
    });
  });
});
