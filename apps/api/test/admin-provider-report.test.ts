import { parse } from 'csv-parse/sync';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, purchases, users } from '@app/db';
import { dayNumber, dayStart, isoDay } from '@app/contracts';
import { type TestApp } from './helpers.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { createCourse } from './catalogue-fixtures.ts';
import { auditOf, createAdmin } from './admin-fixtures.ts';
import { setReferenceData } from './wallet-fixtures.ts';
import {
  createRazorpayTestApp,
  deliverWebhook,
  type FakeRazorpay,
  type WebhookDelivery,
} from './payments-fake-razorpay.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * The provider register (decision 071): every movement of money at Razorpay the API knows of, held against what the
 * fake Razorpay itself holds, so that the month ties out to the settlement report.
 */
describe('admin reports: payments at the provider', () => {
  let t: TestApp;
  let rzp: FakeRazorpay;
  let close: () => Promise<void>;
  let admin: Learner;

  beforeAll(async () => {
    ({ t, rzp, close } = await createRazorpayTestApp());
    await setReferenceData(t.app);
    admin = await createAdmin(t.app);
  });
  afterAll(() => close?.());

  const now = () => t.app.ctx.now();
  const today = () => isoDay(dayNumber(now()));
  const webhook = async (delivery: WebhookDelivery) => {
    const res = await deliverWebhook(t, delivery);
    expect(res.statusCode).toBe(200);
  };
  const consoleRefund = async (purchaseId: number) => {
    const res = await t.client.as(admin.token).post(`/admin/purchases/${purchaseId}/refund`);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    return res.body.data.refund_id as string;
  };
  const learner = async (firstName: string, lastName: string) => {
    const made = await createLearner(t.app);
    await t.app.ctx.db.update(users).set({ firstName, lastName }).where(eq(users.id, made.id));
    return made;
  };
  const order = async (buyer: Learner, courseId: number) => {
    const res = await t.client.as(buyer.token).post('/checkout', { course_id: courseId });
    expect(res.statusCode).toBe(200);
    return res.body.data as { purchase_id: number; order_id: string };
  };
  /** A minute on, so that each step has a time of its own and the rows an order of their own. */
  const tick = () => t.clock.advance(60_000);
  /**
   * A paid purchase through Razorpay's checkout and /pay-now. The payment is made now; /pay-now comes `lateMinutes`
   * later (its invoice is dated when Razorpay took the payment, decision 063).
   */
  const buy = async (buyer: Learner, pricePaise: number, lateMinutes = 0) => {
    const course = await createCourse(t.app, { pricePaise });
    const placed = await order(buyer, course.id);
    tick();
    const { paymentId, signature } = rzp.capture(placed.order_id, { at: now() });
    t.clock.advance(lateMinutes * 60_000);
    const paid = await t.client
      .as(buyer.token)
      .post('/pay-now', { payment_id: paymentId, order_id: placed.order_id, signature });
    expect(paid.statusCode).toBe(200);
    tick();
    return { purchaseId: placed.purchase_id, orderId: placed.order_id, paymentId, courseId: course.id };
  };
  const documentsOf = async (purchaseId: number) => {
    const rows = await t.app.ctx.db
      .select({ kind: invoices.kind, number: invoices.number })
      .from(invoices)
      .where(eq(invoices.purchaseId, purchaseId))
      .orderBy(asc(invoices.id));
    return {
      invoice: rows.find((row) => row.kind === 'invoice')?.number,
      creditNote: rows.find((row) => row.kind === 'credit_note')?.number,
    };
  };
  const download = async (from: string, to: string) => {
    const res = await t.client.as(admin.token).get(`/admin/reports/provider?from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    const text = res.body as string;
    return { res, text, rows: parse(text, { bom: true, relax_column_count: true }) as string[][] };
  };
  const nameOf = async (id: number) => {
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, id));
    return `${row!.firstName} ${row!.lastName}`;
  };
  const paise = (cell: string | undefined) => Math.round(Number(cell) * 100);

  it('lists every payment and refund of the period and ties out to what Razorpay holds', async () => {
    // 02:00 India time, two days on: the period's days hold only this test's records.
    const startDay = dayNumber(now()) + 2;
    t.clock.advance(dayStart(startDay).getTime() + 2 * HOUR_MS - now().getTime());

    // The day before the period: a payment refunded by the operator on the period's first day.
    const asha = await learner('Asha', 'Rao');
    const before = await buy(asha, 20_000);
    t.clock.advance(DAY_MS);
    const from = today();
    const refundsBefore = rzp.refunds.length;
    const disputesBefore = rzp.disputes.length;
    const periodStart = dayStart(dayNumber(now())).getTime() / 1000;

    // Day 1: a normal payment; a payment refunded by the operator; a second payment on the first's order (refunded
    // automatically); a second order paid for a course the learner already owns (refunded automatically).
    const ashaRefundId = await consoleRefund(before.purchaseId);
    tick();
    const bina = await learner('=HYPERLINK("https://evil.example")', 'Bina');
    const normal = await buy(bina, 49_900, 30);
    const chetan = await learner('Chetan', 'Nair');
    const refundedByOperator = await buy(chetan, 30_000);
    const operatorRefundId = await consoleRefund(refundedByOperator.purchaseId);
    tick();
    // Razorpay captures a second payment on Bina's order; its webhook arrives ten minutes later.
    const second = rzp.capture(normal.orderId, { at: now() });
    t.clock.advance(10 * 60_000);
    await webhook(rzp.webhook('payment.captured', second.paymentId));
    const secondRefund = rzp.refunds.find((r) => r.payment_id === second.paymentId)!;
    expect(secondRefund.amount).toBe(49_900);
    tick();

    const dev = await learner('Dev', 'Shah');
    const course = await createCourse(t.app, { pricePaise: 25_000 });
    const firstOrder = await order(dev, course.id);
    // Another tab, another order on other terms (the first one is reused within its reservation).
    await t.app.ctx.db
      .update(purchases)
      .set({ createdAt: new Date(now().getTime() - HOUR_MS) })
      .where(eq(purchases.id, firstOrder.purchase_id));
    const secondOrder = await order(dev, course.id);
    expect(secondOrder.order_id).not.toBe(firstOrder.order_id);
    tick();
    const a = rzp.capture(firstOrder.order_id, { at: now() });
    tick();
    const b = rzp.capture(secondOrder.order_id, { at: now() });
    tick();
    for (const [paid, placed] of [
      [a, firstOrder],
      [b, secondOrder],
    ] as const) {
      await t.client
        .as(dev.token)
        .post('/pay-now', { payment_id: paid.paymentId, order_id: placed.order_id, signature: paid.signature });
      tick();
    }
    const duplicateRefund = rzp.refunds.find((r) => r.payment_id === b.paymentId)!;
    expect(duplicateRefund.amount).toBe(25_000);

    // Day 2: a payment refunded in full in Razorpay's dashboard, one refunded there in part, one lost to a dispute.
    t.clock.advance(DAY_MS);
    const esha = await learner('Esha', 'Iyer');
    const dashboard = await buy(esha, 39_900);
    const dashboardRefundId = rzp.refundInDashboard(dashboard.paymentId);
    await webhook(rzp.webhook('refund.processed', dashboard.paymentId));
    tick();
    const farah = await learner('Farah', 'Khan');
    const partial = await buy(farah, 59_900);
    const partialRefundId = rzp.refundInDashboard(partial.paymentId, 10_000);
    await webhook(rzp.webhook('refund.processed', partial.paymentId));
    tick();
    const gopal = await learner('Gopal', 'Menon');
    const disputed = await buy(gopal, 15_000);
    const disputeId = rzp.loseDispute(disputed.paymentId);
    await webhook(rzp.webhook('payment.dispute.lost', disputed.paymentId));
    tick();
    // Chetan, refunded by the operator on day 1, also disputes the card charge: opened today (no money moves yet).
    const chetanDisputeId = rzp.openDispute(refundedByOperator.paymentId);
    await webhook(rzp.webhook('payment.dispute.created', refundedByOperator.paymentId));

    // Day 3: the operator refunds the partly refunded purchase: Razorpay is asked for the rest only.
    t.clock.advance(DAY_MS);
    const restRefundId = await consoleRefund(partial.purchaseId);
    expect(rzp.refunds.find((r) => r.id === restRefundId)!.amount).toBe(49_900);
    tick();
    // Chetan's dispute is lost: his payment went back a second time. So does Bina's second payment, refunded
    // automatically on day 1 and then charged back.
    expect(rzp.loseDispute(refundedByOperator.paymentId)).toBe(chetanDisputeId);
    await webhook(rzp.webhook('payment.dispute.lost', refundedByOperator.paymentId));
    tick();
    const orphanDisputeId = rzp.loseDispute(second.paymentId, 49_900);
    await webhook(rzp.webhook('payment.dispute.lost', second.paymentId));
    const to = today();
    const periodEnd = Math.floor(dayStart(dayNumber(now()) + 1).getTime() / 1000);
    const refundsInPeriod = rzp.refunds.slice(refundsBefore);
    const disputesInPeriod = rzp.disputes.slice(disputesBefore);

    // The day after: not in the period.
    t.clock.advance(DAY_MS);
    const after = await buy(await learner('Hari', 'Das'), 10_000);

    const { res, text, rows } = await download(from, to);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="payments-at-razorpay-${from}-to-${to}.csv"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header, ...rest] = rows;
    expect(header).toEqual([
      'Date',
      'Time (IST)',
      'Event',
      'Payment id',
      'Order id',
      'Refund or dispute id',
      'Amount (₹)',
      'Purchase id',
      'Learner id',
      'Learner',
      'Invoice or credit note',
      'Reason',
      'Operator',
    ]);
    const blank = rest.findIndex((line) => line.every((cell) => cell === ''));
    const lines = rest.slice(0, blank);
    const summary = rest.slice(blank + 1);
    const column = (name: string) => header!.indexOf(name);
    const pick = (line: string[], ...names: string[]) => names.map((name) => line[column(name)]);
    const day = (n: number) => isoDay(dayNumber(new Date(`${from}T12:00:00+05:30`)) + n);
    const adminName = await nameOf(admin.id);

    const docs = async (purchaseId: number) => documentsOf(purchaseId);
    const ashaDocs = await docs(before.purchaseId);
    const binaDocs = await docs(normal.purchaseId);
    const chetanDocs = await docs(refundedByOperator.purchaseId);
    const eshaDocs = await docs(dashboard.purchaseId);
    const farahDocs = await docs(partial.purchaseId);
    const gopalDocs = await docs(disputed.purchaseId);
    const devPaid = (
      await t.app.ctx.db
        .select()
        .from(purchases)
        .where(and(eq(purchases.userId, dev.id), eq(purchases.status, 'paid')))
    )[0]!;
    const devDocs = await docs(devPaid.id);

    expect(
      lines.map((line) =>
        pick(
          line,
          'Date',
          'Event',
          'Payment id',
          'Order id',
          'Refund or dispute id',
          'Amount (₹)',
          'Purchase id',
          'Learner',
          'Invoice or credit note',
          'Operator',
        ),
      ),
    ).toEqual([
      // Day 1.
      [
        day(0),
        'Refund',
        before.paymentId,
        before.orderId,
        ashaRefundId,
        '-200.00',
        `${before.purchaseId}`,
        'Asha Rao',
        ashaDocs.creditNote,
        adminName,
      ],
      [
        day(0),
        'Payment',
        normal.paymentId,
        normal.orderId,
        '',
        '499.00',
        `${normal.purchaseId}`,
        `'=HYPERLINK("https://evil.example") Bina`,
        binaDocs.invoice,
        '',
      ],
      [
        day(0),
        'Payment',
        refundedByOperator.paymentId,
        refundedByOperator.orderId,
        '',
        '300.00',
        `${refundedByOperator.purchaseId}`,
        'Chetan Nair',
        chetanDocs.invoice,
        '',
      ],
      [
        day(0),
        'Refund',
        refundedByOperator.paymentId,
        refundedByOperator.orderId,
        operatorRefundId,
        '-300.00',
        `${refundedByOperator.purchaseId}`,
        'Chetan Nair',
        chetanDocs.creditNote,
        adminName,
      ],
      [
        day(0),
        'Payment that bought nothing',
        second.paymentId,
        normal.orderId,
        '',
        '499.00',
        `${normal.purchaseId}`,
        `'=HYPERLINK("https://evil.example") Bina`,
        '',
        '',
      ],
      [
        day(0),
        'Refund of a payment that bought nothing',
        second.paymentId,
        normal.orderId,
        secondRefund.id,
        '-499.00',
        `${normal.purchaseId}`,
        `'=HYPERLINK("https://evil.example") Bina`,
        '',
        '',
      ],
      [
        day(0),
        'Payment',
        a.paymentId,
        firstOrder.order_id,
        '',
        '250.00',
        `${firstOrder.purchase_id}`,
        'Dev Shah',
        devDocs.invoice,
        '',
      ],
      [
        day(0),
        'Payment that bought nothing',
        b.paymentId,
        secondOrder.order_id,
        '',
        '250.00',
        `${secondOrder.purchase_id}`,
        'Dev Shah',
        '',
        '',
      ],
      [
        day(0),
        'Refund of a payment that bought nothing',
        b.paymentId,
        secondOrder.order_id,
        duplicateRefund.id,
        '-250.00',
        `${secondOrder.purchase_id}`,
        'Dev Shah',
        '',
        '',
      ],
      // Day 2.
      [
        day(1),
        'Payment',
        dashboard.paymentId,
        dashboard.orderId,
        '',
        '399.00',
        `${dashboard.purchaseId}`,
        'Esha Iyer',
        eshaDocs.invoice,
        '',
      ],
      [
        day(1),
        'Refund',
        dashboard.paymentId,
        dashboard.orderId,
        dashboardRefundId,
        '-399.00',
        `${dashboard.purchaseId}`,
        'Esha Iyer',
        eshaDocs.creditNote,
        '',
      ],
      [
        day(1),
        'Payment',
        partial.paymentId,
        partial.orderId,
        '',
        '599.00',
        `${partial.purchaseId}`,
        'Farah Khan',
        farahDocs.invoice,
        '',
      ],
      [
        day(1),
        'Partial refund at the provider',
        partial.paymentId,
        partial.orderId,
        partialRefundId,
        '-100.00',
        `${partial.purchaseId}`,
        'Farah Khan',
        '',
        '',
      ],
      [
        day(1),
        'Payment',
        disputed.paymentId,
        disputed.orderId,
        '',
        '150.00',
        `${disputed.purchaseId}`,
        'Gopal Menon',
        gopalDocs.invoice,
        '',
      ],
      [
        day(1),
        'Refund',
        disputed.paymentId,
        disputed.orderId,
        disputeId,
        '-150.00',
        `${disputed.purchaseId}`,
        'Gopal Menon',
        gopalDocs.creditNote,
        '',
      ],
      // Day 3: the rest of the partly refunded payment.
      [
        day(2),
        'Refund',
        partial.paymentId,
        partial.orderId,
        restRefundId,
        '-499.00',
        `${partial.purchaseId}`,
        'Farah Khan',
        farahDocs.creditNote,
        adminName,
      ],
      // Day 3: the disputes lost after a refund, money out a second time.
      [
        day(2),
        'Dispute lost after a refund',
        refundedByOperator.paymentId,
        refundedByOperator.orderId,
        chetanDisputeId,
        '-300.00',
        `${refundedByOperator.purchaseId}`,
        'Chetan Nair',
        '',
        '',
      ],
      [
        day(2),
        'Dispute lost after a refund',
        second.paymentId,
        normal.orderId,
        orphanDisputeId,
        '-499.00',
        `${normal.purchaseId}`,
        `'=HYPERLINK("https://evil.example") Bina`,
        '',
        '',
      ],
    ]);
    expect(lines.map((line) => line[column('Reason')])).toEqual([
      'Refunded by an operator',
      '',
      '',
      'Refunded by an operator',
      'A second payment on an order already paid',
      'A second payment on an order already paid',
      '',
      'The learner already owned the course or batch (paid twice, in two tabs)',
      'The learner already owned the course or batch (paid twice, in two tabs)',
      '',
      "Refunded in Razorpay's dashboard",
      '',
      "Refunded in Razorpay's dashboard, in part",
      '',
      'Dispute lost',
      'Refunded by an operator',
      'Dispute lost on a purchase refunded already',
      'Dispute lost on a payment that bought nothing, refunded already',
    ]);
    // The payment that bought nothing is dated when Razorpay took it (10 minutes before), its refund when it was made.
    const [orphanPaid, orphanRefund] = lines.filter((line) => line[column('Payment id')] === second.paymentId);
    const seconds = (time: string) =>
      Number(time.slice(0, 2)) * 3600 + Number(time.slice(3, 5)) * 60 + Number(time.slice(6, 8));
    expect(seconds(orphanRefund![1]!) - seconds(orphanPaid![1]!)).toBeGreaterThanOrEqual(600);
    expect(seconds(orphanRefund![1]!) - seconds(orphanPaid![1]!)).toBeLessThan(605);
    // A payment is dated as its invoice: Razorpay's time of the payment (30 minutes before /pay-now).
    const binaPayment = lines.find((line) => line[column('Payment id')] === normal.paymentId)!;
    const [binaInvoice] = await t.app.ctx.db
      .select({ issuedAt: invoices.issuedAt })
      .from(invoices)
      .where(eq(invoices.number, binaDocs.invoice!));
    expect(binaInvoice!.issuedAt.getTime()).toBe(rzp.payments.get(normal.paymentId)!.created_at * 1000);
    expect(binaPayment[1]).toBe(new Date(binaInvoice!.issuedAt.getTime() + 5.5 * HOUR_MS).toISOString().slice(11, 19));
    // Neither the day before nor the day after.
    expect(lines.some((line) => line[column('Payment id')] === after.paymentId)).toBe(false);

    // What Razorpay holds for the period: every payment it captured, every refund and dispute.
    const captured = [...rzp.payments.values()].filter(
      (p) => p.status !== 'failed' && p.created_at >= periodStart && p.created_at < periodEnd,
    );
    const inIds = lines
      .filter((line) => line[column('Event')]!.startsWith('Payment'))
      .map((line) => line[column('Payment id')]);
    expect(inIds.sort()).toEqual(captured.map((p) => p.id).sort());
    const outIds = lines
      .filter((line) => !line[column('Event')]!.startsWith('Payment'))
      .map((line) => line[column('Refund or dispute id')]);
    expect(outIds.sort()).toEqual([...refundsInPeriod.map((r) => r.id), ...disputesInPeriod.map((d) => d.id)].sort());
    const moneyIn = captured.reduce((sum, p) => sum + p.amount, 0);
    const moneyOut =
      refundsInPeriod.reduce((sum, r) => sum + r.amount, 0) +
      disputesInPeriod.reduce((sum, d) => sum + d.amount_deducted, 0);
    // Each refund row's amount is what Razorpay gave back with that id.
    for (const line of lines.filter((l) => !l[column('Event')]!.startsWith('Payment'))) {
      const id = line[column('Refund or dispute id')]!;
      const given =
        rzp.refunds.find((r) => r.id === id)?.amount ?? rzp.disputes.find((d) => d.id === id)!.amount_deducted;
      expect({ id, amount: paise(line[column('Amount (₹)')]) }).toEqual({ id, amount: -given });
    }

    const totals = Object.fromEntries(
      summary.map((line) => [line[2] || line[0], [paise(line[column('Amount (₹)')]), line[column('Reason')]]]),
    );
    expect(totals).toEqual({
      Payment: [49_900 + 30_000 + 25_000 + 39_900 + 59_900 + 15_000, '6 rows'],
      'Payment that bought nothing': [49_900 + 25_000, '2 rows'],
      'Refund of a payment that bought nothing': [-(49_900 + 25_000), '2 rows'],
      Refund: [-(20_000 + 30_000 + 39_900 + 15_000 + 49_900), '5 rows'],
      'Partial refund at the provider': [-10_000, '1 row'],
      'Dispute lost after a refund': [-(30_000 + 49_900), '2 rows'],
      'Money in': [moneyIn, 'Payments captured'],
      'Money out': [-moneyOut, 'Refunds and disputes lost'],
      Net: [
        moneyIn - moneyOut,
        "To compare with the provider's settlements of the period, before its fees and the GST on them (not known here)",
      ],
    });
    // The Amount column of the rows adds up to the net.
    expect(lines.reduce((sum, line) => sum + paise(line[column('Amount (₹)')]), 0)).toBe(moneyIn - moneyOut);

    // The day after holds the later payment only; the download is audited.
    const next = await download(isoDay(dayNumber(now())), isoDay(dayNumber(now())));
    expect(next.rows.filter((line) => line[0] !== 'Total' && line[2] === 'Payment').map((line) => line[3])).toEqual([
      after.paymentId,
    ]);
    expect(await auditOf(t.app, 'reports', 'provider')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actorId: admin.id, action: 'report.download', after: { from, to } }),
      ]),
    );
  });

  it('answers 401 without a session, 403 to a learner, 422 to a report it does not know', async () => {
    const url = '/admin/reports/provider?from=2026-04-01&to=2026-04-30';
    expect((await t.client.get(url)).statusCode).toBe(401);
    const someone = await createLearner(t.app);
    expect((await t.client.as(someone.token).get(url)).statusCode).toBe(403);
    const bad = await t.client.as(admin.token).get('/admin/reports/razorpay?from=2026-04-01&to=2026-04-30');
    expect([bad.statusCode, bad.body.errors]).toEqual([
      422,
      { report: ["report must be 'gst', 'payouts', 'earnings' or 'provider'."] },
    ]);
    const reversed = await t.client.as(admin.token).get('/admin/reports/provider?from=2026-04-02&to=2026-04-01');
    expect([reversed.statusCode, reversed.body.errors]).toEqual([
      422,
      { to: ['The end date must not be before the start date.'] },
    ]);
  });
});
