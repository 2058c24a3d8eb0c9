import { parse } from 'csv-parse/sync';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { walletTransactions } from '@app/db';
import { balanceSnapshotJob } from '../src/services/admin/reports/balance-snapshot-job.ts';
import { balanceSnapshotKey, monthEnded } from '../src/services/admin/reports/balance-snapshots.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { auditOf, buyThroughSandbox } from './admin-fixtures.ts';
import { creditPoints, fundWithBank, setReferenceData } from './wallet-fixtures.ts';
import { setUpAdminTestApp } from './admin-fixtures.ts';

const DAY_MS = 86_400_000;

describe('admin reports: Balances owed, now and at each month end', () => {
  const t = setUpAdminTestApp();

  async function download(path = '/admin/reports/balances') {
    const res = await t.as().get(path);
    expect(res.statusCode).toBe(200);
    const text = res.body as string;
    return { res, text, rows: parse(text, { bom: true, relax_column_count: true }) as string[][] };
  }

  async function withdraw(learner: Learner, amount: number): Promise<number> {
    expect((await t.client.as(learner.token).post('/withdraw', { amount })).statusCode).toBe(200);
    const entries = await t.app.ctx.db
      .select({ id: walletTransactions.id })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.userId, learner.id), eq(walletTransactions.method, 'Withdraw')))
      .orderBy(asc(walletTransactions.id));
    return entries.at(-1)!.id;
  }
  const pay = (id: number, reference: string) =>
    t.as().post(`/admin/withdrawals/${id}/settle`, { status: 'Done', bank_reference: reference });

  /** The sums read straight from the wallets and the ledger, not through the report. */
  async function ledgerSums() {
    const result = await t.app.ctx.db.execute<Record<string, string | number>>(sql`
      SELECT
        (SELECT coalesce(sum(balance_paise), 0) FROM users) AS balance,
        (SELECT coalesce(sum(points), 0) FROM users) AS points,
        (SELECT coalesce(-sum(amount_paise), 0) FROM wallet_transactions
          WHERE method = 'Withdraw' AND status = 'Pending') AS withdrawals,
        (SELECT coalesce(sum(amount_paise), 0) FROM wallet_transactions
          WHERE status = 'Pending' AND method <> 'Withdraw') AS held,
        (SELECT coalesce(sum(points), 0) FROM wallet_transactions
          WHERE status = 'Pending' AND method <> 'Withdraw') AS held_points,
        (SELECT coalesce(sum(shortfall_paise), 0) FROM wallet_transactions) AS debt`);
    const row = result.rows[0]!;
    return Object.fromEntries(Object.entries(row).map(([name, value]) => [name, Number(value)]));
  }

  /** Builds the learners of the register; returns the referrer with money in every state, and the one in debt. */
  async function learnersInEveryState() {
    // A debt: a commission paid out, then its sale refunded.
    const debtor = await createLearner(t.app);
    await fundWithBank(t, debtor, { pan_card: 'DEBTR1234D' });
    const { purchaseId: soldForDebtor } = await buyThroughSandbox(
      t,
      await createLearner(t.app, { referrerId: debtor.id }),
      100_000,
    );
    // ₹500 and the ₹100 commission (no refund window here): all withdrawn and paid.
    expect((await pay(await withdraw(debtor, 600), 'UTR-DEBT')).statusCode).toBe(200);
    expect((await t.as().post(`/admin/purchases/${soldForDebtor}/refund`)).statusCode).toBe(200);

    await setReferenceData(t.app, { refund_window_days: 7 });
    const referrer = await createLearner(t.app);
    await fundWithBank(t, referrer, { pan_card: 'OWEDS1234O' });
    // ₹150 of commission released after its window; ₹100 of commission still held, and the level reward the second
    // sub-user's purchase earned (₹100 and 100 points, test levels), held with it.
    await buyThroughSandbox(t, await createLearner(t.app, { referrerId: referrer.id }), 150_000);
    t.clock.advance(7 * DAY_MS + 60_000);
    expect((await t.client.as(referrer.token).get('/transactions')).statusCode).toBe(200);
    await buyThroughSandbox(t, await createLearner(t.app, { referrerId: referrer.id }), 100_000);
    await creditPoints(t.app, referrer.id, 30);
    // ₹650: ₹200 waiting, ₹100 being paid, ₹100 paid; ₹250 left in the wallet.
    await withdraw(referrer, 200);
    const beingPaid = await withdraw(referrer, 100);
    expect((await t.as().post(`/admin/withdrawals/${beingPaid}/payout`)).statusCode).toBe(200);
    expect((await pay(await withdraw(referrer, 100), 'UTR-PAID')).statusCode).toBe(200);
    return { referrer, debtor };
  }

  it('one line per learner, as at now, whose totals are the ledger’s own sums', async () => {
    try {
      const { referrer, debtor } = await learnersInEveryState();
      const asked = t.app.ctx.now().getTime();
      const { res, rows } = await download();
      const answered = t.app.ctx.now().getTime();
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="balances-owed-\d{4}-\d{2}-\d{2}-\d{4}-IST\.csv"$/,
      );
      const [header, ...lines] = rows;
      expect(header).toEqual([
        'Learner id',
        'Learner',
        'Email',
        'PAN',
        'Wallet balance (₹)',
        'Withdrawals waiting (₹)',
        'Withdrawals being paid (₹)',
        'Held credits (₹)',
        'Held points',
        'Points',
        'Value of points (₹)',
        'Owed to the learner (₹)',
        'Debt owed by the learner (₹)',
      ]);
      const lineOf = (learner: Learner) => lines.find((line) => line[0] === String(learner.id));
      // Owed: ₹250 + ₹200 + ₹100 + ₹200 held + 130 points at ₹1 = ₹880.
      expect(lineOf(referrer)!.slice(3)).toEqual([
        'OWEDS1234O',
        '250.00',
        '200.00',
        '100.00',
        '200.00',
        '100',
        '30',
        '130.00',
        '880.00',
        '0.00',
      ]);
      expect(lineOf(referrer)![2]).toBe(referrer.email);
      expect(lineOf(debtor)!.slice(3)).toEqual([
        'DEBTR1234D',
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        '0',
        '0',
        '0.00',
        '0.00',
        '100.00',
      ]);
      // The last two lines: the totals, then the instant the sheet was taken, in India time.
      const asAt = lines.at(-1)!;
      const total = lines.at(-2)!;
      // The clock runs while the sheet is written: its instant lies between the request and the answer.
      const india = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
      expect(asAt[0]).toBe('As at');
      expect(asAt[2]).toBe('Points valued at ₹1.00 each');
      const stamped = asAt[1]!.replace(/ IST$/, '');
      expect(stamped >= india(asked - 999) && stamped <= india(answered)).toBe(true);
      expect(total[0]).toBe('Total');
      expect(total[1]).toBe(`${lines.length - 2} learners`);
      const paise = (cell: string) => Math.round(Number(cell) * 100);
      const sums = await ledgerSums();
      expect({
        balance: paise(total[4]!),
        withdrawals: paise(total[5]!) + paise(total[6]!),
        held: paise(total[7]!),
        held_points: Number(total[8]),
        points: Number(total[9]),
        debt: paise(total[12]!),
      }).toEqual({
        balance: sums.balance,
        withdrawals: sums.withdrawals,
        held: sums.held,
        held_points: sums.held_points,
        points: sums.points,
        debt: sums.debt,
      });
      // What is owed is all of it: the wallets, the withdrawals not yet paid, held money, points at ₹1.
      expect(paise(total[11]!)).toBe(
        sums.balance! + sums.withdrawals! + sums.held! + (sums.points! + sums.held_points!) * 100,
      );
      // Each column adds up to its total, as a spreadsheet would add it.
      for (const column of [4, 5, 6, 7, 10, 11, 12]) {
        expect(lines.slice(0, -2).reduce((sum, line) => sum + paise(line[column]!), 0)).toBe(paise(total[column]!));
      }
      expect(await auditOf(t.app, 'reports', 'balances')).toEqual(
        expect.arrayContaining([expect.objectContaining({ actorId: t.admin.id, action: 'report.download' })]),
      );
    } finally {
      await setReferenceData(t.app);
    }
  });

  it('the month-end snapshot: stored once per month, listed and served to operators only', async () => {
    const month = monthEnded(t.app.ctx.now());
    const key = balanceSnapshotKey(month);
    await t.app.ctx.storage.delete(key);
    const run = { id: 'test', retryCount: 0, retryLimit: 2, log: { info: () => {}, warn: () => {}, error: () => {} } };
    await balanceSnapshotJob.handler(t.app.ctx, {}, run);
    const stored = async () => {
      const file = await t.app.ctx.storage.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of file!.stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    };
    const first = await stored();
    expect(first).toBe((await download()).text.replace(/As at,[^\r]*/, first.match(/As at,[^\r]*/)![0]));

    // A second run for the same month keeps the snapshot taken first, though the wallets have moved since.
    const learner = await createLearner(t.app);
    await creditPoints(t.app, learner.id, 7);
    t.clock.advance(60_000);
    await balanceSnapshotJob.handler(t.app.ctx, {}, run);
    expect(await stored()).toBe(first);

    const list = await t.as().get('/admin/reports/balances/snapshots');
    expect(list.statusCode).toBe(200);
    expect(list.body.data).toEqual(
      expect.arrayContaining([{ month, file_name: `balances-owed-${month}.csv`, size: Buffer.byteLength(first) }]),
    );
    const got = await t.as().get(`/admin/reports/balances/snapshots/${month}`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toBe(`attachment; filename="balances-owed-${month}.csv"`);
    expect(got.headers['cache-control']).toBe('private, no-store');
    expect(got.body).toBe(first);

    // Missing: written again by the next run.
    await t.app.ctx.storage.delete(key);
    await balanceSnapshotJob.handler(t.app.ctx, {}, run);
    expect(await stored()).toContain(`${learner.id},`);

    // Anyone but an operator is refused; a month that is not one, or has no snapshot, is answered as such.
    const other = await createLearner(t.app);
    for (const path of [
      '/admin/reports/balances',
      '/admin/reports/balances/snapshots',
      `/admin/reports/balances/snapshots/${month}`,
    ]) {
      expect((await t.client.as(other.token).get(path)).statusCode).toBe(403);
      expect((await t.client.get(path)).statusCode).toBe(401);
    }
    expect((await t.as().get('/admin/reports/balances/snapshots/2026-13')).statusCode).toBe(422);
    expect((await t.as().get('/admin/reports/balances/snapshots/..%2F..%2Fsecret')).statusCode).toBe(422);
    expect((await t.as().get('/admin/reports/balances/snapshots/1999-01')).statusCode).toBe(404);
  });
});
