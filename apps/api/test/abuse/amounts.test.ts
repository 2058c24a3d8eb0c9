import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { walletTransactions } from '@app/db';
import { createLearner, type Learner } from '../fixtures.ts';
import { postEntry } from '../../src/services/wallet/index.ts';
import { creditPoints, setUpLedgerTestApp, validBank, walletOf } from '../wallet-fixtures.ts';

/**
 * Issue 13, docs/product/wallet-and-withdrawals.md#amounts: amounts are JSON numbers or plain decimal strings with at most
 * two decimals, points are whole numbers; anything else is 422 and moves nothing.
 */
const amountInvalid = 'Enter a valid amount in rupees (at most two decimals).';
const amountRequired = 'Enter the amount to withdraw.';
const pointInvalid = 'Points must be a whole number of at least 1.';
const pointRequired = 'Enter the points to redeem.';

/** Text that `Number()` reads as a number (or 0), but that is not a plain amount. */
const TRICKY_TEXT = [
  '0x64',
  '0x0a',
  '0X1F4',
  '0b1100100',
  '0o144',
  '1e2',
  '1E2',
  '1e+2',
  '1.5e2',
  'NaN',
  'Infinity',
  '-Infinity',
  '-100',
  '+100',
  '100.',
  '.5',
  ' 0x64 ',
  '\n1e2\t',
  '100abc',
  'abc',
  '1,000',
  '100.5.5',
  '１００',
];

describe('abuse: money amounts and points are plain numbers (issue 13)', () => {
  const t = setUpLedgerTestApp();

  /** A learner with ₹1,000 (commission), 50 points and bank details. */
  async function holder(): Promise<Learner> {
    const learner = await createLearner(t.app);
    await postEntry(t.app.ctx.db, {
      userId: learner.id,
      method: 'Referral Commission',
      amountPaise: 100_000,
      points: 0,
      status: 'Done',
      description: 'Commission',
    });
    await creditPoints(t.app, learner.id, 50);
    expect((await t.client.as(learner.token).post('/bank-details', validBank)).statusCode).toBe(200);
    return learner;
  }
  const ledgerRows = async (userId: number) =>
    (await t.app.ctx.db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId))).length;

  it('refuses hex, exponents, NaN, Infinity, signs, garbage and a third decimal in a withdrawal with 422, moving nothing', async () => {
    const a = await holder();
    const before = { wallet: await walletOf(t.app, a.id), rows: await ledgerRows(a.id) };
    expect(before.wallet).toEqual({ balancePaise: 100_000, points: 50 });

    const cases: [unknown, string][] = [
      ...TRICKY_TEXT.map((amount): [unknown, string] => [amount, amountInvalid]),
      ['150.555', amountInvalid],
      [150.555, amountInvalid],
      [100.001, amountInvalid],
      [-100, amountInvalid],
      [1e21, amountInvalid],
      [true, amountInvalid],
      [[100], amountInvalid],
      [{ value: 100 }, amountInvalid],
      // NaN has no JSON form: JSON.stringify sends null, which is a missing amount.
      [Number.NaN, amountRequired],
      ['', amountRequired],
      ['   ', amountRequired],
    ];
    for (const [amount, message] of cases) {
      const res = await t.client.as(a.token).post('/withdraw', { amount });
      expect(res.statusCode, JSON.stringify(amount)).toBe(422);
      expect(res.body, JSON.stringify(amount)).toEqual({ status: false, message, errors: { amount: [message] } });
    }
    // The raw JSON texts too, as a client other than JSON.stringify may write them.
    for (const raw of ['{"amount":"0x64"}', '{"amount":"1e2"}', '{"amount":"Infinity"}', '{"amount":-1e2}']) {
      const res = await t.client.as(a.token).request('POST', '/withdraw', raw, { 'content-type': 'application/json' });
      expect(res.statusCode, raw).toBe(422);
      expect(res.body, raw).toEqual({ status: false, message: amountInvalid, errors: { amount: [amountInvalid] } });
    }
    expect(await walletOf(t.app, a.id)).toEqual(before.wallet);
    expect(await ledgerRows(a.id)).toBe(before.rows);
  });

  it('refuses hex, exponents, fractions and garbage as points with 422, moving nothing', async () => {
    const a = await holder();
    const before = { wallet: await walletOf(t.app, a.id), rows: await ledgerRows(a.id) };

    const cases: [unknown, string][] = [
      ...TRICKY_TEXT.map((point): [unknown, string] => [point, pointInvalid]),
      ['10.0', pointInvalid],
      ['2.5', pointInvalid],
      [2.5, pointInvalid],
      [-3, pointInvalid],
      [0, pointInvalid],
      ['0', pointInvalid],
      [2 ** 60, pointInvalid],
      [false, pointInvalid],
      [{}, pointInvalid],
      [Number.NaN, pointRequired],
      ['', pointRequired],
    ];
    for (const [point, message] of cases) {
      const res = await t.client.as(a.token).post('/redeem-point', { point });
      expect(res.statusCode, JSON.stringify(point)).toBe(422);
      expect(res.body, JSON.stringify(point)).toEqual({ status: false, message, errors: { point: [message] } });
    }
    for (const raw of ['{"point":"0x0a"}', '{"point":"1e1"}', '{"point":"NaN"}']) {
      const res = await t.client
        .as(a.token)
        .request('POST', '/redeem-point', raw, { 'content-type': 'application/json' });
      expect(res.statusCode, raw).toBe(422);
      expect(res.body, raw).toEqual({ status: false, message: pointInvalid, errors: { point: [pointInvalid] } });
    }
    expect(await walletOf(t.app, a.id)).toEqual(before.wallet);
    expect(await ledgerRows(a.id)).toBe(before.rows);
  });

  it('takes JSON numbers and plain decimal strings for amounts', async () => {
    const a = await holder();
    let balancePaise = 100_000;
    for (const [amount, paise] of [
      [100, 10_000],
      [100.5, 10_050],
      ['100', 10_000],
      ['100.50', 10_050],
      ['  120.25 ', 12_025],
    ] as const) {
      const res = await t.client.as(a.token).post('/withdraw', { amount });
      balancePaise -= paise;
      expect(res.statusCode, String(amount)).toBe(200);
      expect(res.body.data, String(amount)).toEqual({ points: 50, balance: balancePaise / 100 });
    }
    // A JSON number may be written with an exponent: it is still the number 100.
    const raw = await t.client
      .as(a.token)
      .request('POST', '/withdraw', '{"amount":1e2}', { 'content-type': 'application/json' });
    expect(raw.statusCode).toBe(200);
    balancePaise -= 10_000;
    expect(await walletOf(t.app, a.id)).toEqual({ balancePaise, points: 50 });
    expect(await ledgerRows(a.id)).toBe(2 + 6);
  });

  it('takes JSON integers and plain digit strings for points', async () => {
    const a = await holder();
    let points = 50;
    for (const [point, n] of [
      [1, 1],
      ['2', 2],
      [' 3 ', 3],
      ['04', 4],
    ] as const) {
      const res = await t.client.as(a.token).post('/redeem-point', { point });
      points -= n;
      expect(res.statusCode, String(point)).toBe(200);
      expect(res.body.data, String(point)).toEqual({ points, balance: (100_000 + (50 - points) * 100) / 100 });
    }
    expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 100_000 + 10 * 100, points: 40 });
    expect(await ledgerRows(a.id)).toBe(2 + 4);
  });
});
