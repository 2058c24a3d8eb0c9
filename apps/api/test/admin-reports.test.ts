import { parse } from 'csv-parse/sync';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices, purchases, users, walletTransactions } from '@app/db';
import { dayNumber, isoDay } from '@app/contracts';
import { postEntry } from '../src/services/wallet/index.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { auditOf, buyThroughSandbox, createAdmin, setUpAdminTestApp } from './admin-fixtures.ts';
import { fundWithBank, setReferenceData, validBank } from './wallet-fixtures.ts';

const DAY_MS = 86_400_000;

describe("admin reports: the accountant's registers", () => {
  const t = setUpAdminTestApp();

  /** Today in India at the app's clock: each test moves the clock on, so that its day holds only its own records. */
  const today = () => isoDay(dayNumber(t.app.ctx.now()));
  const nextDay = () => t.clock.advance(DAY_MS);
  const startOwnDays = () => t.clock.advance(2 * DAY_MS);

  /** A register as its rows, header first; the raw answer too. */
  async function download(report: string, from: string, to = from) {
    const res = await t.as().get(`/admin/reports/${report}?from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    const text = res.body as string;
    return { res, text, rows: parse(text, { bom: true }) as string[][] };
  }

  const withName = async (learner: Learner, firstName: string, lastName: string, state: string | null = null) => {
    await t.app.ctx.db.update(users).set({ firstName, lastName, state }).where(eq(users.id, learner.id));
  };
  /** The numbers of a learner's invoices and credit notes, in the order issued. */
  const numbersOf = async (userId: number) =>
    (
      await t.app.ctx.db
        .select({ number: invoices.number })
        .from(invoices)
        .innerJoin(purchases, eq(purchases.id, invoices.purchaseId))
        .where(eq(purchases.userId, userId))
        .orderBy(asc(invoices.id))
    ).map((row) => row.number);

  it('GST register: every invoice and credit note of the period as printed, credit notes negative, formulas defused', async () => {
    startOwnDays();
    const day = today();
    const asha = await createLearner(t.app);
    await withName(asha, 'Asha', 'Rao', 'Kerala');
    // A learner chooses their own name: a spreadsheet must not run it.
    const mallory = await createLearner(t.app);
    await withName(mallory, '=HYPERLINK("https://evil.example")', 'राहुल', 'उत्तर प्रदेश');
    await buyThroughSandbox(t, asha, 49_900);
    const { purchaseId } = await buyThroughSandbox(t, mallory, 118_000);
    expect((await t.as().post(`/admin/purchases/${purchaseId}/refund`)).statusCode).toBe(200);
    const [ashaInvoice] = await numbersOf(asha.id);
    const [malloryInvoice, malloryCreditNote] = await numbersOf(mallory.id);

    const { res, text, rows } = await download('gst', day);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="gst-register-${day}-to-${day}.csv"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = rows;
    expect(header).toEqual([
      'Document',
      'Number',
      'Date',
      'Against invoice',
      'Invoice date',
      'Seller GSTIN',
      'Buyer',
      'Buyer email',
      'Buyer state',
      'Place of supply',
      'Description',
      'SAC',
      'GST rate',
      'Price (₹)',
      'Discount (₹)',
      'Taxable value (₹)',
      'CGST (₹)',
      'SGST/UTGST (₹)',
      'IGST (₹)',
      'Total (₹)',
      'Payment reference',
      'Credited without reducing GST (₹)',
      'Remark',
    ]);
    const column = (name: string) => header!.indexOf(name);
    expect(
      lines.map((line) =>
        ['Document', 'Number', 'Date', 'Against invoice', 'Invoice date', 'Buyer', 'Buyer state', 'Total (₹)'].map(
          (name) => line[column(name)],
        ),
      ),
    ).toEqual([
      ['Tax invoice', ashaInvoice, day, '', '', 'Asha Rao', 'Kerala', '499.00'],
      ['Tax invoice', malloryInvoice, day, '', '', `'=HYPERLINK("https://evil.example") राहुल`, 'उत्तर प्रदेश', '1180.00'],
      [
        'Credit note',
        malloryCreditNote,
        day,
        malloryInvoice,
        day,
        `'=HYPERLINK("https://evil.example") राहुल`,
        'उत्तर प्रदेश',
        '-1180.00',
      ],
    ]);
    // The state typed in Hindi is supplied to Uttar Pradesh (09); the taxes add up to each document's total.
    expect(lines[1]![column('Place of supply')]).toBe('Uttar Pradesh (09)');
    for (const line of lines) {
      const [taxable, cgst, sgst, igst, total] = [
        'Taxable value (₹)',
        'CGST (₹)',
        'SGST/UTGST (₹)',
        'IGST (₹)',
        'Total (₹)',
      ].map((name) => Math.round(Number(line[column(name)]) * 100));
      expect(taxable! + cgst! + sgst! + igst!).toBe(total);
      expect(line[column('GST rate')]).toBe('18%');
    }
    // The refunded sale nets to nothing.
    const net = lines.reduce((sum, line) => sum + Math.round(Number(line[column('Total (₹)')]) * 100), 0);
    expect(net).toBe(49_900);

    // The next day's documents belong to the next day's register.
    nextDay();
    const later = await createLearner(t.app);
    await buyThroughSandbox(t, later, 29_900);
    expect((await download('gst', day)).rows).toHaveLength(4);
    expect((await download('gst', day, today())).rows).toHaveLength(5);
    expect((await download('gst', today())).rows.map((line) => line[1])).toEqual([
      'Number',
      ...(await numbersOf(later.id)),
    ]);

    // Every download is audited: the registers name learners and their money.
    expect(await auditOf(t.app, 'reports', 'gst')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actorId: t.admin.id, action: 'report.download', after: { from: day, to: day } }),
      ]),
    );
  });

  /** A learner with ₹500 and bank details (PAN `pan`). */
  async function learnerWithMoney(pan = validBank.pan_card) {
    const learner = await createLearner(t.app);
    await fundWithBank(t, learner, { pan_card: pan });
    return learner;
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

  it('payouts: withdrawals paid in the period and those the bank sent back, with the account and the PAN', async () => {
    startOwnDays();
    const day = today();
    const learner = await learnerWithMoney('PQRSX6789K');
    await withName(learner, 'Meera', 'Nair');
    const paid = await withdraw(learner, 200);
    expect((await t.as().post(`/admin/withdrawals/${paid}/payout`)).statusCode).toBe(200);
    const settle = (id: number, reference: string) =>
      t.as().post(`/admin/withdrawals/${id}/settle`, { status: 'Done', bank_reference: reference });
    expect((await settle(paid, 'UTR-1')).statusCode).toBe(200);
    const bounced = await withdraw(learner, 100);
    expect((await settle(bounced, 'UTR-2')).statusCode).toBe(200);
    const rejected = await withdraw(learner, 100);
    expect(
      (await t.as().post(`/admin/withdrawals/${rejected}/settle`, { status: 'Rejected', reason: 'Wrong name' }))
        .statusCode,
    ).toBe(200);
    // Still pending: not a payout.
    await withdraw(learner, 100);
    // The learner gives another PAN afterwards: the register names the PAN each withdrawal was asked with.
    expect(
      (await t.client.as(learner.token).post('/bank-details', { ...validBank, pan_card: 'NEWPN1234Q' })).statusCode,
    ).toBe(200);
    // The bank returns the second one the next day.
    nextDay();
    expect(
      (
        await t
          .as()
          .post(`/admin/withdrawals/${bounced}/returned`, { reason: 'Account closed', bank_reference: 'UTR-2' })
      ).statusCode,
    ).toBe(200);

    const { rows } = await download('payouts', day, today());
    const [header, ...lines] = rows;
    expect(header).toEqual([
      'Date',
      'Event',
      'Transaction id',
      'Learner id',
      'Learner',
      'Referral code',
      'PAN',
      'Account holder',
      'Bank',
      'IFSC',
      'Account (last 4)',
      'Amount (₹)',
      'Bank reference',
      'Operator',
      'Reason returned',
    ]);
    const summary = lines.map((line) => [line[0], line[1], line[4], line[6], line[10], line[11], line[12], line[14]]);
    expect(summary).toEqual([
      [day, 'Paid', 'Meera Nair', 'PQRSX6789K', '********9012', '200.00', 'UTR-1', ''],
      [day, 'Paid', 'Meera Nair', 'PQRSX6789K', '********9012', '100.00', 'UTR-2', ''],
      [today(), 'Returned by bank', 'Meera Nair', 'PQRSX6789K', '********9012', '-100.00', 'UTR-2', 'Account closed'],
    ]);
    // The operator who started paying, the one who marked it Done without a start, and the one who recorded the return.
    expect(lines[0]![13]).toBe('Test Learner');
    expect(lines[1]![13]).toBe('Test Learner');
    expect(lines[2]![13]).toBe('Test Learner');
    expect(lines.map((line) => line[3])).toEqual([String(learner.id), String(learner.id), String(learner.id)]);
    // The return alone on its own day.
    expect((await download('payouts', today())).rows.slice(1).map((line) => line[1])).toEqual(['Returned by bank']);
    // The earnings register agrees: ₹300 paid out, ₹100 of it sent back by the bank; on the return's day alone, -100.
    const paidTo = async (from: string, to = from) =>
      (await download('earnings', from, to)).rows.find((line) => line[2]?.startsWith(`#${learner.id} `))?.at(-1);
    expect(await paidTo(day, today())).toBe('200.00');
    expect(await paidTo(day)).toBe('300.00');
    expect(await paidTo(today())).toBe('-100.00');
  });

  it('payouts: the operator is who paid: who marked it Done without a start, the payer, or the one who took it over', async () => {
    startOwnDays();
    const day = today();
    const operator = async (firstName: string, lastName: string) => {
      const admin = await createAdmin(t.app);
      await withName(admin, firstName, lastName);
      return t.client.as(admin.token);
    };
    const [ravi, asha, meera] = [
      await operator('Ravi', 'Clerk'),
      await operator('Asha', 'Away'),
      await operator('Meera', 'Menon'),
    ];
    const learner = await learnerWithMoney();
    // Marked Done through the API without opening it first: nobody started paying it.
    const direct = await withdraw(learner, 100);
    expect(
      (await ravi.post(`/admin/withdrawals/${direct}/settle`, { status: 'Done', bank_reference: 'UTR-D' })).statusCode,
    ).toBe(200);
    // Started and marked Done by the same operator.
    const started = await withdraw(learner, 100);
    expect((await meera.post(`/admin/withdrawals/${started}/payout`)).statusCode).toBe(200);
    expect(
      (await meera.post(`/admin/withdrawals/${started}/settle`, { status: 'Done', bank_reference: 'UTR-S' }))
        .statusCode,
    ).toBe(200);
    // Started by Asha, who fell ill; Meera took it over a day later and paid it.
    const taken = await withdraw(learner, 100);
    expect((await asha.post(`/admin/withdrawals/${taken}/payout`)).statusCode).toBe(200);
    t.clock.advance(DAY_MS - 60_000 * 60 * 2);
    expect(
      (await meera.post(`/admin/withdrawals/${taken}/takeover`, { bank_statement_checked: true })).statusCode,
    ).toBe(400);
    t.clock.advance(60_000 * 60 * 2);
    expect(
      (await meera.post(`/admin/withdrawals/${taken}/takeover`, { bank_statement_checked: true })).statusCode,
    ).toBe(200);
    expect(
      (await meera.post(`/admin/withdrawals/${taken}/settle`, { status: 'Done', bank_reference: 'UTR-T' })).statusCode,
    ).toBe(200);

    const { rows } = await download('payouts', day, today());
    const lines = rows.slice(1).filter((line) => line[3] === String(learner.id));
    expect(lines.map((line) => [line[12], line[13]])).toEqual([
      ['UTR-D', 'Ravi Clerk'],
      ['UTR-S', 'Meera Menon'],
      ['UTR-T', 'Meera Menon'],
    ]);
  });

  it('payouts in a spreadsheet: an account ending 0012 and a 12-digit bank reference stay as the bank prints them', async () => {
    startOwnDays();
    const day = today();
    const learner = await createLearner(t.app);
    await fundWithBank(t, learner, { account_number: '987654320012' });
    // Referral codes are drawn from digits and letters: one made of digits, or of digits around an E, can come up.
    await t.app.ctx.db.update(users).set({ referralCode: '2E345678' }).where(eq(users.id, learner.id));
    const settle = async (reference: string) => {
      const id = await withdraw(learner, 100);
      const res = await t.as().post(`/admin/withdrawals/${id}/settle`, { status: 'Done', bank_reference: reference });
      expect(res.statusCode).toBe(200);
    };
    await settle('412345678901'); // an IMPS RRN
    await settle('N123456789012345'); // a NEFT UTR
    await settle('=HYPERLINK("https://evil.example")'); // typed by an operator: still runs nothing
    await settle('000123/05');

    const { text, rows } = await download('payouts', day);
    const lines = rows.slice(1).filter((line) => line[3] === String(learner.id));
    // Excel reads a bare 0012 as 12 and a 12-digit RRN as 4.12346E+11; ="…" is text to it, whose value is the digits.
    expect(lines.map((line) => [line[5], line[10], line[12]])).toEqual([
      ['="2E345678"', '********0012', '="412345678901"'],
      ['="2E345678"', '********0012', 'N123456789012345'],
      ['="2E345678"', '********0012', `'=HYPERLINK("https://evil.example")`],
      ['="2E345678"', '********0012', '="000123/05"'],
    ]);
    expect(text).toContain(',"=""412345678901""",');
  });

  it('earnings: one line per PAN however many accounts, money counted on the day its hold ends, less what refunds took back', async () => {
    startOwnDays();
    await setReferenceData(t.app, { refund_window_days: 7 });
    try {
      // Two accounts of one person (one PAN), each with a sub-user who buys; a third person with a level reward.
      const farmA = await learnerWithMoney('FARMS1234F');
      const farmB = await learnerWithMoney('FARMS1234F');
      const other = await learnerWithMoney('OTHER1234P');
      for (const [referrer, paise] of [
        [farmA, 100_000],
        [farmB, 50_000],
      ] as const) {
        await buyThroughSandbox(t, await createLearner(t.app, { referrerId: referrer.id }), paise);
      }
      const soldToB = (
        await t.app.ctx.db
          .select({ purchaseId: walletTransactions.purchaseId })
          .from(walletTransactions)
          .where(and(eq(walletTransactions.userId, farmB.id), eq(walletTransactions.method, 'Referral Commission')))
      )[0]!.purchaseId!;
      // The commissions are held for 7 days: not earned on the day of the sale.
      const saleDay = today();
      t.clock.advance(7 * DAY_MS + 60_000);
      const holdEnds = today();
      await postEntry(t.app.ctx.db, {
        userId: other.id,
        method: 'Level Reward',
        amountPaise: 30_000,
        points: 0,
        status: 'Done',
        description: 'Reward',
        at: t.app.ctx.now(),
      });
      // Quiz Points redeemed, then taken back by a refund as their value in rupees: taken back too.
      await postEntry(t.app.ctx.db, {
        userId: other.id,
        method: 'Quiz Points Reversal',
        amountPaise: -2_000,
        points: 0,
        status: 'Done',
        description: 'Purchase refunded: Quiz Points earned on it taken back; 20 points already redeemed',
        at: t.app.ctx.now(),
      });
      // Refunded after its hold: the commission is taken back from B's wallet.
      expect((await t.as().post(`/admin/purchases/${soldToB}/refund`)).statusCode).toBe(200);
      // A sale today: its commission is still held, not earned yet.
      await buyThroughSandbox(t, await createLearner(t.app, { referrerId: farmA.id }), 200_000);

      expect((await download('earnings', saleDay)).rows).toHaveLength(1);
      const { rows } = await download('earnings', holdEnds);
      const [header, ...lines] = rows;
      expect(header).toEqual([
        'PAN',
        'Accounts',
        'Learners',
        'Referral commission (₹)',
        'Level rewards (₹)',
        'Points redeemed (₹)',
        'Taken back (₹)',
        'Net earned (₹)',
        'Withdrawals paid, less returned (₹)',
      ]);
      expect(lines.map((line) => [line[0], line[1], ...line.slice(3)])).toEqual([
        ['OTHER1234P', '1', '0.00', '300.00', '0.00', '-20.00', '280.00', '0.00'],
        ['FARMS1234F', '2', '150.00', '0.00', '0.00', '-50.00', '100.00', '0.00'],
      ]);
      expect(lines[1]![2]).toContain(`#${farmA.id} `);
      expect(lines[1]![2]).toContain(`#${farmB.id} `);
    } finally {
      await setReferenceData(t.app);
    }
  });

  it('refuses a period it cannot read with the field named, and anyone but an operator', async () => {
    const ask = (query: string, report = 'gst') => t.as().get(`/admin/reports/${report}?${query}`);
    const cases: [string, Record<string, string[]>][] = [
      ['from=2026-02-30&to=2026-03-01', { from: ['Enter a valid date (YYYY-MM-DD).'] }],
      ['from=2026-04-01&to=2026-03-31', { to: ['The end date must not be before the start date.'] }],
      ['from=2026-04-01&to=2027-04-02', { to: ['A report covers at most 366 days.'] }],
      ['from=0000-01-01&to=2026-01-01', { from: ['Enter a valid date (YYYY-MM-DD).'] }],
      ['from=2026-04-01', { to: ['Enter a valid date (YYYY-MM-DD).'] }],
    ];
    for (const [query, errors] of cases) {
      const res = await ask(query);
      expect({ query, status: res.statusCode, errors: res.body.errors }).toEqual({ query, status: 422, errors });
    }
    expect((await ask('from=2026-04-01&to=2026-04-01', 'ledger')).statusCode).toBe(422);
    // A whole financial year is one download.
    expect((await ask('from=2026-04-01&to=2027-03-31')).statusCode).toBe(200);
    const learner = await createLearner(t.app);
    expect((await t.client.as(learner.token).get('/admin/reports/gst?from=2026-04-01&to=2026-04-01')).statusCode).toBe(
      403,
    );
  });
});
