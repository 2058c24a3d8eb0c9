import { eq, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys, users, walletTransactions } from '@app/db';
import { createLearner, type Learner } from './fixtures.ts';
import { postEntry } from '../src/services/wallet/index.ts';
import { creditPoints, setReferenceData, setUpLedgerTestApp, validBank, walletOf } from './wallet-fixtures.ts';

describe('wallet: ledger, redeem, withdraw, idempotency', () => {
  const t = setUpLedgerTestApp();

  /** A learner holding `rupees` (as commission) and `points`, with bank details unless told otherwise. */
  async function holder(options: { balancePaise?: number; points?: number; bank?: boolean } = {}): Promise<Learner> {
    const learner = await createLearner(t.app);
    if (options.balancePaise) {
      await postEntry(t.app.ctx.db, {
        userId: learner.id,
        method: 'Referral Commission',
        amountPaise: options.balancePaise,
        points: 0,
        status: 'Done',
        description: 'Commission',
      });
    }
    if (options.points) await creditPoints(t.app, learner.id, options.points);
    if (options.bank !== false) {
      expect((await t.client.as(learner.token).post('/bank-details', validBank)).statusCode).toBe(200);
    }
    return learner;
  }
  const ledgerCount = async (userId: number) =>
    (await t.app.ctx.db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId))).length;

  it('tells the convert value in rupees', async () => {
    const a = await holder();
    expect((await t.client.as(a.token).get('/convert-value')).body).toEqual({
      status: true,
      message: 'OK',
      data: { convert_value: 1, minimum_withdrawal: 100 },
    });
  });

  describe('redeem points', () => {
    it('turns points into balance at the convert value', async () => {
      const a = await holder({ points: 25 });
      const res = await t.client.as(a.token).post('/redeem-point', { point: 10 });
      expect(res.statusCode).toBe(200);
      expect(res.body).toEqual({ status: true, message: 'redeemed', data: { points: 15, balance: 10 } });
      const list = (await t.client.as(a.token).get('/transactions')).body.data;
      expect(list.transactions[0]).toMatchObject({
        method: 'Point Redeem',
        kind: 'both',
        amount: 10,
        point: -10,
        status: 'Done',
      });
      expect(list.transactions[1]).toMatchObject({ method: 'Quiz Points', kind: 'point', amount: 0, point: 25 });
    });

    it('refuses 0, fractions, nonsense and more than held with 422', async () => {
      const a = await holder({ points: 5 });
      for (const [point, message] of [
        [0, 'Points must be a whole number of at least 1.'],
        [-3, 'Points must be a whole number of at least 1.'],
        [1.5, 'Points must be a whole number of at least 1.'],
        ['many', 'Points must be a whole number of at least 1.'],
        [undefined, 'Enter the points to redeem.'],
        [6, 'You cannot redeem more points than you hold.'],
      ] as const) {
        const res = await t.client.as(a.token).post('/redeem-point', point === undefined ? {} : { point });
        expect(res.statusCode, String(point)).toBe(422);
        expect(res.body).toEqual({ status: false, message, errors: { point: [message] } });
      }
      expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 0, points: 5 });
    });

    it('uses the convert value of the settings', async () => {
      const a = await holder({ points: 4 });
      await setReferenceData(t.app, { convert_value_paise: 250 });
      try {
        expect((await t.client.as(a.token).get('/convert-value')).body.data.convert_value).toBe(2.5);
        expect((await t.client.as(a.token).post('/redeem-point', { point: '3' })).body.data).toEqual({
          points: 1,
          balance: 7.5,
        });
      } finally {
        await setReferenceData(t.app);
      }
    });
  });

  describe('withdraw', () => {
    it('sends a learner without bank details to fill them (400)', async () => {
      const a = await holder({ balancePaise: 50_000, bank: false });
      const res = await t.client.as(a.token).post('/withdraw', { amount: 200 });
      expect(res.statusCode).toBe(400);
      expect(res.body).toEqual({ status: false, message: 'Please fill account details' });
    });

    it('refuses less than the minimum, more than the balance and bad amounts with 422', async () => {
      const a = await holder({ balancePaise: 50_000 });
      for (const [amount, message] of [
        [99.99, 'The minimum withdrawal is ₹100.00.'],
        [500.01, 'The amount is more than your balance.'],
        [150.555, 'Enter a valid amount in rupees (at most two decimals).'],
        [0, 'Enter a valid amount in rupees (at most two decimals).'],
        ['', 'Enter the amount to withdraw.'],
      ] as const) {
        const res = await t.client.as(a.token).post('/withdraw', { amount });
        expect(res.statusCode, String(amount)).toBe(422);
        expect(res.body).toEqual({ status: false, message, errors: { amount: [message] } });
      }
      expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 50_000, points: 0 });
    });

    it('holds the amount at once as a Pending withdrawal', async () => {
      const a = await holder({ balancePaise: 50_000, points: 3 });
      const res = await t.client.as(a.token).post('/withdraw', { amount: '120.50' });
      expect(res.statusCode).toBe(200);
      expect(res.body.data).toEqual({ points: 3, balance: 379.5 });
      const [latest] = (await t.client.as(a.token).get('/transactions')).body.data.transactions;
      expect(latest).toMatchObject({
        method: 'Withdraw',
        kind: 'amount',
        amount: -120.5,
        status: 'Pending',
        description: 'Withdrawal to State Bank of India account ending 9012',
      });
    });

    it('lets exactly one of 50 concurrent withdrawals of the whole balance through', async () => {
      const a = await holder({ balancePaise: 25_000 });
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => t.client.as(a.token).post('/withdraw', { amount: 250 })),
      );
      const codes = answers.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.every((c) => c === 200 || c === 400 || c === 422)).toBe(true);
      for (const loser of answers.filter((r) => r.statusCode !== 200)) {
        expect(['Insufficient balance.', 'The amount is more than your balance.']).toContain(loser.body.message);
      }
      expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 0, points: 0 });
      const withdrawals = (
        await t.app.ctx.db.select().from(walletTransactions).where(eq(walletTransactions.userId, a.id))
      ).filter((e) => e.method === 'Withdraw');
      expect(withdrawals).toHaveLength(1);
    });
  });

  describe('Idempotency-Key', () => {
    it('replays the first answer and moves money once', async () => {
      const a = await holder({ balancePaise: 50_000 });
      const headers = { 'idempotency-key': 'withdraw-7f3a' };
      const first = await t.client.as(a.token).post('/withdraw', { amount: 100 }, headers);
      const second = await t.client.as(a.token).post('/withdraw', { amount: 100 }, headers);
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.body).toEqual(first.body);
      expect(first.headers['idempotent-replayed']).toBe('false');
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 40_000, points: 0 });
      expect(await ledgerCount(a.id)).toBe(2);
    });

    it('moves money once for concurrent duplicates', async () => {
      const a = await holder({ points: 30 });
      const headers = { 'idempotency-key': 'redeem-concurrent' };
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => t.client.as(a.token).post('/redeem-point', { point: 10 }, headers)),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      for (const r of answers)
        expect(r.body).toEqual({ status: true, message: 'redeemed', data: { points: 20, balance: 10 } });
      expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 1_000, points: 20 });
    });

    it('refuses the same key for a different request, and keys are per user', async () => {
      const a = await holder({ balancePaise: 50_000, points: 10 });
      const headers = { 'idempotency-key': 'one-key' };
      expect((await t.client.as(a.token).post('/withdraw', { amount: 100 }, headers)).statusCode).toBe(200);
      const otherBody = await t.client.as(a.token).post('/withdraw', { amount: 200 }, headers);
      expect(otherBody.statusCode).toBe(422);
      expect(otherBody.body.errors).toEqual({
        idempotency_key: ['This Idempotency-Key was already used for a different request.'],
      });
      const otherRoute = await t.client.as(a.token).post('/redeem-point', { point: 1 }, headers);
      expect(otherRoute.statusCode).toBe(422);
      expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 40_000, points: 10 });

      // Another learner may use the same key for their own request.
      const b = await holder({ points: 2 });
      expect((await t.client.as(b.token).post('/redeem-point', { point: 1 }, headers)).statusCode).toBe(200);
    });

    it('replays a refusal too, without moving anything', async () => {
      const a = await holder({ balancePaise: 15_000 });
      const headers = { 'idempotency-key': 'too-much' };
      const first = await t.client.as(a.token).post('/withdraw', { amount: 200 }, headers);
      expect(first.statusCode).toBe(422);
      await postEntry(t.app.ctx.db, {
        userId: a.id,
        method: 'Referral Commission',
        amountPaise: 10_000,
        points: 0,
        status: 'Done',
        description: 'Commission',
      });
      const again = await t.client.as(a.token).post('/withdraw', { amount: 200 }, headers);
      expect(again.statusCode).toBe(422);
      expect(again.body).toEqual(first.body);
      expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 25_000, points: 0 });
      const [row] = await t.app.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'too-much'));
      expect(row).toMatchObject({ statusCode: 422, route: 'POST /withdraw' });
    });

    it('refuses a malformed key', async () => {
      const a = await holder({ points: 2 });
      const res = await t.client
        .as(a.token)
        .post('/redeem-point', { point: 1 }, { 'idempotency-key': 'x'.repeat(201) });
      expect(res.statusCode).toBe(422);
      expect(res.body.errors.idempotency_key).toBeDefined();
      expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 0, points: 2 });
    });
  });

  describe('ledger', () => {
    it('refuses to take a wallet below zero, and the database refuses it too', async () => {
      const a = await holder({ balancePaise: 1_000, points: 1 });
      await expect(
        postEntry(t.app.ctx.db, {
          userId: a.id,
          method: 'Withdraw',
          amountPaise: -1_001,
          points: 0,
          status: 'Pending',
          description: 'x',
        }),
      ).rejects.toMatchObject({ statusCode: 400, message: 'Insufficient balance.' });
      await expect(
        postEntry(t.app.ctx.db, {
          userId: a.id,
          method: 'Point Redeem',
          amountPaise: 100,
          points: -2,
          status: 'Done',
          description: 'x',
        }),
      ).rejects.toMatchObject({ statusCode: 400, message: 'Insufficient points.' });
      await expect(t.app.ctx.db.update(users).set({ balancePaise: -1 }).where(eq(users.id, a.id))).rejects.toThrow();
      await expect(
        t.app.ctx.db.execute(sql`update wallet_transactions set amount_paise = 0 where user_id = ${a.id}`),
      ).rejects.toThrow();
      expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 1_000, points: 1 });
    });

    it('lets a held credit be held longer, never shorter, and nothing else of it change while it is held', async () => {
      const a = await holder({});
      const [held] = await t.app.ctx.db
        .insert(walletTransactions)
        .values({
          transactionId: 'TXHELDLONGER00001',
          userId: a.id,
          method: 'Level Reward',
          amountPaise: 10_000,
          points: 0,
          status: 'Pending',
          description: 'held',
          availableAt: new Date('2030-01-08T00:00:00Z'),
        })
        .returning({ id: walletTransactions.id });
      const change = (assignments: SQL) =>
        t.app.ctx.db.execute(sql`update wallet_transactions set ${assignments} where id = ${held!.id}`);
      await change(sql`available_at = '2030-01-09T00:00:00Z'`);
      await expect(change(sql`available_at = '2030-01-02T00:00:00Z'`)).rejects.toThrow();
      await expect(change(sql`available_at = '2030-01-10T00:00:00Z', amount_paise = 1`)).rejects.toThrow();
      await expect(change(sql`available_at = '2030-01-10T00:00:00Z', description = 'x'`)).rejects.toThrow();
      const [row] = await t.app.ctx.db.select().from(walletTransactions).where(eq(walletTransactions.id, held!.id));
      expect(row).toMatchObject({ status: 'Pending', amountPaise: 10_000, description: 'held' });
      expect(row!.availableAt).toEqual(new Date('2030-01-09T00:00:00Z'));
    });

    it('pages transactions newest first', async () => {
      const a = await holder({ points: 1 });
      for (let i = 0; i < 4; i++) await creditPoints(t.app, a.id, i + 2);
      const page = await t.client.as(a.token).get('/transactions?page=2&per_page=2');
      expect(page.body.data).toMatchObject({
        points: 1 + 2 + 3 + 4 + 5,
        balance: 0,
        current_page: 2,
        per_page: 2,
        total: 5,
        last_page: 3,
      });
      expect(page.body.data.transactions.map((e: { point: number }) => e.point)).toEqual([3, 2]);
      expect((await t.client.as(a.token).get('/transactions?per_page=500')).statusCode).toBe(422);
    });

    it('keeps the wallet for verified learners only', async () => {
      const unverified = await createLearner(t.app, { verified: false });
      expect((await t.client.as(unverified.token).get('/transactions')).statusCode).toBe(417);
      expect((await t.client.as(unverified.token).post('/withdraw', { amount: 100 })).statusCode).toBe(417);
      expect((await t.client.post('/redeem-point', { point: 1 })).statusCode).toBe(401);
    });
  });
});
