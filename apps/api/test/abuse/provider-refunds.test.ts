import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { createHmac, randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, dayNumber, isoDay } from '@app/contracts';
import { auditLog, devMailbox, invoices, paymentEvents, purchases, users, walletTransactions } from '@app/db';
import { waitFor, type TestApp } from '../helpers.ts';
import { createLearner, type Learner } from '../fixtures.ts';
import { createCourse } from '../catalogue-fixtures.ts';
import { createAdmin } from '../admin-fixtures.ts';
import { ledgerOf, setReferenceData, signInNow, validBank } from '../wallet-fixtures.ts';
import {
  buyThroughRazorpay,
  createRazorpayTestApp,
  deliverWebhook,
  type FakeRazorpay,
  type WebhookDelivery,
} from '../payments-fake-razorpay.ts';
import { disputeCheckJob, handleWebhook } from '../../src/services/payments/index.ts';
import { disputesOpenHere } from '../../src/services/payments/disputes.ts';
import { reconcilePendingPurchases } from '../../src/services/payments/reconcile-pending-purchases.ts';
import { DAY_MS, expectBooksBalanced } from './abuse-fixtures.ts';

/**
 * Money that moves at Razorpay outside the paths the API drives (decision 051): a refund made in the dashboard, a
 * chargeback the merchant lost, a second payment captured on an order already paid. Found by the rev-fraud review: a
 * farm of fifty puppets withdrew their earnings and then disputed every card charge, keeping the commissions.
 */
describe('abuse: money given back at the provider', () => {
  let t: TestApp;
  let rzp: FakeRazorpay;
  let close: () => Promise<void>;
  let admin: Learner;

  beforeAll(async () => {
    ({ t, rzp, close } = await createRazorpayTestApp());
    await setReferenceData(t.app, { refund_window_days: 7 });
    admin = await createAdmin(t.app);
  });
  afterAll(() => close?.());

  const webhook = (delivery: WebhookDelivery) => deliverWebhook(t, delivery);
  const consoleRefund = (purchaseId: number) => t.client.as(admin.token).post(`/admin/purchases/${purchaseId}/refund`);

  /** A referred learner's paid purchase of a new course, through Razorpay's checkout and /pay-now. */
  const buy = (buyer: Learner, pricePaise = 39_900) => buyThroughRazorpay(t, rzp, buyer, pricePaise);
  const referredBuyer = async () => {
    const referrer = await createLearner(t.app);
    const buyer = await createLearner(t.app, { referrerId: referrer.id });
    return { referrer, buyer };
  };
  const statusOf = async (purchaseId: number) =>
    (await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, purchaseId)))[0]!.status;
  const commissionOf = async (purchaseId: number) =>
    (
      await t.app.ctx.db
        .select({ status: walletTransactions.status })
        .from(walletTransactions)
        .where(and(eq(walletTransactions.purchaseId, purchaseId), eq(walletTransactions.method, 'Referral Commission')))
    ).map((c) => c.status);
  const auditOf = (purchaseId: number) =>
    t.app.ctx.db
      .select({ action: auditLog.action, actorId: auditLog.actorId, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'purchases'), eq(auditLog.entityId, String(purchaseId))))
      .orderBy(auditLog.id);
  const creditNotesOf = async (purchaseId: number) =>
    (
      await t.app.ctx.db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.purchaseId, purchaseId), eq(invoices.kind, 'credit_note')))
    ).length;
  const owns = async (learner: Learner, courseId: number) =>
    (await t.client.as(learner.token).get('/learn')).body.data.course.some((c: { id: number }) => c.id === courseId);

  it("ATTACK: a refund made in Razorpay's dashboard is recorded by its webhook: the course closes, the commission goes", async () => {
    const { referrer, buyer } = await referredBuyer();
    const bought = await buy(buyer);
    expect(await commissionOf(bought.purchaseId)).toEqual(['Pending']);

    const refundId = rzp.refundInDashboard(bought.paymentId);
    const delivery = rzp.webhook('refund.processed', bought.paymentId);
    const res = await webhook(delivery);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.outcome).toBe('processed');

    expect(await statusOf(bought.purchaseId)).toBe('refunded');
    expect(await commissionOf(bought.purchaseId)).toEqual(['Rejected']);
    expect(await owns(buyer, bought.courseId)).toBe(false);
    expect(await creditNotesOf(bought.purchaseId)).toBe(1);
    expect(await auditOf(bought.purchaseId)).toEqual([
      {
        action: 'purchase.refund',
        actorId: null,
        after: expect.objectContaining({ status: 'refunded', source: 'refund at the provider', refund_id: refundId }),
      },
    ]);

    // The buyer is told, as for the console's refund (decision 050).
    await waitFor(async () => {
      const mails = await t.app.ctx.db.select().from(devMailbox).where(eq(devMailbox.to, buyer.email));
      return mails.some((mail) => mail.subject.includes('refund for'));
    }, 10_000);

    // Razorpay delivers again (the same event), and the operator, told by Razorpay, clicks Refund: nothing more.
    expect((await webhook(delivery)).json().data.outcome).toBe('duplicate');
    const clicked = await consoleRefund(bought.purchaseId);
    expect(clicked.statusCode).toBe(400);
    expect(clicked.body.message).toBe('This purchase is already refunded.');
    expect(rzp.refunds.filter((r) => r.payment_id === bought.paymentId)).toHaveLength(1);
    expect(await auditOf(bought.purchaseId)).toHaveLength(1);
    expect(await creditNotesOf(bought.purchaseId)).toBe(1);
    expect((await ledgerOf(t.app, referrer.id)).map((e) => [e.method, e.status])).toEqual([
      ['Referral Commission', 'Rejected'],
    ]);
    await expectBooksBalanced(t);
  });

  it('ATTACK: a chargeback lost after the earnings were asked for as a withdrawal takes the commission back from it', async () => {
    // The farm's move: wait out the refund window, ask to withdraw the released commission, dispute the card charge.
    const { referrer, buyer } = await referredBuyer();
    const bought = await buy(buyer, 100_000);
    t.clock.advance(7 * DAY_MS + 60_000);
    const token = await signInNow(t.app, referrer.id);
    await t.client.as(token).post('/bank-details', validBank);
    expect((await t.client.as(token).post('/withdraw', { amount: 100 })).statusCode).toBe(200);

    const disputeId = rzp.loseDispute(bought.paymentId);
    expect((await webhook(rzp.webhook('payment.dispute.lost', bought.paymentId))).json().data.outcome).toBe(
      'processed',
    );

    expect(await statusOf(bought.purchaseId)).toBe('refunded');
    const ledger = (await ledgerOf(t.app, referrer.id)).map((e) => [e.method, e.status, e.amountPaise]);
    expect(ledger).toEqual([
      ['Referral Commission', 'Done', 10_000],
      ['Withdraw', 'Rejected', -10_000],
      ['Withdraw Reversal', 'Done', 10_000],
      ['Commission Reversal', 'Done', -10_000],
    ]);
    expect((await auditOf(bought.purchaseId)).at(-1)).toMatchObject({
      action: 'purchase.refund',
      actorId: null,
      after: { source: 'dispute lost', dispute_id: disputeId, commission_reversed: 100 },
    });
    await expectBooksBalanced(t);
  });

  it('ATTACK: a chargeback lost for a part (₹398 of ₹399) refunds the purchase: the ring keeps no commission, count or level reward', async () => {
    // Decision 072: two sub-users each dispute all but ₹1 of their purchase; the purchases kept paying the referrer
    // its commission on the whole, counting both sub-users for a level (the minimum is met by ₹399, not by ₹1) and
    // its level reward: about ₹280 to withdraw for ₹2 paid.
    await setReferenceData(t.app, { refund_window_days: 7, level_min_purchase_paise: 20_000 });
    try {
      const referrer = await createLearner(t.app);
      const subs = [
        await createLearner(t.app, { referrerId: referrer.id }),
        await createLearner(t.app, { referrerId: referrer.id }),
      ];
      const bought: Awaited<ReturnType<typeof buy>>[] = [];
      for (const sub of subs) bought.push(await buy(sub, 39_900));
      expect((await ledgerOf(t.app, referrer.id)).map((e) => e.method)).toEqual(
        expect.arrayContaining(['Referral Commission', 'Referral Commission', 'Level Reward']),
      );

      for (const { paymentId } of bought) {
        const disputeId = rzp.loseDispute(paymentId, 39_800);
        const res = await webhook(rzp.webhook('payment.dispute.lost', paymentId));
        expect(res.json().data.outcome).toBe('processed');
        // The rest of the payment goes back to the payer, so that all of it has, as the credit note says.
        expect(rzp.refunds.filter((r) => r.payment_id === paymentId).map((r) => r.amount)).toEqual([100]);
        const purchaseId = bought.find((b) => b.paymentId === paymentId)!.purchaseId;
        expect((await auditOf(purchaseId)).at(-1)).toMatchObject({
          action: 'purchase.refund',
          after: { status: 'refunded', source: 'dispute lost', dispute_id: disputeId, returned: 398 },
        });
        expect((await auditOf(purchaseId)).at(-1)?.after).toHaveProperty('rest_refund_id', expect.any(String));
      }
      for (const [i, b] of bought.entries()) {
        expect(await statusOf(b.purchaseId)).toBe('refunded');
        expect(await owns(subs[i]!, b.courseId)).toBe(false);
        expect(await creditNotesOf(b.purchaseId)).toBe(1);
      }
      const [counted] = await t.app.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.referrerId, referrer.id), isNotNull(users.activatedAt)));
      expect(counted?.n).toBe(0);
      // Nothing held or in the wallet: every credit cancelled.
      expect((await ledgerOf(t.app, referrer.id)).filter((e) => e.status !== 'Rejected')).toEqual([]);

      // The same dispute delivered again under another event id: nothing more (not a dispute after a refund).
      const again = await webhook(rzp.webhook('payment.dispute.lost', bought[0]!.paymentId, 'evt_redelivered_1'));
      expect(again.json().data.outcome).toBe('ignored');
      expect((await auditOf(bought[0]!.purchaseId)).map((a) => a.action)).not.toContain(
        'purchase.dispute_after_refund',
      );
      // The operator, told by Razorpay, clicks Refund: already refunded, nothing more goes back.
      const clicked = await consoleRefund(bought[0]!.purchaseId);
      expect(clicked.statusCode).toBe(400);
      expect(rzp.refunds.filter((r) => r.payment_id === bought[0]!.paymentId)).toHaveLength(1);
      // Razorpay's refund.processed for the rest changes nothing more.
      expect((await webhook(rzp.webhook('refund.processed', bought[0]!.paymentId))).json().data.outcome).toBe(
        'ignored',
      );
      await expectBooksBalanced(t);
      // The month's "Payments at Razorpay" register: the payment in, one refund out of all of it (the dispute's
      // part and the rest), never the rest's refund as a payment that bought nothing.
      const today = isoDay(dayNumber(t.app.ctx.now()));
      const register = await t.client.as(admin.token).get(`/admin/reports/provider?from=${today}&to=${today}`);
      const rows = parse(register.body as string, { bom: true, relax_column_count: true }) as string[][];
      const [header, ...lines] = rows;
      const of = (name: string) => header!.indexOf(name);
      expect(
        lines
          .filter((line) => line[of('Payment id')] === bought[0]!.paymentId)
          .map((line) => [line[of('Event')], line[of('Amount (₹)')]]),
      ).toEqual([
        ['Payment', '399.00'],
        ['Refund', '-399.00'],
      ]);
    } finally {
      await setReferenceData(t.app, { refund_window_days: 7, level_min_purchase_paise: 0 });
    }
  });

  it('a chargeback lost for a part while Razorpay cannot refund the rest still refunds the purchase, and tells the operator', async () => {
    const { buyer } = await referredBuyer();
    const bought = await buy(buyer, 39_900);
    rzp.loseDispute(bought.paymentId, 20_000);
    const delivery = rzp.webhook('payment.dispute.lost', bought.paymentId);
    rzp.isDown = true;
    try {
      expect((await webhook(delivery)).json().data.outcome).toBe('processed');
    } finally {
      rzp.isDown = false;
    }
    expect(await statusOf(bought.purchaseId)).toBe('refunded');
    expect(await commissionOf(bought.purchaseId)).toEqual(['Rejected']);
    expect(rzp.refunds.filter((r) => r.payment_id === bought.paymentId)).toEqual([]);
    expect((await auditOf(bought.purchaseId)).at(-1)?.after).toMatchObject({
      status: 'refunded',
      returned: 200,
      rest_not_refunded: 199,
    });
  });

  /** A signed delivery of `event` for the payment, its body changed by `edit` (Razorpay signs the raw body). */
  const resigned = (event: 'payment.dispute.lost', paymentId: string, edit: (body: any) => void) => {
    const body = JSON.parse(rzp.webhook(event, paymentId).body);
    edit(body);
    const raw = JSON.stringify(body);
    return {
      body: raw,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', rzp.webhookSecret).update(raw).digest('hex'),
        'x-razorpay-event-id': `evt_${randomBytes(6).toString('hex')}`,
      },
    };
  };

  it('ATTACK: a dispute lost without the amount it took refunds the purchase and gives nothing back a second time', async () => {
    const { buyer } = await referredBuyer();
    const bought = await buy(buyer, 39_900);
    rzp.loseDispute(bought.paymentId);
    const delivery = resigned('payment.dispute.lost', bought.paymentId, (body) => {
      delete body.payload.dispute.entity.amount_deducted;
    });
    expect((await webhook(delivery)).json().data.outcome).toBe('processed');
    expect(await statusOf(bought.purchaseId)).toBe('refunded');
    expect(await commissionOf(bought.purchaseId)).toEqual(['Rejected']);
    // The chargeback gave the ₹399 back; nothing more goes.
    expect(rzp.refunds.filter((r) => r.payment_id === bought.paymentId)).toEqual([]);
    expect((await auditOf(bought.purchaseId)).at(-1)?.after).toMatchObject({ deduction_unknown: true });
  });

  it('ATTACK: the rest after a dispute, asked again after a crash, counts a dashboard refund as the earlier part, not as the rest', async () => {
    const { buyer } = await referredBuyer();
    const bought = await buy(buyer, 39_900);
    rzp.refundInDashboard(bought.paymentId, 20_000);
    expect((await webhook(rzp.webhook('refund.processed', bought.paymentId))).json().data.outcome).toBe('processed');
    rzp.loseDispute(bought.paymentId, 10_000);
    // A first delivery claimed the rest and the server died before asking Razorpay.
    await t.app.ctx.db.insert(paymentEvents).values({
      provider: t.app.ctx.payments.name,
      eventId: `refund:${bought.paymentId}`,
      payload: { purchase_id: bought.purchaseId, amount_paise: 9_900, reason: 'the rest after a dispute lost' },
      receivedAt: t.app.ctx.now(),
    });
    expect((await webhook(rzp.webhook('payment.dispute.lost', bought.paymentId))).json().data.outcome).toBe(
      'processed',
    );
    // ₹200 in the dashboard, ₹100 by the bank, ₹99 the rest: all of the ₹399.
    expect(rzp.refunds.filter((r) => r.payment_id === bought.paymentId).map((r) => r.amount)).toEqual([20_000, 9_900]);
  });

  it('ATTACK (books): a dispute for the whole payment after a refund of part records the part that left twice', async () => {
    const { buyer } = await referredBuyer();
    const bought = await buy(buyer, 39_900);
    rzp.refundInDashboard(bought.paymentId, 20_000);
    await webhook(rzp.webhook('refund.processed', bought.paymentId));
    const disputeId = rzp.loseDispute(bought.paymentId, 39_900);
    expect((await webhook(rzp.webhook('payment.dispute.lost', bought.paymentId))).json().data.outcome).toBe(
      'processed',
    );
    expect(await statusOf(bought.purchaseId)).toBe('refunded');
    expect(rzp.refunds.filter((r) => r.payment_id === bought.paymentId)).toHaveLength(1);
    expect((await auditOf(bought.purchaseId)).map((a) => [a.action, (a.after as any).amount])).toEqual([
      ['purchase.provider_partial_refund', undefined],
      ['purchase.dispute_after_refund', 200],
      ['purchase.refund', undefined],
    ]);
    expect((await auditOf(bought.purchaseId)).at(1)?.after).toMatchObject({ dispute_id: disputeId });
  });

  it('ATTACK: the console records a refund Razorpay already made (its webhook lost) instead of failing for good', async () => {
    const { buyer } = await referredBuyer();
    const bought = await buy(buyer);
    const refundId = rzp.refundInDashboard(bought.paymentId);

    const res = await consoleRefund(bought.purchaseId);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.refund_id).toBe(refundId);
    expect(await statusOf(bought.purchaseId)).toBe('refunded');
    expect(await commissionOf(bought.purchaseId)).toEqual(['Rejected']);
    expect(rzp.refunds.filter((r) => r.payment_id === bought.paymentId)).toHaveLength(1);

    // The webhook arriving after changes nothing.
    expect((await webhook(rzp.webhook('refund.processed', bought.paymentId))).json().data.outcome).toBe('ignored');
    expect(await auditOf(bought.purchaseId)).toHaveLength(1);
    await expectBooksBalanced(t);
  });

  it('records a partial refund at Razorpay for the operator, keeps the purchase paid, and the console refunds the rest', async () => {
    const { buyer } = await referredBuyer();
    const bought = await buy(buyer, 39_900);
    const refundId = rzp.refundInDashboard(bought.paymentId, 10_000);
    expect((await webhook(rzp.webhook('refund.processed', bought.paymentId))).json().data.outcome).toBe('processed');

    expect(await statusOf(bought.purchaseId)).toBe('paid');
    expect(await commissionOf(bought.purchaseId)).toEqual(['Pending']);
    expect(await auditOf(bought.purchaseId)).toEqual([
      {
        action: 'purchase.provider_partial_refund',
        actorId: null,
        after: { status: 'paid', source: 'refund at the provider', refund_id: refundId, returned: 100 },
      },
    ]);

    const res = await consoleRefund(bought.purchaseId);
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(rzp.refunds.filter((r) => r.payment_id === bought.paymentId).map((r) => r.amount)).toEqual([10_000, 29_900]);
    expect(rzp.payments.get(bought.paymentId)).toMatchObject({ amount_refunded: 39_900, status: 'refunded' });
    expect(await statusOf(bought.purchaseId)).toBe('refunded');
  });

  it("a second partial refund that makes the whole refunds the purchase; a refund event of a payment not the purchase's changes nothing", async () => {
    const { buyer } = await referredBuyer();
    const bought = await buy(buyer, 39_900);
    rzp.refundInDashboard(bought.paymentId, 9_900);
    await webhook(rzp.webhook('refund.processed', bought.paymentId));
    expect(await statusOf(bought.purchaseId)).toBe('paid');
    rzp.refundInDashboard(bought.paymentId);
    await webhook(rzp.webhook('refund.processed', bought.paymentId));
    expect(await statusOf(bought.purchaseId)).toBe('refunded');

    // Another order's payment refunded: its event names a payment no purchase was paid with.
    const other = await buy(await createLearner(t.app));
    const stray = rzp.capture(other.orderId);
    rzp.refundInDashboard(stray.paymentId);
    expect((await webhook(rzp.webhook('refund.processed', stray.paymentId))).json().data.outcome).toBe('ignored');
    expect(await statusOf(other.purchaseId)).toBe('paid');
  });

  it('ATTACK: a refund event that Razorpay did not sign is refused and changes nothing', async () => {
    const { buyer } = await referredBuyer();
    const bought = await buy(buyer);
    const payment = rzp.payments.get(bought.paymentId)!;
    const forged = rzp.webhook('payment.captured', bought.paymentId);
    const body = JSON.stringify({
      ...JSON.parse(forged.body),
      event: 'refund.processed',
      contains: ['refund', 'payment'],
      payload: {
        refund: { entity: { id: 'rfnd_forged0000001', payment_id: payment.id, amount: payment.amount } },
        payment: {
          entity: { ...JSON.parse(forged.body).payload.payment.entity, amount_refunded: payment.amount },
        },
      },
    });
    const res = await webhook({ body, headers: { ...forged.headers, 'x-razorpay-event-id': 'evt_forged_refund' } });
    expect(res.statusCode).toBe(400);
    expect(await statusOf(bought.purchaseId)).toBe('paid');
  });

  it('the webhook and the console arriving together for one refund record it once', async () => {
    const { referrer, buyer } = await referredBuyer();
    const bought = await buy(buyer);
    rzp.refundInDashboard(bought.paymentId);
    const [fromWebhook, fromConsole] = await Promise.all([
      webhook(rzp.webhook('refund.processed', bought.paymentId)),
      consoleRefund(bought.purchaseId),
    ]);
    expect(fromWebhook.statusCode).toBe(200);
    // Whichever came first recorded it; the console's answer is then 'already refunded' or 'in progress'.
    expect([200, 400]).toContain(fromConsole.statusCode);
    expect(await statusOf(bought.purchaseId)).toBe('refunded');
    expect(await auditOf(bought.purchaseId)).toHaveLength(1);
    expect(await creditNotesOf(bought.purchaseId)).toBe(1);
    expect(rzp.refunds.filter((r) => r.payment_id === bought.paymentId)).toHaveLength(1);
    expect((await ledgerOf(t.app, referrer.id)).map((e) => e.status)).toEqual(['Rejected']);
    await expectBooksBalanced(t);
  });

  /** A delivery handled as the route handles it, with a log that keeps its warnings. */
  const webhookLogged = async (delivery: { body: string; headers: Record<string, string> }) => {
    const warnings: string[] = [];
    const outcome = await handleWebhook(t.app.ctx, {
      rawBody: Buffer.from(delivery.body),
      signature: delivery.headers['x-razorpay-signature'],
      eventId: delivery.headers['x-razorpay-event-id'],
      log: { warn: (_obj, msg) => warnings.push(msg), error: (_obj, msg) => warnings.push(msg) },
    });
    return { outcome, warnings };
  };

  it('ATTACK: a chargeback opened and lost on a purchase the operator already refunded is recorded: the money left twice', async () => {
    // The parent asks for a refund, gets it, and also disputes the card charge. Razorpay's payment.dispute.created was
    // ignored (nobody was prompted to contest with the refund as proof) and payment.dispute.lost answered 'ignored'
    // with no record: the provider register missed money that left.
    const { referrer, buyer } = await referredBuyer();
    const bought = await buy(buyer, 39_900);
    const refunded = await consoleRefund(bought.purchaseId);
    expect(refunded.statusCode, JSON.stringify(refunded.body)).toBe(200);
    const refundId = refunded.body.data.refund_id as string;
    const ledgerBefore = await ledgerOf(t.app, referrer.id);

    const respondBy = new Date(Math.floor(t.clock.now().getTime() / 1000 + 5 * 86_400) * 1000);
    const disputeId = rzp.openDispute(bought.paymentId, { respondBy });
    const opened = await webhookLogged(rzp.webhook('payment.dispute.created', bought.paymentId));
    expect(opened.outcome).toBe('processed');
    expect(opened.warnings).toEqual(['dispute opened at the provider: contest it before its respond-by date']);
    expect((await auditOf(bought.purchaseId)).at(-1)).toEqual({
      action: 'payment.dispute_opened',
      actorId: null,
      after: {
        respond_by: respondBy.toISOString(),
        amount: 399,
        refunded_before: true,
        dispute_id: disputeId,
        payment_id: bought.paymentId,
        reason_code: 'chargeback',
        reason: 'The cardholder does not recognise the transaction.',
        phase: 'chargeback',
        refund_id: refundId,
        purchase_status: 'refunded',
        payment_bought_nothing: false,
        order_id: bought.orderId,
      },
    });

    rzp.loseDispute(bought.paymentId);
    const lost = await webhookLogged(rzp.webhook('payment.dispute.lost', bought.paymentId));
    expect(lost.outcome).toBe('processed');
    expect(lost.warnings).toEqual(['dispute lost on a payment already refunded: the money left twice']);
    expect((await auditOf(bought.purchaseId)).map((row) => row.action)).toEqual([
      'purchase.refund',
      'payment.dispute_opened',
      'purchase.dispute_after_refund',
    ]);
    expect((await auditOf(bought.purchaseId)).at(-1)).toEqual({
      action: 'purchase.dispute_after_refund',
      actorId: null,
      after: {
        amount: 399,
        dispute_id: disputeId,
        payment_id: bought.paymentId,
        refund_id: refundId,
        purchase_status: 'refunded',
        payment_bought_nothing: false,
        order_id: bought.orderId,
      },
    });
    // Nothing else: refunded once, one credit note, the referrer's ledger as the refund left it.
    expect(await statusOf(bought.purchaseId)).toBe('refunded');
    expect(await creditNotesOf(bought.purchaseId)).toBe(1);
    expect(await ledgerOf(t.app, referrer.id)).toEqual(ledgerBefore);

    // Razorpay delivering either again under another event id records nothing more.
    expect((await webhook(rzp.webhook('payment.dispute.created', bought.paymentId))).json().data.outcome).toBe(
      'ignored',
    );
    expect((await webhook(rzp.webhook('payment.dispute.lost', bought.paymentId))).json().data.outcome).toBe('ignored');
    expect(await auditOf(bought.purchaseId)).toHaveLength(3);
    await expectBooksBalanced(t);
  });

  it('ATTACK: a chargeback lost on a payment that bought nothing (refunded automatically) is recorded on its order, the purchase kept', async () => {
    const buyer = await createLearner(t.app);
    const bought = await buy(buyer);
    const second = rzp.capture(bought.orderId);
    await webhook(rzp.webhook('payment.captured', second.paymentId));
    const orphanRefund = rzp.refunds.find((r) => r.payment_id === second.paymentId)!;

    // A dispute opened on the purchase's own payment, not refunded: the operator is told it was not.
    const openId = rzp.openDispute(bought.paymentId);
    expect((await webhook(rzp.webhook('payment.dispute.created', bought.paymentId))).json().data.outcome).toBe(
      'processed',
    );
    expect((await auditOf(bought.purchaseId)).at(-1)).toMatchObject({
      action: 'payment.dispute_opened',
      after: { dispute_id: openId, refunded_before: false, refund_id: null, purchase_status: 'paid' },
    });

    const disputeId = rzp.loseDispute(second.paymentId, 39_900);
    expect((await webhook(rzp.webhook('payment.dispute.lost', second.paymentId))).json().data.outcome).toBe(
      'processed',
    );
    expect((await auditOf(bought.purchaseId)).at(-1)).toEqual({
      action: 'purchase.dispute_after_refund',
      actorId: null,
      after: {
        amount: 399,
        dispute_id: disputeId,
        payment_id: second.paymentId,
        refund_id: orphanRefund.id,
        purchase_status: 'paid',
        payment_bought_nothing: true,
        order_id: bought.orderId,
      },
    });
    // The purchase paid with the first payment is not the orphan's: it stays paid, the course open.
    expect(await statusOf(bought.purchaseId)).toBe('paid');
    expect(await owns(buyer, bought.courseId)).toBe(true);
  });

  it('ATTACK (learner harm): a second payment captured on an order already paid is refunded, the first one kept', async () => {
    // Razorpay can capture two payments on one order (a late authorisation of an attempt the bank first reported
    // failed, while the learner paid again). The second arrives by webhook after the purchase is paid.
    const buyer = await createLearner(t.app);
    const bought = await buy(buyer);
    const second = rzp.capture(bought.orderId);
    expect((await webhook(rzp.webhook('payment.captured', second.paymentId))).statusCode).toBe(200);

    expect(rzp.refunds.filter((r) => r.payment_id === second.paymentId)).toEqual([
      expect.objectContaining({ amount: 39_900 }),
    ]);
    expect(rzp.refunds.filter((r) => r.payment_id === bought.paymentId)).toEqual([]);
    const [row] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, bought.purchaseId));
    expect(row).toMatchObject({ status: 'paid', providerPaymentId: bought.paymentId });

    // The refund of the second payment comes back as an event: the purchase paid with the first stays paid.
    await webhook(rzp.webhook('refund.processed', second.paymentId));
    expect(await statusOf(bought.purchaseId)).toBe('paid');
    // And the first payment's own webhook, delivered late, is still 'already paid', not a refund.
    await webhook(rzp.webhook('payment.captured', bought.paymentId));
    expect(rzp.refunds.filter((r) => r.payment_id === bought.paymentId)).toEqual([]);
  });
  /** The purchase as the console's list shows it (GET /admin/purchases, filtered by its learner). */
  const consoleRow = async (learner: Learner, purchaseId: number) => {
    const res = await t.client.as(admin.token).get(`/admin/purchases?user=${learner.id}`);
    expect(res.statusCode).toBe(200);
    return (res.body.data.data as { id: number; status: string; open_dispute_id: string | null }[]).find(
      (row) => row.id === purchaseId,
    )!;
  };
  /** The audit row of a ₹399 purchase's chargeback won, the dispute recorded opened before. */
  const wonRow = (won: { paymentId: string; orderId: string }, disputeId: string) => ({
    action: 'payment.dispute_won',
    actorId: null,
    after: {
      amount: 399,
      dispute_id: disputeId,
      payment_id: won.paymentId,
      phase: 'chargeback',
      reason_code: 'chargeback',
      was_opened: true,
      purchase_status: 'paid',
      payment_bought_nothing: false,
      order_id: won.orderId,
    },
  });
  const claimOf = async (paymentId: string) =>
    (
      await t.app.ctx.db
        .select({ payload: paymentEvents.payload })
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, `refund:${paymentId}`))
    )[0]?.payload as Record<string, unknown> | undefined;

  it("ATTACK: the console's Refund is refused while a dispute is open on the payment: the parent is not paid twice", async () => {
    // The parent disputes the card charge and also asks the operator for a refund. Refunded by the console, the
    // dispute lost afterwards took the money a second time (purchase.dispute_after_refund). The merchant accepts the
    // dispute at Razorpay instead: its loss refunds the purchase.
    const { referrer, buyer } = await referredBuyer();
    const bought = await buy(buyer, 39_900);
    const disputeId = rzp.openDispute(bought.paymentId);
    expect((await webhook(rzp.webhook('payment.dispute.created', bought.paymentId))).json().data.outcome).toBe(
      'processed',
    );
    expect(await consoleRow(buyer, bought.purchaseId)).toMatchObject({ status: 'paid', open_dispute_id: disputeId });

    const clicked = await consoleRefund(bought.purchaseId);
    expect(clicked.statusCode).toBe(400);
    expect(clicked.body.message).toBe(adminMessages.disputeOpen);
    expect(rzp.refunds.filter((r) => r.payment_id === bought.paymentId)).toEqual([]);
    expect(await statusOf(bought.purchaseId)).toBe('paid');
    expect(await commissionOf(bought.purchaseId)).toEqual(['Pending']);
    // Nothing was asked of Razorpay: no claim is left behind.
    expect(await claimOf(bought.paymentId)).toBeUndefined();

    // The operator accepts the dispute in Razorpay's dashboard: lost, it refunds the purchase, once.
    rzp.loseDispute(bought.paymentId);
    expect((await webhook(rzp.webhook('payment.dispute.lost', bought.paymentId))).json().data.outcome).toBe(
      'processed',
    );
    expect(await statusOf(bought.purchaseId)).toBe('refunded');
    expect(await commissionOf(bought.purchaseId)).toEqual(['Rejected']);
    expect(await consoleRow(buyer, bought.purchaseId)).toMatchObject({ status: 'refunded', open_dispute_id: null });
    expect((await auditOf(bought.purchaseId)).map((a) => a.action)).toEqual([
      'payment.dispute_opened',
      'purchase.refund',
    ]);
    // The bank gave back all of it; nothing more goes back at Razorpay, and the console refuses a second refund.
    expect(rzp.refunds.filter((r) => r.payment_id === bought.paymentId)).toEqual([]);
    expect((await consoleRefund(bought.purchaseId)).body.message).toBe('This purchase is already refunded.');
    expect((await ledgerOf(t.app, referrer.id)).map((e) => [e.method, e.status])).toEqual([
      ['Referral Commission', 'Rejected'],
    ]);
    await expectBooksBalanced(t);
  });

  it("ATTACK: a dispute won or closed at Razorpay is recorded once and no longer stops the console's Refund", async () => {
    const { buyer } = await referredBuyer();
    const won = await buy(buyer, 39_900);
    const wonId = rzp.openDispute(won.paymentId);
    await webhook(rzp.webhook('payment.dispute.created', won.paymentId));
    // Contested: under review, then won. The review changes nothing; the dispute is still open.
    expect((await webhook(rzp.webhook('payment.dispute.under_review', won.paymentId))).json().data.outcome).toBe(
      'ignored',
    );
    expect((await consoleRefund(won.purchaseId)).body.message).toBe(adminMessages.disputeOpen);
    rzp.endDispute(won.paymentId, 'won');
    expect((await webhook(rzp.webhook('payment.dispute.won', won.paymentId))).json().data.outcome).toBe('processed');
    expect((await auditOf(won.purchaseId)).at(-1)).toEqual(wonRow(won, wonId));
    // Delivered again under another event id: recorded once.
    expect((await webhook(rzp.webhook('payment.dispute.won', won.paymentId))).json().data.outcome).toBe('ignored');
    expect((await auditOf(won.purchaseId)).filter((a) => a.action === 'payment.dispute_won')).toHaveLength(1);
    // Nothing moved: the purchase stays paid; the console shows no dispute open, and its Refund works again.
    expect(await statusOf(won.purchaseId)).toBe('paid');
    expect((await consoleRow(buyer, won.purchaseId)).open_dispute_id).toBeNull();
    const refunded = await consoleRefund(won.purchaseId);
    expect(refunded.statusCode, JSON.stringify(refunded.body)).toBe(200);
    expect(rzp.refunds.filter((r) => r.payment_id === won.paymentId).map((r) => r.amount)).toEqual([39_900]);

    // A dispute closed (a fraud alert answered with the transaction's details): the same.
    const closed = await buy(buyer, 39_900);
    const closedId = rzp.openDispute(closed.paymentId);
    await webhook(rzp.webhook('payment.dispute.created', closed.paymentId));
    expect((await consoleRow(buyer, closed.purchaseId)).open_dispute_id).toBe(closedId);
    rzp.endDispute(closed.paymentId, 'closed');
    expect((await webhook(rzp.webhook('payment.dispute.closed', closed.paymentId))).json().data.outcome).toBe(
      'processed',
    );
    expect((await auditOf(closed.purchaseId)).at(-1)).toMatchObject({
      action: 'payment.dispute_closed',
      after: { dispute_id: closedId, payment_id: closed.paymentId, was_opened: true },
    });
    expect((await consoleRefund(closed.purchaseId)).statusCode).toBe(200);
    await expectBooksBalanced(t);
  });

  it('ATTACK: a chargeback lost on a purchase still pending closes it: a late webhook, /pay-now or the reconciler gives no course and no commission', async () => {
    // The purchase was never confirmed (the browser closed after paying, the webhook late): no sale in the books. The
    // bank took the money back; a confirmation afterwards gave the course, the commission and the level reward for it.
    const { referrer, buyer } = await referredBuyer();
    const course = await createCourse(t.app, { pricePaise: 39_900 });
    const checkout = await t.client.as(buyer.token).post('/checkout', { course_id: course.id });
    const order = checkout.body.data as { purchase_id: number; order_id: string };
    const { paymentId, signature } = rzp.capture(order.order_id, { at: t.clock.now() });
    expect(await statusOf(order.purchase_id)).toBe('pending');

    const disputeId = rzp.loseDispute(paymentId);
    const lost = await webhookLogged(rzp.webhook('payment.dispute.lost', paymentId));
    expect(lost.outcome).toBe('processed');

    // Every late confirmation of that payment: nothing.
    expect((await webhook(rzp.webhook('payment.captured', paymentId))).statusCode).toBe(200);
    expect((await webhook(rzp.webhook('order.paid', paymentId))).statusCode).toBe(200);
    const payNow = await t.client
      .as(buyer.token)
      .post('/pay-now', { payment_id: paymentId, order_id: order.order_id, signature });
    expect(payNow.statusCode).toBe(400);
    t.clock.advance(20 * 60_000);
    await reconcilePendingPurchases(t.app.ctx);

    const [row] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, order.purchase_id));
    expect(row).toMatchObject({ status: 'refunded', paidAt: null, providerPaymentId: paymentId });
    expect(await owns(buyer, course.id)).toBe(false);
    expect(await commissionOf(order.purchase_id)).toEqual([]);
    expect(await ledgerOf(t.app, referrer.id)).toEqual([]);
    const [invoice] = await t.app.ctx.db.select().from(invoices).where(eq(invoices.purchaseId, order.purchase_id));
    expect(invoice).toBeUndefined();
    expect(lost.warnings).toEqual([
      'dispute lost on a payment not yet confirmed: the purchase is closed and will never be confirmed',
    ]);
    expect(await auditOf(order.purchase_id)).toEqual([
      {
        action: 'purchase.dispute_lost_unconfirmed',
        actorId: null,
        after: {
          status: 'refunded',
          source: 'dispute lost',
          deducted: 399,
          dispute_id: disputeId,
          payment_id: paymentId,
          payment_amount: 399,
          order_id: order.order_id,
        },
      },
    ]);
    // The bank gave all of it back: nothing refunded at Razorpay on top of it.
    expect(rzp.refunds.filter((r) => r.payment_id === paymentId)).toEqual([]);
    expect(await claimOf(paymentId)).toMatchObject({ refund_id: disputeId, reason: 'dispute lost before confirmed' });
    // The same dispute again under another event id: not a dispute lost after a refund.
    expect((await webhook(rzp.webhook('payment.dispute.lost', paymentId))).json().data.outcome).toBe('ignored');
    expect((await auditOf(order.purchase_id)).map((a) => a.action)).toEqual(['purchase.dispute_lost_unconfirmed']);
    await expectBooksBalanced(t);

    // The register: the payment, which bought nothing, and what took it back.
    const today = isoDay(dayNumber(t.app.ctx.now()));
    const register = await t.client.as(admin.token).get(`/admin/reports/provider?from=${today}&to=${today}`);
    const [header, ...lines] = parse(register.body as string, { bom: true, relax_column_count: true }) as string[][];
    const of = (name: string) => header!.indexOf(name);
    expect(
      lines
        .filter((line) => line[of('Payment id')] === paymentId)
        .map((line) => [line[of('Event')], line[of('Amount (₹)')], line[of('Refund or dispute id')]]),
    ).toEqual([
      ['Payment that bought nothing', '399.00', ''],
      ['Refund of a payment that bought nothing', '-399.00', disputeId],
    ]);
  });

  it('ATTACK: a chargeback lost for a part on a purchase still pending gives the rest back, and the reconciler does not confirm it', async () => {
    const { buyer } = await referredBuyer();
    const course = await createCourse(t.app, { pricePaise: 39_900 });
    const checkout = await t.client.as(buyer.token).post('/checkout', { course_id: course.id });
    const order = checkout.body.data as { purchase_id: number; order_id: string };
    const { paymentId } = rzp.capture(order.order_id);

    rzp.loseDispute(paymentId, 39_800);
    expect((await webhook(rzp.webhook('payment.dispute.lost', paymentId))).json().data.outcome).toBe('processed');

    // Razorpay still reports the payment captured (a part refunded): the reconciler would have confirmed it.
    t.clock.advance(20 * 60_000);
    await reconcilePendingPurchases(t.app.ctx);
    expect(await statusOf(order.purchase_id)).toBe('refunded');
    expect(await owns(buyer, course.id)).toBe(false);
    expect(await commissionOf(order.purchase_id)).toEqual([]);
    // ₹398 by the bank, the ₹1 rest refunded: the payer has all of it back.
    expect(rzp.refunds.filter((r) => r.payment_id === paymentId).map((r) => r.amount)).toEqual([100]);
    expect((await auditOf(order.purchase_id)).at(-1)).toMatchObject({
      action: 'purchase.dispute_lost_unconfirmed',
      after: { deducted: 398, payment_amount: 399, rest_refund_id: rzp.refunds.at(-1)!.id },
    });
    // The rest's own refund event changes nothing.
    expect((await webhook(rzp.webhook('refund.processed', paymentId))).json().data.outcome).toBe('ignored');
    await expectBooksBalanced(t);
  });

  /**
   * Runs `between` once, just before the next transaction on the app's database begins (then the transaction as it
   * would have run): what another request does between a service's unlocked read and its locked one, without timing.
   */
  const beforeNextTransaction = (between: () => Promise<void>) => {
    const db = t.app.ctx.db;
    const transaction = db.transaction;
    db.transaction = (async (...args: Parameters<typeof transaction>) => {
      db.transaction = transaction;
      await between();
      return transaction.apply(db, args);
    }) as typeof transaction;
  };

  it('ATTACK: a chargeback lost for a part while /pay-now confirms the purchase still gives the rest back', async () => {
    // The dispute's event read the purchase pending (no rest to claim: the payment bought nothing), then /pay-now
    // confirmed it before the event locked it: refunded as paid, the ₹1 the bank did not take stayed with the business.
    const { referrer, buyer } = await referredBuyer();
    const course = await createCourse(t.app, { pricePaise: 39_900 });
    const checkout = await t.client.as(buyer.token).post('/checkout', { course_id: course.id });
    const order = checkout.body.data as { purchase_id: number; order_id: string };
    const { paymentId, signature } = rzp.capture(order.order_id);
    const disputeId = rzp.loseDispute(paymentId, 39_800);

    beforeNextTransaction(async () => {
      const paid = await t.client
        .as(buyer.token)
        .post('/pay-now', { payment_id: paymentId, order_id: order.order_id, signature });
      expect(paid.statusCode).toBe(200);
    });
    const lost = await webhookLogged(rzp.webhook('payment.dispute.lost', paymentId));
    expect(lost.outcome).toBe('processed');

    expect(await statusOf(order.purchase_id)).toBe('refunded');
    expect(await owns(buyer, course.id)).toBe(false);
    expect(await commissionOf(order.purchase_id)).toEqual(['Rejected']);
    expect((await ledgerOf(t.app, referrer.id)).map((e) => e.status)).toEqual(['Rejected']);
    // ₹398 by the bank, the ₹1 rest refunded at Razorpay: the payer has all of it back, as the credit note says.
    expect(rzp.refunds.filter((r) => r.payment_id === paymentId).map((r) => r.amount)).toEqual([100]);
    expect((await auditOf(order.purchase_id)).at(-1)).toMatchObject({
      action: 'purchase.refund',
      after: { source: 'dispute lost', dispute_id: disputeId, returned: 398, rest_refund_id: rzp.refunds.at(-1)!.id },
    });
    expect(await claimOf(paymentId)).toMatchObject({
      reason: 'the rest after a dispute lost',
      refund_id: rzp.refunds.at(-1)!.id,
    });
    expect(await creditNotesOf(order.purchase_id)).toBe(1);
    await expectBooksBalanced(t);
  });

  it('ATTACK: the claim on the rest, dropped before the event locks the purchase (by the attempt that made it), is claimed again and the rest refunded', async () => {
    // The console's Refund claimed the payment, the dispute's event took that claim over, then the Refund, refused
    // while the dispute was open, dropped it: the event's transaction found no claim and the ₹1 stayed unrefunded.
    const { buyer } = await referredBuyer();
    const bought = await buy(buyer, 39_900);
    rzp.loseDispute(bought.paymentId, 39_800);
    beforeNextTransaction(async () => {
      await t.app.ctx.db.delete(paymentEvents).where(eq(paymentEvents.eventId, `refund:${bought.paymentId}`));
    });
    const lost = await webhookLogged(rzp.webhook('payment.dispute.lost', bought.paymentId));
    expect(lost.outcome).toBe('processed');
    expect(await statusOf(bought.purchaseId)).toBe('refunded');
    expect(rzp.refunds.filter((r) => r.payment_id === bought.paymentId).map((r) => r.amount)).toEqual([100]);
    expect((await auditOf(bought.purchaseId)).at(-1)).toMatchObject({
      action: 'purchase.refund',
      after: { rest_refund_id: rzp.refunds.at(-1)!.id },
    });
    await expectBooksBalanced(t);
  });

  it("ATTACK: an earlier phase's win delivered late (Razorpay retries for hours) does not end the later phase's dispute", async () => {
    const { buyer } = await referredBuyer();
    const bought = await buy(buyer, 39_900);
    const disputeId = rzp.openDispute(bought.paymentId);
    await webhook(rzp.webhook('payment.dispute.created', bought.paymentId));
    rzp.endDispute(bought.paymentId, 'won');
    // The chargeback's win: its first delivery failed, Razorpay delivers it again later.
    const lateWon = rzp.webhook('payment.dispute.won', bought.paymentId);
    rzp.reopenDispute(bought.paymentId, 'pre_arbitration');
    await webhook(rzp.webhook('payment.dispute.created', bought.paymentId));
    expect((await webhook(lateWon)).json().data.outcome).toBe('processed');
    expect((await consoleRow(buyer, bought.purchaseId)).open_dispute_id).toBe(disputeId);
    const refused = await consoleRefund(bought.purchaseId);
    expect([refused.statusCode, refused.body.message]).toEqual([400, adminMessages.disputeOpen]);
    expect(rzp.refunds.filter((r) => r.payment_id === bought.paymentId)).toEqual([]);
  });

  it('a dispute lost before its created event is delivered is not shown open', async () => {
    const { buyer } = await referredBuyer();
    const bought = await buy(buyer, 39_900);
    rzp.loseDispute(bought.paymentId);
    await webhook(rzp.webhook('payment.dispute.lost', bought.paymentId));
    await webhook(rzp.webhook('payment.dispute.created', bought.paymentId));
    expect(await statusOf(bought.purchaseId)).toBe('refunded');
    expect((await consoleRow(buyer, bought.purchaseId)).open_dispute_id).toBeNull();
  });

  it("ATTACK: a dispute won and opened again in a later phase (pre-arbitration) stops the console's Refund again", async () => {
    // Razorpay sends payment.dispute.created again under the same dispute id when the bank takes a chargeback the
    // merchant won to pre-arbitration: while that phase is live, a refund would pay the parent twice if it is lost.
    const { buyer } = await referredBuyer();
    const bought = await buy(buyer, 39_900);
    const disputeId = rzp.openDispute(bought.paymentId);
    await webhook(rzp.webhook('payment.dispute.created', bought.paymentId));
    rzp.endDispute(bought.paymentId, 'won');
    expect((await webhook(rzp.webhook('payment.dispute.won', bought.paymentId))).json().data.outcome).toBe('processed');
    expect((await consoleRow(buyer, bought.purchaseId)).open_dispute_id).toBeNull();

    expect(rzp.reopenDispute(bought.paymentId, 'pre_arbitration')).toBe(disputeId);
    expect((await webhook(rzp.webhook('payment.dispute.created', bought.paymentId))).json().data.outcome).toBe(
      'processed',
    );
    expect((await consoleRow(buyer, bought.purchaseId)).open_dispute_id).toBe(disputeId);
    const refused = await consoleRefund(bought.purchaseId);
    expect(refused.statusCode).toBe(400);
    expect(refused.body.message).toBe(adminMessages.disputeOpen);
    expect(rzp.refunds.filter((r) => r.payment_id === bought.paymentId)).toEqual([]);
    expect(await statusOf(bought.purchaseId)).toBe('paid');
    // The same phase delivered again under another event id: recorded once.
    expect((await webhook(rzp.webhook('payment.dispute.created', bought.paymentId))).json().data.outcome).toBe(
      'ignored',
    );

    // Won again: the Refund is allowed.
    rzp.endDispute(bought.paymentId, 'won');
    expect((await webhook(rzp.webhook('payment.dispute.won', bought.paymentId))).json().data.outcome).toBe('processed');
    expect((await auditOf(bought.purchaseId)).map((a) => [a.action, (a.after as { phase?: string }).phase])).toEqual([
      ['payment.dispute_opened', 'chargeback'],
      ['payment.dispute_won', 'chargeback'],
      ['payment.dispute_opened', 'pre_arbitration'],
      ['payment.dispute_won', 'pre_arbitration'],
    ]);
    const refunded = await consoleRefund(bought.purchaseId);
    expect(refunded.statusCode, JSON.stringify(refunded.body)).toBe(200);
    expect(rzp.refunds.filter((r) => r.payment_id === bought.paymentId).map((r) => r.amount)).toEqual([39_900]);
    await expectBooksBalanced(t);
  });

  it("ATTACK: a dispute won at Razorpay whose event never came is asked of Razorpay: the console's Refund goes on, and only then", async () => {
    // Opened before this server recorded won/closed events (or the webhook not subscribed to them): the opened row had
    // no ending, and the console's Refund was refused for good.
    const { buyer } = await referredBuyer();
    const won = await buy(buyer, 39_900);
    const wonId = rzp.openDispute(won.paymentId);
    await webhook(rzp.webhook('payment.dispute.created', won.paymentId));
    rzp.endDispute(won.paymentId, 'won');
    const refunded = await consoleRefund(won.purchaseId);
    expect(refunded.statusCode, JSON.stringify(refunded.body)).toBe(200);
    expect(rzp.requests).toContainEqual({ method: 'GET', path: `/v1/disputes/${wonId}`, authorized: true });
    expect(rzp.refunds.filter((r) => r.payment_id === won.paymentId).map((r) => r.amount)).toEqual([39_900]);
    // Recorded as its event would have: the won row, then the refund.
    const rows = await auditOf(won.purchaseId);
    expect(rows.map((a) => a.action)).toEqual(['payment.dispute_opened', 'payment.dispute_won', 'purchase.refund']);
    expect(rows[1]).toEqual(wonRow(won, wonId));
    // Its event, come late: recorded already.
    expect((await webhook(rzp.webhook('payment.dispute.won', won.paymentId))).json().data.outcome).toBe('ignored');

    // Still open at Razorpay, or Razorpay not answering: refused, as before.
    for (const standing of ['open', 'down'] as const) {
      const bought = await buy(buyer, 39_900);
      rzp.openDispute(bought.paymentId);
      await webhook(rzp.webhook('payment.dispute.created', bought.paymentId));
      rzp.isDown = standing === 'down';
      const refused = await consoleRefund(bought.purchaseId).finally(() => (rzp.isDown = false));
      expect(refused.statusCode, standing).toBe(400);
      expect(refused.body.message, standing).toBe(adminMessages.disputeOpen);
      expect(
        rzp.refunds.filter((r) => r.payment_id === bought.paymentId),
        standing,
      ).toEqual([]);
      expect(await statusOf(bought.purchaseId), standing).toBe('paid');
      expect(
        (await auditOf(bought.purchaseId)).map((a) => a.action),
        standing,
      ).toEqual(['payment.dispute_opened']);
      expect(await claimOf(bought.paymentId), standing).toBeUndefined();
    }
    await expectBooksBalanced(t);
  });

  it("ATTACK: a dispute lost at Razorpay whose event never came is recorded when the console's Refund asks: no second refund, the commission goes", async () => {
    // Razorpay retries a webhook for a day: a lost event left the chargeback unrecorded, the course open, the
    // referrer's commission withdrawable, and the operator's Refund refused as "dispute open" for good.
    const { referrer, buyer } = await referredBuyer();
    const bought = await buy(buyer, 39_900);
    const disputeId = rzp.openDispute(bought.paymentId);
    await webhook(rzp.webhook('payment.dispute.created', bought.paymentId));
    rzp.loseDispute(bought.paymentId);
    expect(await commissionOf(bought.purchaseId)).toEqual(['Pending']);

    const clicked = await consoleRefund(bought.purchaseId);
    expect(clicked.statusCode).toBe(400);
    expect(clicked.body.message).toBe(adminMessages.alreadyRefunded);
    // Refunded by the dispute, as its event would have: nothing asked of Razorpay's refunds, the chargeback took it all.
    expect(rzp.refunds.filter((r) => r.payment_id === bought.paymentId)).toEqual([]);
    expect(await statusOf(bought.purchaseId)).toBe('refunded');
    expect(await owns(buyer, bought.courseId)).toBe(false);
    expect(await commissionOf(bought.purchaseId)).toEqual(['Rejected']);
    expect((await ledgerOf(t.app, referrer.id)).filter((e) => e.status !== 'Rejected')).toEqual([]);
    expect((await auditOf(bought.purchaseId)).map((a) => a.action)).toEqual([
      'payment.dispute_opened',
      'purchase.refund',
    ]);
    expect((await auditOf(bought.purchaseId)).at(-1)).toMatchObject({
      actorId: null,
      after: { status: 'refunded', source: 'dispute lost', dispute_id: disputeId },
    });
    // Its event, come after all: recorded already.
    expect((await webhook(rzp.webhook('payment.dispute.lost', bought.paymentId))).json().data.outcome).toBe('ignored');
    expect(await creditNotesOf(bought.purchaseId)).toBe(1);
    await expectBooksBalanced(t);
  });

  it('ATTACK: the daily dispute check records what Razorpay says of every dispute open here: won, lost for a part, still open', async () => {
    const run = { id: 'test', retryCount: 0, retryLimit: 0, log: { info: () => {}, warn: () => {}, error: () => {} } };
    const check = () => disputeCheckJob.handler(t.app.ctx, {}, run);
    // Disputes earlier tests left open at Razorpay are asked about too; these are the ones this test adds.
    const leftOpen = new Set((await disputesOpenHere(t.app.ctx.db, 100)).map((d) => d.purchaseId));
    const openHere = async () => (await disputesOpenHere(t.app.ctx.db, 100)).filter((d) => !leftOpen.has(d.purchaseId));
    const asks = (from: number) =>
      rzp.requests.slice(from).filter((r) => r.path.startsWith('/v1/disputes/')).length - leftOpen.size;

    const { referrer, buyer } = await referredBuyer();
    const [won, lost, open, unanswered] = [
      await buy(buyer, 39_900),
      await buy(buyer, 39_900),
      await buy(buyer, 39_900),
      await buy(buyer, 39_900),
    ];
    for (const b of [won, lost, open, unanswered]) {
      rzp.openDispute(b.paymentId);
      await webhook(rzp.webhook('payment.dispute.created', b.paymentId));
    }
    rzp.endDispute(won.paymentId, 'won');
    rzp.loseDispute(lost.paymentId, 39_800);
    expect((await openHere()).map((d) => d.purchaseId)).toEqual([won, lost, open, unanswered].map((b) => b.purchaseId));

    const asked = rzp.requests.length;
    // Razorpay fails on the last one only: the others are recorded all the same.
    const fetchDispute = t.app.ctx.payments.fetchDispute.bind(t.app.ctx.payments);
    const unansweredId = (await openHere()).at(-1)!.disputeId;
    t.app.ctx.payments.fetchDispute = async (id) => {
      rzp.isDown = id === unansweredId;
      try {
        return await fetchDispute(id);
      } finally {
        rzp.isDown = false;
      }
    };
    try {
      await check();
    } finally {
      t.app.ctx.payments.fetchDispute = fetchDispute;
    }
    expect(asks(asked)).toBe(4);

    expect((await auditOf(won.purchaseId)).map((a) => a.action)).toEqual([
      'payment.dispute_opened',
      'payment.dispute_won',
    ]);
    expect(await statusOf(won.purchaseId)).toBe('paid');
    // Lost for ₹398 of ₹399: refunded, the rest (₹1) given back at Razorpay, the commission taken back.
    expect(await statusOf(lost.purchaseId)).toBe('refunded');
    expect(rzp.refunds.filter((r) => r.payment_id === lost.paymentId).map((r) => r.amount)).toEqual([100]);
    expect(await commissionOf(lost.purchaseId)).toEqual(['Rejected']);
    expect(await commissionOf(won.purchaseId)).toEqual(['Pending']);
    for (const b of [open, unanswered]) {
      expect(await statusOf(b.purchaseId)).toBe('paid');
      expect((await auditOf(b.purchaseId)).map((a) => a.action)).toEqual(['payment.dispute_opened']);
    }
    expect((await openHere()).map((d) => d.purchaseId)).toEqual([open.purchaseId, unanswered.purchaseId]);
    // The next day: asked again, only those two; lost and won events come late and change nothing.
    const before = rzp.requests.length;
    await check();
    expect(asks(before)).toBe(2);
    expect((await webhook(rzp.webhook('payment.dispute.lost', lost.paymentId))).json().data.outcome).toBe('ignored');
    expect((await ledgerOf(t.app, referrer.id)).filter((e) => e.status !== 'Rejected')).toHaveLength(3);
    await expectBooksBalanced(t);
  });

  it("a dispute's won event delivered before its created event leaves it ended (the phase's events out of order)", async () => {
    const { buyer } = await referredBuyer();
    const bought = await buy(buyer, 39_900);
    rzp.openDispute(bought.paymentId);
    rzp.endDispute(bought.paymentId, 'won');
    await webhook(rzp.webhook('payment.dispute.won', bought.paymentId));
    await webhook(rzp.webhook('payment.dispute.created', bought.paymentId));
    expect((await auditOf(bought.purchaseId)).map((a) => a.action)).toEqual([
      'payment.dispute_won',
      'payment.dispute_opened',
    ]);
    expect((await consoleRow(buyer, bought.purchaseId)).open_dispute_id).toBeNull();
    rzp.isDown = true;
    const refunded = await consoleRefund(bought.purchaseId).finally(() => (rzp.isDown = false));
    expect(refunded.statusCode).toBe(400);
    expect(refunded.body.message).not.toBe(adminMessages.disputeOpen);
  });
});
