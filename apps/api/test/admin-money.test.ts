import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  courses,
  devMailbox,
  invoices,
  paymentEvents,
  purchases,
  sandboxPayments,
  users,
  walletTransactions,
  withdrawalAccounts,
  withdrawalPayoutTakeovers,
} from '@app/db';
import { hmacHex } from '../src/lib/crypto.ts';
import { createLearner, type Learner } from './fixtures.ts';
import { lockWaits, waitFor } from './helpers.ts';
import { createCourse } from './catalogue-fixtures.ts';
import { fundWithBank, ledgerOf, payPurchase, validBank, walletOf } from './wallet-fixtures.ts';
import { auditOf, buyThroughSandbox, createAdmin, setUpAdminTestApp } from './admin-fixtures.ts';
import { createMinor, giveConsentByEmail } from './consent-fixtures.ts';
import { migrationStatements, runStatements } from './migration-statements.ts';

describe('admin money: purchases and refunds', () => {
  const t = setUpAdminTestApp();

  const refundedAtProvider = async (paymentId: string) =>
    (await t.app.ctx.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId)))[0]!
      .amountRefundedPaise;

  it('refunds a paid purchase through the provider, reverses the commission, closes the course, audited', async () => {
    const referrer = await createLearner(t.app);
    const buyer = await createLearner(t.app, { referrerId: referrer.id });
    const { purchaseId, paymentId, courseId } = await buyThroughSandbox(t, buyer, 49_900);
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 4_990, points: 0 });

    const listed = await t.as().get(`/admin/purchases?status=paid&user=${encodeURIComponent(buyer.email)}`);
    expect(listed.body.data.data).toEqual([
      expect.objectContaining({
        id: purchaseId,
        status: 'paid',
        amount: 499,
        price: 499,
        discount: 0,
        payment_id: paymentId,
        provider: 'sandbox',
        user: { id: buyer.id, name: 'Test Learner', email: buyer.email },
        item: expect.objectContaining({ type: 'course', id: courseId }),
      }),
    ]);

    const res = await t.as().post(`/admin/purchases/${purchaseId}/refund`);
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe('Purchase refunded.');
    expect(res.body.data).toMatchObject({
      purchase: { id: purchaseId, status: 'refunded', refunded_at: expect.any(String) },
      refund_id: expect.stringMatching(/^rfnd_/),
      commission_reversed: 49.9,
      commission_shortfall: 0,
    });
    expect(await refundedAtProvider(paymentId)).toBe(49_900);
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 0, points: 0 });
    expect((await ledgerOf(t.app, referrer.id)).map((e) => [e.method, e.amountPaise])).toEqual([
      ['Referral Commission', 4_990],
      ['Commission Reversal', -4_990],
    ]);
    // The learner no longer owns the course.
    expect((await t.client.as(buyer.token).get(`/terms/${courseId}`)).statusCode).toBe(403);

    const [audit] = await auditOf(t.app, 'purchases', purchaseId);
    expect(audit).toMatchObject({
      actorId: t.admin.id,
      action: 'purchase.refund',
      before: { status: 'paid', amount: 499 },
      after: { status: 'refunded', commission_reversed: 49.9, refund_id: res.body.data.refund_id },
    });

    const again = await t.as().post(`/admin/purchases/${purchaseId}/refund`);
    expect(again.body).toEqual({ status: false, message: 'This purchase is already refunded.' });
    expect(await refundedAtProvider(paymentId)).toBe(49_900);
    expect(
      (await t.as().get('/admin/purchases?status=refunded')).body.data.data.map((p: { id: number }) => p.id),
    ).toContain(purchaseId);
  });

  const mailsTo = (to: string) =>
    t.app.ctx.db.select().from(devMailbox).where(eq(devMailbox.to, to)).orderBy(devMailbox.id);
  const creditNoteOf = async (purchaseId: number) =>
    (
      await t.app.ctx.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.purchaseId, purchaseId), eq(invoices.kind, 'credit_note')))
    )[0]!;

  it('tells the buyer of the refund: what, how much goes back and how, the course closed, the credit note', async () => {
    const buyer = await createLearner(t.app);
    const { purchaseId, paymentId, courseId } = await buyThroughSandbox(t, buyer, 49_900);
    const before = (await mailsTo(buyer.email)).length;
    expect((await t.as().post(`/admin/purchases/${purchaseId}/refund`)).statusCode).toBe(200);

    const mails = (await mailsTo(buyer.email)).slice(before);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const [course] = await t.app.ctx.db.select().from(courses).where(eq(courses.id, courseId));
    const creditNote = await creditNoteOf(purchaseId);
    expect(mail!.subject).toBe(`Live Connect: refund for ${course!.name}`);
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain('We have refunded your payment for');
      expect(part).toContain('closed to you from now on');
      expect(part).toContain('₹499.00');
      expect(part).toContain('goes back to the card, UPI or bank account it was paid with');
      expect(part).toContain(paymentId);
      expect(part).toContain(creditNote.number);
      expect(part).toContain('credit note for this refund is attached');
    }
    // Nothing was earned on it, so nothing is said of Quiz Points.
    expect(mail!.text).not.toContain('Quiz Points');

    // A free enrolment refunded: nothing was paid and nothing goes back, so, as it got no receipt, it gets no notice.
    const freeId = await payPurchase(t.app, buyer.id, 0);
    expect((await t.as().post(`/admin/purchases/${freeId}/refund`)).statusCode).toBe(200);
    expect(await mailsTo(buyer.email)).toHaveLength(before + 1);
  });

  it("copies the refund notice to a minor's guardian who answered, in the child's language; never to one who has not", async () => {
    const child = await createMinor(t);
    await t.app.ctx.db.update(users).set({ language: 'hi', firstName: 'अनन्या' }).where(eq(users.id, child.id));
    const guardian = `guardian-${child.id}@example.com`;
    const token = await giveConsentByEmail(t, child, guardian);
    const [first, second, third] = [
      await buyThroughSandbox(t, child, 30_000),
      await buyThroughSandbox(t, child, 20_000),
      await buyThroughSandbox(t, child, 10_000),
    ];
    const refundsTo = async (to: string) => (await mailsTo(to)).filter((m) => m.subject.includes('रिफ़ंड'));

    expect((await t.as().post(`/admin/purchases/${first!.purchaseId}/refund`)).statusCode).toBe(200);
    const [copy] = await refundsTo(guardian);
    expect(copy!.text).toContain('नमस्ते Meera Nair,');
    expect(copy!.text).toContain('अनन्या Learner के खाते से');
    expect(copy!.text).toContain('₹300.00');
    expect(copy!.text).toContain((await creditNoteOf(first!.purchaseId)).number);
    const [notice] = await refundsTo(child.email);
    expect(notice!.text).toContain('नमस्ते अनन्या,');

    // A guardian who has withdrawn consent since is still the one on record who agreed to the payment (their page
    // still lists the child's purchases): told too.
    expect((await t.client.as(undefined).post(`/guardian/consent/${token}/withdraw`)).statusCode).toBe(200);
    expect((await t.as().post(`/admin/purchases/${second!.purchaseId}/refund`)).statusCode).toBe(200);
    expect(await refundsTo(guardian)).toHaveLength(2);

    // ATTACK: on a written request the operator names another guardian, who has not answered: a stranger to the
    // child's purchases until they do (their page shows none), so a refund is not mailed to them, nor to the guardian
    // no longer on record.
    const stranger = `stranger-${child.id}@example.com`;
    const named = await t
      .as()
      .post(`/admin/users/${child.id}/guardian`, { guardian_name: 'Ravi', channel: 'email', guardian_email: stranger });
    expect(named.statusCode, JSON.stringify(named.body)).toBe(200);
    expect((await t.as().post(`/admin/purchases/${third!.purchaseId}/refund`)).statusCode).toBe(200);
    expect(await mailsTo(stranger)).toHaveLength(1);
    expect(await refundsTo(stranger)).toEqual([]);
    expect(await refundsTo(guardian)).toHaveLength(2);
    expect(await refundsTo(child.email)).toHaveLength(3);
  });

  it('refunds once when two operators click at the same time: one provider call, one reversal', async () => {
    const referrer = await createLearner(t.app);
    const buyer = await createLearner(t.app, { referrerId: referrer.id });
    const { purchaseId, paymentId } = await buyThroughSandbox(t, buyer, 100_000);
    const refund = vi.spyOn(t.app.ctx.payments, 'refund');
    try {
      const results = await Promise.all([1, 2, 3].map(() => t.as().post(`/admin/purchases/${purchaseId}/refund`)));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
      for (const r of results.filter((x) => x.statusCode === 400)) {
        expect(['This purchase is already refunded.', 'A refund of this purchase is already in progress.']).toContain(
          r.body.message,
        );
      }
      expect(refund).toHaveBeenCalledTimes(1);
    } finally {
      refund.mockRestore();
    }
    expect(await refundedAtProvider(paymentId)).toBe(100_000);
    expect((await ledgerOf(t.app, referrer.id)).filter((e) => e.method === 'Commission Reversal')).toHaveLength(1);
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 0, points: 0 });
    expect((await auditOf(t.app, 'purchases', purchaseId)).filter((a) => a.action === 'purchase.refund')).toHaveLength(
      1,
    );
  });

  it('changes nothing when the provider refuses, and lets a later try go through', async () => {
    const referrer = await createLearner(t.app);
    const buyer = await createLearner(t.app, { referrerId: referrer.id });
    const { purchaseId, paymentId } = await buyThroughSandbox(t, buyer, 20_000);
    // The provider refuses, with nothing given back (money given back already is recorded instead: decision 051,
    // abuse/provider-refunds.test.ts). The sandbox refuses to refund a payment that is not captured.
    await t.app.ctx.db.update(sandboxPayments).set({ status: 'failed' }).where(eq(sandboxPayments.id, paymentId));
    const refused = await t.as().post(`/admin/purchases/${purchaseId}/refund`);
    expect(refused.body).toEqual({
      status: false,
      message: 'The payment provider refused the refund. Nothing was changed; please try again later.',
    });
    const [row] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, purchaseId));
    expect(row!.status).toBe('paid');
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 2_000, points: 0 });
    expect(await auditOf(t.app, 'purchases', purchaseId)).toEqual([]);
    expect(
      await t.app.ctx.db
        .select()
        .from(paymentEvents)
        .where(and(eq(paymentEvents.eventId, `refund:${paymentId}`))),
    ).toEqual([]);

    await t.app.ctx.db.update(sandboxPayments).set({ status: 'captured' }).where(eq(sandboxPayments.id, paymentId));
    expect((await t.as().post(`/admin/purchases/${purchaseId}/refund`)).statusCode).toBe(200);
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 0, points: 0 });
  });

  it('refunds only paid purchases; a free one needs no provider call', async () => {
    const buyer = await createLearner(t.app);
    const course = await createCourse(t.app, { pricePaise: 30_000 });
    const pending = await t.client.as(buyer.token).post('/checkout', { course_id: course.id });
    const notPaid = await t.as().post(`/admin/purchases/${pending.body.data.purchase_id}/refund`);
    expect(notPaid.body).toEqual({ status: false, message: 'Only a paid purchase can be refunded.' });
    expect((await t.as().post('/admin/purchases/999999/refund')).statusCode).toBe(404);
    expect((await t.as().post('/admin/purchases/abc/refund')).statusCode).toBe(422);

    const freeId = await payPurchase(t.app, buyer.id, 0);
    const free = await t.as().post(`/admin/purchases/${freeId}/refund`);
    expect(free.statusCode).toBe(200);
    expect(free.body.data).toMatchObject({ refund_id: null, commission_reversed: 0, purchase: { status: 'refunded' } });
    expect((await t.as().get('/admin/purchases?status=nope')).statusCode).toBe(422);
  });
});

describe('admin money: withdrawals and ledgers', () => {
  const t = setUpAdminTestApp();

  /** A learner with these bank details on file. */
  const learnerWithBank = async (bank: typeof validBank = validBank) => {
    const learner = await createLearner(t.app);
    expect((await t.client.as(learner.token).post('/bank-details', bank)).statusCode).toBe(200);
    return learner;
  };
  /** A learner with ₹500 and bank details who asked to withdraw `amount` rupees. */
  const pendingWithdrawal = async (amount = 200, bank: typeof validBank = validBank) => {
    const learner = await createLearner(t.app);
    await fundWithBank(t, learner, bank);
    const res = await t.client.as(learner.token).post('/withdraw', { amount });
    expect(res.statusCode).toBe(200);
    const [entry] = await t.app.ctx.db
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.userId, learner.id), eq(walletTransactions.method, 'Withdraw')));
    return { learner, id: entry!.id };
  };
  const entriesOf = (userId: number, method: string) =>
    t.app.ctx.db
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.method, method)));

  it('lists pending withdrawals with masked bank details; the full account number is shown on one, audited', async () => {
    const { learner, id } = await pendingWithdrawal();
    const list = await t.as().get('/admin/withdrawals?status=Pending');
    const row = list.body.data.data.find((w: { id: number }) => w.id === id);
    expect(row).toMatchObject({
      amount: 200,
      status: 'Pending',
      bank_reference: null,
      user: { id: learner.id },
      bank: { account_number: '********9012', ifsc_code: 'SBIN0001234', bank_name: 'State Bank of India' },
    });
    const one = await t.as().get(`/admin/withdrawals/${id}`);
    expect(one.body.data.bank.account_number).toBe('123456789012');
    expect(await auditOf(t.app, 'bank_details', learner.id)).toEqual([
      expect.objectContaining({ action: 'bank_details.view', actorId: t.admin.id }),
    ]);
  });

  it('pays the account named when the learner asked: bank details changed afterwards do not move the money', async () => {
    const { learner, id } = await pendingWithdrawal();
    // Someone holding the learner's session (or the learner, after asking) gives another account.
    const other = {
      ...validBank,
      full_name: 'Someone Else',
      bank_name: 'HDFC Bank',
      account_number: '999988887777',
      ifsc_code: 'HDFC0000001',
    };
    expect((await t.client.as(learner.token).post('/bank-details', other)).statusCode).toBe(200);

    const listed = (await t.as().get('/admin/withdrawals?status=Pending')).body.data.data.find(
      (w: { id: number }) => w.id === id,
    );
    expect(listed.bank).toMatchObject({
      full_name: 'Asha Rao',
      bank_name: 'State Bank of India',
      account_number: '********9012',
    });
    const one = (await t.as().get(`/admin/withdrawals/${id}`)).body.data;
    expect(one.bank).toEqual({
      full_name: 'Asha Rao',
      bank_name: 'State Bank of India',
      bank_branch: 'Kochi Main',
      account_number: '123456789012',
      ifsc_code: 'SBIN0001234',
    });
    expect(one.description).toBe('Withdrawal to State Bank of India account ending 9012');
    const done = await t.as().post(`/admin/withdrawals/${id}/settle`, { status: 'Done', bank_reference: 'UTR777' });
    expect(done.body.data.withdrawal.bank.account_number).toBe('********9012');

    // A withdrawal asked for now goes to the new account.
    await t.client.as(learner.token).post('/withdraw', { amount: 100 });
    const next = (await t.as().get('/admin/withdrawals?status=Pending')).body.data.data.find(
      (w: { user: { id: number } }) => w.user.id === learner.id,
    );
    expect(next.bank).toMatchObject({
      bank_name: 'HDFC Bank',
      account_number: '********7777',
      ifsc_code: 'HDFC0000001',
    });
  });

  it('settles as Done with the bank reference, once', async () => {
    const { learner, id } = await pendingWithdrawal();
    const done = await t.as().post(`/admin/withdrawals/${id}/settle`, { status: 'Done', bank_reference: 'UTR123456' });
    expect(done.statusCode).toBe(200);
    expect(done.body.data).toMatchObject({
      withdrawal: { id, status: 'Done', bank_reference: 'UTR123456', settled_at: expect.any(String) },
      reversal_transaction_id: null,
    });
    expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 30_000, points: 0 });
    const again = await t.as().post(`/admin/withdrawals/${id}/settle`, { status: 'Rejected', reason: 'oops' });
    expect(again.body).toEqual({ status: false, message: 'Already settled' });
    const tx = await t.client.as(learner.token).get('/transactions');
    expect(tx.body.data.transactions.find((e: { method: string }) => e.method === 'Withdraw').status).toBe('Done');
    const [audit] = await auditOf(t.app, 'wallet_transactions', id);
    expect(audit).toMatchObject({
      action: 'withdrawal.settle',
      before: { status: 'Pending' },
      after: { status: 'Done', bank_reference: 'UTR123456' },
    });
  });

  it('Rejected returns the amount to the wallet through a Withdraw Reversal', async () => {
    const { learner, id } = await pendingWithdrawal(150);
    expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 35_000, points: 0 });
    const res = await t.as().post(`/admin/withdrawals/${id}/settle`, {
      status: 'Rejected',
      reason: 'Account name does not match',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.data.withdrawal).toMatchObject({
      status: 'Rejected',
      description: expect.stringMatching(/account ending \d{4}; Rejected: Account name does not match$/),
    });
    expect(res.body.data.reversal_transaction_id).toMatch(/^TX/);
    expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 50_000, points: 0 });
    const reversals = await entriesOf(learner.id, 'Withdraw Reversal');
    expect(reversals).toEqual([
      expect.objectContaining({
        amountPaise: 15_000,
        status: 'Done',
        transactionId: res.body.data.reversal_transaction_id,
      }),
    ]);
    // The money is the learner's again: they can withdraw it.
    expect((await t.client.as(learner.token).post('/withdraw', { amount: 500 })).statusCode).toBe(200);
  });

  it('ATTACK: a withdrawal one operator has started paying cannot be paid or rejected by another; the one paying can', async () => {
    const { learner, id } = await pendingWithdrawal(200);
    const started = await t.as().post(`/admin/withdrawals/${id}/payout`);
    expect(started.statusCode).toBe(200);
    expect(started.body).toMatchObject({
      message: 'Payment started: this withdrawal is yours to settle.',
      data: { payout: { started_by: { id: t.admin.id }, started_at: expect.any(String) } },
    });
    // Opening it again (the dialog reopened) changes nothing; the list shows who is paying.
    expect((await t.as().post(`/admin/withdrawals/${id}/payout`)).body.data.payout).toEqual(started.body.data.payout);
    const listed = (await t.as().get('/admin/withdrawals?status=Pending')).body.data.data.find(
      (w: { id: number }) => w.id === id,
    );
    expect(listed.payout).toEqual(started.body.data.payout);

    const other = await createAdmin(t.app);
    const refused = await t.client
      .as(other.token)
      .post(`/admin/withdrawals/${id}/settle`, { status: 'Rejected', reason: 'Duplicate' });
    const beingPaid = {
      status: false,
      message: 'Another operator has started paying this withdrawal: only they can settle it.',
    };
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toEqual(beingPaid);
    expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 30_000, points: 0 });
    // Nor may they pay it a second time: their dialog gets no account to pay to, and their Done is refused.
    const secondStart = await t.client.as(other.token).post(`/admin/withdrawals/${id}/payout`);
    expect([secondStart.statusCode, secondStart.body]).toEqual([400, beingPaid]);
    const secondDone = await t.client
      .as(other.token)
      .post(`/admin/withdrawals/${id}/settle`, { status: 'Done', bank_reference: 'UTR-OTHER' });
    expect([secondDone.statusCode, secondDone.body]).toEqual([400, beingPaid]);

    // The transfer bounced: the operator who started rejects it, and the money is back.
    const rejected = await t.as().post(`/admin/withdrawals/${id}/settle`, { status: 'Rejected', reason: 'Bounced' });
    expect(rejected.statusCode).toBe(200);
    expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 50_000, points: 0 });
    expect((await t.as().post(`/admin/withdrawals/${id}/payout`)).body).toEqual({
      status: false,
      message: 'Already settled',
    });
    expect((await auditOf(t.app, 'wallet_transactions', id)).map((row) => [row.action, row.actorId])).toEqual([
      ['withdrawal.payout_started', t.admin.id],
      ['withdrawal.settle', t.admin.id],
    ]);
  });

  describe('taking over a withdrawal whose payer is away', () => {
    const HOUR_MS = 3_600_000;
    const named = async (firstName: string, lastName: string) => {
      const operator = await createAdmin(t.app);
      await t.app.ctx.db.update(users).set({ firstName, lastName }).where(eq(users.id, operator.id));
      return operator;
    };
    const takeOver = (who: Learner, id: number, body: Record<string, unknown> = { bank_statement_checked: true }) =>
      t.client.as(who.token).post(`/admin/withdrawals/${id}/takeover`, body);
    const takeoversOf = (id: number) =>
      t.app.ctx.db
        .select()
        .from(withdrawalPayoutTakeovers)
        .where(eq(withdrawalPayoutTakeovers.walletTransactionId, id));
    const beingPaid = {
      status: false,
      message: 'Another operator has started paying this withdrawal: only they can settle it.',
    };

    it('ATTACK: is refused before 24 hours of being paid, naming when it can be', async () => {
      const { id } = await pendingWithdrawal(200);
      const away = await named('Asha', 'Away');
      const started = await t.client.as(away.token).post(`/admin/withdrawals/${id}/payout`);
      expect(started.body.data.payout).toMatchObject({
        started_by: { id: away.id },
        paid_by: { id: away.id },
        taken_over_at: null,
        take_over_after: new Date(Date.parse(started.body.data.payout.started_at) + 24 * HOUR_MS).toISOString(),
        can_take_over: false,
      });
      const at = new Intl.DateTimeFormat('en-IN', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'Asia/Kolkata',
      }).format(new Date(started.body.data.payout.take_over_after));
      const tooSoon = await takeOver(t.admin, id);
      expect(tooSoon.statusCode).toBe(400);
      expect(tooSoon.body).toEqual({
        status: false,
        message: expect.stringMatching(
          new RegExp(
            `^Asha Away has been paying this withdrawal for less than 24 hours: it can be taken over from ${at}, .+ IST\\.$`,
          ),
        ),
      });
      // The console offers the take-over by the server's clock (a browser's may be wrong).
      const canTakeOver = async () =>
        (await t.as().get('/admin/withdrawals?status=Pending')).body.data.data.find((w: { id: number }) => w.id === id)
          .payout.can_take_over;
      t.clock.advance(24 * HOUR_MS - 60_000);
      expect((await takeOver(t.admin, id)).statusCode).toBe(400);
      expect(await takeoversOf(id)).toEqual([]);
      expect(await canTakeOver()).toBe(false);
      // A day after the start, the same request goes through.
      t.clock.advance(60_000);
      expect(await canTakeOver()).toBe(true);
      expect((await takeOver(t.admin, id)).statusCode).toBe(200);
    });

    it('ATTACK: is refused without the confirmation that the bank statement shows no transfer', async () => {
      const { id } = await pendingWithdrawal(200);
      const away = await named('Asha', 'Away');
      expect((await t.client.as(away.token).post(`/admin/withdrawals/${id}/payout`)).statusCode).toBe(200);
      t.clock.advance(25 * HOUR_MS);
      const confirm = "Confirm that you checked the bank statement and the other operator's transfer did not go out.";
      for (const body of [{}, { bank_statement_checked: false }, { bank_statement_checked: 'yes' }]) {
        const res = await takeOver(t.admin, id, body);
        expect({ body, status: res.statusCode, answer: res.body }).toEqual({
          body,
          status: 422,
          answer: { status: false, message: confirm, errors: { bank_statement_checked: [confirm] } },
        });
      }
      expect(await takeoversOf(id)).toEqual([]);
      const listed = (await t.as().get(`/admin/withdrawals/${id}`)).body.data;
      expect(listed.payout.paid_by.id).toBe(away.id);
    });

    it('ATTACK: after a take-over the new payer settles it and the first operator no longer can; audited with both', async () => {
      const { learner, id } = await pendingWithdrawal(200);
      const away = await named('Asha', 'Away');
      expect((await t.client.as(away.token).post(`/admin/withdrawals/${id}/payout`)).statusCode).toBe(200);
      t.clock.advance(24 * HOUR_MS);
      // Nothing to take over before a start, nor one's own.
      const fresh = await pendingWithdrawal(100);
      expect((await takeOver(t.admin, fresh.id)).body).toEqual({
        status: false,
        message: 'Nobody has started paying this withdrawal: open Mark as Done to pay it.',
      });
      expect((await takeOver(away, id)).body).toEqual({
        status: false,
        message: 'You are already paying this withdrawal.',
      });

      const taken = await takeOver(t.admin, id);
      expect(taken.statusCode).toBe(200);
      expect(taken.body.message).toBe('Taken over: this withdrawal is yours to settle.');
      expect(taken.body.data.bank.account_number).toBe('123456789012');
      expect(taken.body.data.payout).toMatchObject({
        started_by: { id: away.id, name: 'Asha Away' },
        paid_by: { id: t.admin.id },
        taken_over_at: expect.any(String),
      });
      expect(await takeoversOf(id)).toEqual([expect.objectContaining({ takenBy: t.admin.id, takenFrom: away.id })]);
      const audit = (await auditOf(t.app, 'wallet_transactions', id)).find(
        (row) => row.action === 'withdrawal.payout_taken_over',
      );
      expect(audit).toMatchObject({
        actorId: t.admin.id,
        before: { paid_by: away.id },
        after: { paid_by: t.admin.id, taken_from: away.id, bank_statement_checked: true },
      });
      const listed = (await t.as().get('/admin/withdrawals?status=Pending')).body.data.data.find(
        (w: { id: number }) => w.id === id,
      );
      expect(listed.payout).toEqual(taken.body.data.payout);

      // The first operator comes back: they can neither settle it nor start paying it again, nor take it back at once.
      const as = t.client.as(away.token);
      const done = await as.post(`/admin/withdrawals/${id}/settle`, { status: 'Done', bank_reference: 'UTR-AWAY' });
      expect([done.statusCode, done.body]).toEqual([400, beingPaid]);
      const rejected = await as.post(`/admin/withdrawals/${id}/settle`, { status: 'Rejected', reason: 'Mine' });
      expect([rejected.statusCode, rejected.body]).toEqual([400, beingPaid]);
      expect((await as.post(`/admin/withdrawals/${id}/payout`)).body).toEqual(beingPaid);
      expect((await takeOver(away, id)).statusCode).toBe(400);
      expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 30_000, points: 0 });

      // The new payer opens Mark as Done (nothing changes) and pays it.
      expect((await t.as().post(`/admin/withdrawals/${id}/payout`)).body.data.payout).toEqual(taken.body.data.payout);
      const paid = await t
        .as()
        .post(`/admin/withdrawals/${id}/settle`, { status: 'Done', bank_reference: `UTR-T${id}` });
      expect(paid.statusCode).toBe(200);
      expect((await auditOf(t.app, 'wallet_transactions', id)).map((row) => [row.action, row.actorId])).toEqual([
        ['withdrawal.payout_started', away.id],
        ['withdrawal.payout_taken_over', t.admin.id],
        ['withdrawal.settle', t.admin.id],
      ]);
    });

    it('ATTACK: two operators taking over at once: one wins, the other is told it was just taken over', async () => {
      const { id } = await pendingWithdrawal(200);
      const away = await named('Asha', 'Away');
      expect((await t.client.as(away.token).post(`/admin/withdrawals/${id}/payout`)).statusCode).toBe(200);
      t.clock.advance(24 * HOUR_MS);
      const [ravi, meera] = [await named('Ravi', 'Rao'), await named('Meera', 'Menon')];
      const results = await Promise.all([takeOver(ravi, id), takeOver(meera, id)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const winner = results.find((r) => r.statusCode === 200)!.body.data.payout.paid_by;
      const loser = results.find((r) => r.statusCode === 400)!.body;
      expect(loser.message).toMatch(
        new RegExp(`^${winner.name} has been paying this withdrawal for less than 24 hours`),
      );
      expect(await takeoversOf(id)).toEqual([expect.objectContaining({ takenBy: winner.id, takenFrom: away.id })]);
    });

    it.skipIf(process.env.TEST_DB !== 'postgres')(
      'ATTACK: two take-overs that both read the payer before either writes: still one wins (two connections)',
      async () => {
        const { id } = await pendingWithdrawal(200);
        const away = await named('Asha', 'Away');
        expect((await t.client.as(away.token).post(`/admin/withdrawals/${id}/payout`)).statusCode).toBe(200);
        t.clock.advance(24 * HOUR_MS);
        const [ravi, meera] = [await named('Ravi', 'Rao'), await named('Meera', 'Menon')];
        // The withdrawal's row is held while both arrive, so neither has written when the other reads who pays it:
        // each must wait for the withdrawal before reading, or both would find Asha and both take it over.
        let requests: Promise<Awaited<ReturnType<typeof takeOver>>[]> | undefined;
        let answered = 0;
        await t.app.ctx.db.transaction(async (tx) => {
          await tx
            .select({ id: walletTransactions.id })
            .from(walletTransactions)
            .where(eq(walletTransactions.id, id))
            .for('update');
          requests = Promise.all(
            [ravi, meera].map((who) =>
              takeOver(who, id).then((res) => {
                answered += 1;
                return res;
              }),
            ),
          );
          await waitFor(async () => answered === 2 || (await lockWaits(t)) >= 2, 10_000);
        });
        const results = await requests!;
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
        expect(await takeoversOf(id)).toHaveLength(1);
      },
    );
  });

  it('shows the operator paying a withdrawal what the learner owes and what of it this withdrawal pays, as it happens', async () => {
    const referrer = await createLearner(t.app);
    expect((await t.client.as(referrer.token).post('/bank-details', validBank)).statusCode).toBe(200);
    const { purchaseId } = await buyThroughSandbox(t, await createLearner(t.app, { referrerId: referrer.id }), 150_000);
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 15_000, points: 0 });
    const withdrawalOf = async () => {
      expect((await t.client.as(referrer.token).post('/withdraw', { amount: 150 })).statusCode).toBe(200);
      return (await entriesOf(referrer.id, 'Withdraw')).at(-1)!.id;
    };
    const debtOf = async (id: number) => {
      const one = (await t.as().get(`/admin/withdrawals/${id}`)).body.data.debt;
      const listed = (await t.as().get(`/admin/withdrawals?user=${encodeURIComponent(referrer.email)}`)).body.data.data;
      expect(listed.find((w: { id: number }) => w.id === id).debt).toEqual(one);
      return one;
    };
    const first = await withdrawalOf();
    expect(await debtOf(first)).toEqual({ owed: 0, from_this: 0 });
    // The operator starts paying it; the buyer is then refunded: the commission has left in this withdrawal.
    expect((await t.as().post(`/admin/withdrawals/${first}/payout`)).body.data.debt).toEqual({ owed: 0, from_this: 0 });
    expect((await t.as().post(`/admin/purchases/${purchaseId}/refund`)).body.data).toMatchObject({
      commission_shortfall: 150,
    });
    expect(await debtOf(first)).toEqual({ owed: 150, from_this: 150 });
    // Marked Done, it is paid in full and the debt stays.
    expect(
      (await t.as().post(`/admin/withdrawals/${first}/settle`, { status: 'Done', bank_reference: `UTR-DEBT${first}` }))
        .statusCode,
    ).toBe(200);
    expect(await debtOf(first)).toEqual({ owed: 150, from_this: 150 });

    // Later earnings pay it before any of them can be withdrawn (decision 068).
    await buyThroughSandbox(t, await createLearner(t.app, { referrerId: referrer.id }), 150_000);
    const refused = await t.client.as(referrer.token).post('/withdraw', { amount: 150 });
    expect(refused.statusCode).toBe(422);
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 0, points: 0 });
    expect(await debtOf(first)).toEqual({ owed: 0, from_this: 0 });

    // The first comes back from the bank: nothing is owed any more, so all of it is back in the wallet.
    const returned = await t.as().post(`/admin/withdrawals/${first}/returned`, {
      reason: 'Account closed',
      bank_reference: `UTR-DEBT${first}`,
    });
    expect(returned.statusCode).toBe(200);
    expect(returned.body.data.withdrawal.debt).toEqual({ owed: 0, from_this: 0 });
    expect((await walletOf(t.app, referrer.id)).balancePaise).toBe(15_000);
  });

  it('ATTACK: a debt one withdrawal coming back paid is not paid again by another', async () => {
    const referrer = await createLearner(t.app);
    expect((await t.client.as(referrer.token).post('/bank-details', validBank)).statusCode).toBe(200);
    // One buyer's courses: one sub-user, so no level reward is earned on the way.
    const buyer = await createLearner(t.app, { referrerId: referrer.id });
    const earn = async () => (await buyThroughSandbox(t, buyer, 150_000)).purchaseId;
    /** Withdraws the ₹150 just earned and has the operator start paying it, so a refund leaves it alone. */
    const withdrawalBeingPaid = async () => {
      expect((await t.client.as(referrer.token).post('/withdraw', { amount: 150 })).statusCode).toBe(200);
      const id = (await entriesOf(referrer.id, 'Withdraw')).at(-1)!.id;
      expect((await t.as().post(`/admin/withdrawals/${id}/payout`)).statusCode).toBe(200);
      return id;
    };
    const debtOf = async (id: number) => (await t.as().get(`/admin/withdrawals/${id}`)).body.data.debt;

    // Two withdrawals being paid; then the first one's commission is refunded: ₹150 owed.
    const refunded = await earn();
    const w0 = await withdrawalBeingPaid();
    await earn();
    const w1 = await withdrawalBeingPaid();
    expect((await t.as().post(`/admin/purchases/${refunded}/refund`)).body.data).toMatchObject({
      commission_shortfall: 150,
    });
    expect(await debtOf(w0)).toEqual({ owed: 150, from_this: 150 });
    expect(await debtOf(w1)).toEqual({ owed: 150, from_this: 150 });

    // The first is rejected: its money pays the debt, nothing of it comes back.
    const first = await t.as().post(`/admin/withdrawals/${w0}/settle`, { status: 'Rejected', reason: 'Bounced' });
    expect(first.body.data.withdrawal.debt).toEqual({ owed: 0, from_this: 0 });
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 0, points: 0 });
    // The second owes nothing of it: all of its money comes back.
    expect(await debtOf(w1)).toEqual({ owed: 0, from_this: 0 });
    const second = await t.as().post(`/admin/withdrawals/${w1}/settle`, { status: 'Rejected', reason: 'Bounced' });
    expect(second.statusCode).toBe(200);
    expect(await walletOf(t.app, referrer.id)).toEqual({ balancePaise: 15_000, points: 0 });
    expect((await entriesOf(referrer.id, 'Commission Reversal')).map((e) => [e.amountPaise, e.shortfallPaise])).toEqual(
      [
        [0, 15_000],
        [-15_000, -15_000],
      ],
    );
  });

  it('gives back a paid withdrawal the bank returned, once, and tells the learner why', async () => {
    const { learner, id } = await pendingWithdrawal(200);
    const returnIt = (withdrawalId: number, body: unknown) =>
      t.as().post(`/admin/withdrawals/${withdrawalId}/returned`, body);
    // Only a withdrawal marked Done can come back from the bank.
    expect((await returnIt(id, { reason: 'Account closed', bank_reference: 'UTR555' })).body).toEqual({
      status: false,
      message: 'Only a withdrawal marked Done can be returned by the bank.',
    });
    await t.as().post(`/admin/withdrawals/${id}/settle`, { status: 'Done', bank_reference: 'UTR555' });
    expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 30_000, points: 0 });
    const empty = await returnIt(id, { reason: '  ', bank_reference: 'UTR555' });
    expect(empty.statusCode).toBe(422);
    expect(empty.body.errors).toEqual({ reason: ['Enter the reason for rejecting.'] });

    const returned = await returnIt(id, { reason: 'Account closed', bank_reference: 'UTR555' });
    expect(returned.statusCode, JSON.stringify(returned.body)).toBe(200);
    expect(returned.body).toMatchObject({
      message: 'Withdrawal returned: the amount is back in the wallet.',
      data: {
        withdrawal: {
          id,
          status: 'Done',
          bank_reference: 'UTR555',
          returned: { reason: 'Account closed', reversal_transaction_id: returned.body.data.reversal_transaction_id },
        },
      },
    });
    expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 50_000, points: 0 });
    const reversals = await entriesOf(learner.id, 'Withdraw Reversal');
    expect(reversals).toEqual([
      expect.objectContaining({
        amountPaise: 20_000,
        description: expect.stringContaining('returned by the bank: Account closed'),
      }),
    ]);
    // Once: a second click gives nothing more back.
    expect((await returnIt(id, { reason: 'Account closed', bank_reference: 'UTR555' })).body).toEqual({
      status: false,
      message: 'This withdrawal was already returned: its amount is back in the wallet.',
    });
    expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 50_000, points: 0 });
    const [mail] = await t.app.ctx.db
      .select()
      .from(devMailbox)
      .where(eq(devMailbox.to, learner.email))
      .orderBy(desc(devMailbox.id))
      .limit(1);
    // Told as a transfer that came back (not one that could not be paid), with the operator's reason as written.
    expect(mail!.subject).toBe('Live Connect: your withdrawal of ₹200.00 came back from the bank');
    expect(mail!.text).toContain('your bank sent the transfer back to us');
    expect(mail!.text).toContain('Reason given: Account closed');
    expect(mail!.text).toContain('Bank reference: UTR555');
    expect(mail!.text).toContain('The ₹200.00 is back in your wallet');
    expect((await auditOf(t.app, 'wallet_transactions', id)).map((row) => row.action)).toEqual([
      'withdrawal.settle',
      'withdrawal.returned',
    ]);
    // The return, like the start of a payment, is never changed or taken away.
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.app.ctx.db.execute(statement).then(
        () => 'changed',
        (error: Error & { cause?: Error }) => (error.cause ?? error).message,
      );
    expect(await refusal(sql`update withdrawal_returns set reason = 'x'`)).toContain(
      'withdrawal_returns is append-only',
    );
    await t.as().post(`/admin/withdrawals/${(await pendingWithdrawal(200)).id}/payout`);
    expect(await refusal(sql`delete from withdrawal_payouts`)).toContain('withdrawal_payouts is append-only');
  });

  it('ATTACK: refuses to record a return on a withdrawal not paid with the returned transfer (the wrong row pays twice)', async () => {
    const { learner, id } = await pendingWithdrawal(200);
    const other = await pendingWithdrawal(200);
    await t.as().post(`/admin/withdrawals/${id}/settle`, { status: 'Done', bank_reference: 'UTR-RIGHT-1' });
    await t.as().post(`/admin/withdrawals/${other.id}/settle`, { status: 'Done', bank_reference: 'UTR-OTHER-1' });
    // The bank sent back the transfer UTR-OTHER-1; the operator opens this learner's row by mistake.
    const wrong = await t.as().post(`/admin/withdrawals/${id}/returned`, {
      reason: 'Account closed',
      bank_reference: 'UTR-OTHER-1',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body.errors).toEqual({
      bank_reference: [
        'This withdrawal was not paid with that bank reference: check the returned transfer, and that this is its withdrawal.',
      ],
    });
    const missing = await t.as().post(`/admin/withdrawals/${id}/returned`, { reason: 'Account closed' });
    expect(missing.body.errors).toEqual({
      bank_reference: ['Enter the bank reference of the transfer that came back.'],
    });
    expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 30_000, points: 0 });
    expect(await entriesOf(learner.id, 'Withdraw Reversal')).toEqual([]);
    // As the statement writes it (case and spaces aside), on the right row: given back once.
    const right = await t.as().post(`/admin/withdrawals/${id}/returned`, {
      reason: 'Account closed',
      bank_reference: ' utr-right-1 ',
    });
    expect(right.statusCode).toBe(200);
    expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 50_000, points: 0 });
  });
  it("tells a Hindi learner of a transfer the bank returned in Hindi, with only the operator's reason as written", async () => {
    const { learner, id } = await pendingWithdrawal(200);
    await t.app.ctx.db.update(users).set({ language: 'hi' }).where(eq(users.id, learner.id));
    expect(
      (await t.as().post(`/admin/withdrawals/${id}/settle`, { status: 'Done', bank_reference: `UTR-HI-${id}` }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.as().post(`/admin/withdrawals/${id}/returned`, { reason: 'खाता बंद', bank_reference: `UTR-HI-${id}` }))
        .statusCode,
    ).toBe(200);
    const [mail] = await t.app.ctx.db
      .select()
      .from(devMailbox)
      .where(eq(devMailbox.to, learner.email))
      .orderBy(desc(devMailbox.id))
      .limit(1);
    expect(mail!.subject).toBe('Live Connect: ₹200.00 की आपकी निकासी बैंक ने लौटा दी');
    expect(mail!.text).toContain('आपके बैंक ने यह रकम हमें लौटा दी');
    expect(mail!.text).toContain('बताया गया कारण: खाता बंद');
    expect(mail!.text).toContain('₹200.00 आपके वॉलेट में वापस आ गए हैं');
    expect(mail!.text).not.toMatch(/Returned by the bank|could not pay|नहीं कर सके/);
  });

  it("ATTACK: refuses a bank reference already recorded for another learner's paid withdrawal (a stale page, a pasted UTR)", async () => {
    const first = await pendingWithdrawal(200);
    const second = await pendingWithdrawal(150);
    const done = (id: number, bank_reference: string) =>
      t.as().post(`/admin/withdrawals/${id}/settle`, { status: 'Done', bank_reference });
    expect((await done(first.id, 'UTR2026120100042')).statusCode).toBe(200);
    // One transfer would 'pay' two learners: the second told they were paid with a reference their bank never saw.
    const again = await done(second.id, 'utr2026120100042');
    expect([again.statusCode, again.body.errors]).toEqual([
      422,
      { bank_reference: ["This bank reference is already recorded for another learner's withdrawal."] },
    ]);
    expect((await entriesOf(second.learner.id, 'Withdraw'))[0]).toMatchObject({ status: 'Pending' });
    expect((await done(second.id, 'UTR2026120100043')).statusCode).toBe(200);
    // One learner's two withdrawals paid by one transfer may share it.
    await fundWithBank(t, first.learner);
    expect((await t.client.as(first.learner.token).post('/withdraw', { amount: 100 })).statusCode).toBe(200);
    const [later] = (await entriesOf(first.learner.id, 'Withdraw')).filter((entry) => entry.status === 'Pending');
    expect((await done(later!.id, 'UTR2026120100042')).statusCode).toBe(200);
  });

  it('settles exactly once when two operators click at the same time', async () => {
    for (const [first, second] of [
      [
        { status: 'Rejected', reason: 'A' },
        { status: 'Rejected', reason: 'B' },
      ],
      [
        { status: 'Done', bank_reference: 'UTR-A' },
        { status: 'Rejected', reason: 'B' },
      ],
      [
        { status: 'Done', bank_reference: 'UTR-A' },
        { status: 'Done', bank_reference: 'UTR-B' },
      ],
    ] as const) {
      const { learner, id } = await pendingWithdrawal(200);
      // A reference is one learner's (another learner's paid withdrawal cannot reuse it): made unique per round.
      const results = await Promise.all(
        [first, second].map((body) =>
          t
            .as()
            .post(
              `/admin/withdrawals/${id}/settle`,
              body.status === 'Done' ? { ...body, bank_reference: `${body.bank_reference}-${id}` } : body,
            ),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const loser = results.find((r) => r.statusCode === 400)!;
      expect(loser.body).toEqual({ status: false, message: 'Already settled' });
      const winner = results.find((r) => r.statusCode === 200)!.body.data.withdrawal;
      const reversals = await entriesOf(learner.id, 'Withdraw Reversal');
      expect(reversals).toHaveLength(winner.status === 'Rejected' ? 1 : 0);
      expect(await walletOf(t.app, learner.id)).toEqual({
        balancePaise: winner.status === 'Rejected' ? 50_000 : 30_000,
        points: 0,
      });
      expect(
        (await auditOf(t.app, 'wallet_transactions', id)).filter((a) => a.action === 'withdrawal.settle'),
      ).toHaveLength(1);
    }
  });

  it('answers bad settlements with clear errors and changes nothing', async () => {
    const { learner, id } = await pendingWithdrawal();
    for (const body of [
      {},
      { status: 'Done' },
      { status: 'Done', bank_reference: '  ' },
      { status: 'Rejected' },
      { status: 'Maybe' },
    ]) {
      const res = await t.as().post(`/admin/withdrawals/${id}/settle`, body);
      expect({ body, status: res.statusCode, ok: res.body.status }).toEqual({ body, status: 422, ok: false });
    }
    expect(
      (await t.as().post('/admin/withdrawals/999999/settle', { status: 'Done', bank_reference: 'X' })).statusCode,
    ).toBe(404);
    // A ledger row that is not a withdrawal is not settled through here.
    const [reward] = await entriesOf(learner.id, 'Level Reward');
    expect(
      (await t.as().post(`/admin/withdrawals/${reward!.id}/settle`, { status: 'Done', bank_reference: 'X' }))
        .statusCode,
    ).toBe(404);
    expect((await t.as().get('/admin/withdrawals/999999')).statusCode).toBe(404);
    const [entry] = await entriesOf(learner.id, 'Withdraw');
    expect(entry!.status).toBe('Pending');
  });

  it("shows any user's ledger", async () => {
    const { learner } = await pendingWithdrawal(120);
    const res = await t.as().get(`/admin/users/${learner.id}/ledger`);
    expect(res.body.data).toMatchObject({ balance: 380, points: 0, total: 2 });
    expect(
      res.body.data.transactions.map((e: { method: string; amount: number; status: string }) => [
        e.method,
        e.amount,
        e.status,
      ]),
    ).toEqual([
      ['Withdraw', -120, 'Pending'],
      ['Level Reward', 500, 'Done'],
    ]);
    expect((await t.as().get('/admin/users/999999/ledger')).statusCode).toBe(404);
  });
  /** Bank details no other test uses: an account number and a PAN of their own. */
  const freshBank = () => ({
    ...validBank,
    account_number: Array.from({ length: 12 }, () => randomInt(10)).join(''),
    pan_card: `${Array.from({ length: 5 }, () => String.fromCharCode(65 + randomInt(26))).join('')}${randomInt(1000, 10000)}Z`,
  });
  const sharedWith = async (id: number) => {
    const res = await t.as().get(`/admin/withdrawals/${id}`);
    expect(res.statusCode).toBe(200);
    return res.body.data.shared_with;
  };
  const named = (learner: Learner, by: 'account' | 'pan' | 'both', owed = 0) => ({
    id: learner.id,
    name: 'Test Learner',
    email: learner.email,
    referral_code: learner.referralCode,
    by,
    owed,
  });

  it('flags an account two learners are paid to on both their withdrawals, each naming the other', async () => {
    const bank = freshBank();
    const first = await pendingWithdrawal(200, bank);
    const second = await pendingWithdrawal(150, { ...bank, full_name: 'Someone Else', pan_card: freshBank().pan_card });
    // The second has the account in their bank details and in a withdrawal: counted once.
    expect(await sharedWith(first.id)).toEqual({
      total: 1,
      account: 1,
      pan: 0,
      owed: 0,
      users: [named(second.learner, 'account')],
    });
    expect(await sharedWith(second.id)).toEqual({
      total: 1,
      account: 1,
      pan: 0,
      owed: 0,
      users: [named(first.learner, 'account')],
    });
    // 'Mark as Done' (the payout) answers it too, with the account in full.
    const started = await t.as().post(`/admin/withdrawals/${first.id}/payout`);
    expect(started.body.data).toMatchObject({
      bank: { account_number: bank.account_number },
      shared_with: { total: 1, users: [named(second.learner, 'account')] },
    });
    // The withdrawal keeps the account's hash, the one bank details keep.
    const [kept] = await t.app.ctx.db
      .select()
      .from(withdrawalAccounts)
      .where(eq(withdrawalAccounts.walletTransactionId, first.id));
    expect(kept!.accountNumberHash).toBe(hmacHex(t.app.ctx.env.APP_SECRET, bank.account_number));
    // Paying it stays possible: a signal, not a block.
    const done = await t.as().post(`/admin/withdrawals/${first.id}/settle`, { status: 'Done', bank_reference: 'UTR1' });
    expect(done.statusCode).toBe(200);
    expect(done.body.data.withdrawal.shared_with.total).toBe(1);
  });

  it('ties a learner paid to the account earlier, though their bank details have moved to another since', async () => {
    const bank = freshBank();
    const earlier = await pendingWithdrawal(200, bank);
    expect((await t.client.as(earlier.learner.token).post('/bank-details', freshBank())).statusCode).toBe(200);
    const later = await pendingWithdrawal(100, { ...bank, pan_card: freshBank().pan_card });
    expect(await sharedWith(later.id)).toEqual({
      total: 1,
      account: 1,
      pan: 0,
      owed: 0,
      users: [named(earlier.learner, 'account')],
    });
    // The earlier withdrawal is still to the shared account (its copy), whatever its learner's details say now.
    expect(await sharedWith(earlier.id)).toEqual({
      total: 1,
      account: 1,
      pan: 0,
      owed: 0,
      users: [named(later.learner, 'account')],
    });
  });

  it("flags the learner's PAN on other learners' bank details, and both when one shares the account and the PAN", async () => {
    const bank = freshBank();
    const { id, learner } = await pendingWithdrawal(200, bank);
    const samePan = await learnerWithBank({ ...freshBank(), pan_card: bank.pan_card.toLowerCase() });
    const sameBoth = await learnerWithBank(bank);
    expect(await sharedWith(id)).toEqual({
      total: 2,
      account: 1,
      pan: 2,
      owed: 0,
      users: [named(samePan, 'pan'), named(sameBoth, 'both')],
    });
    // Nothing of the learner's own is counted: their withdrawals to their own account are theirs.
    expect((await sharedWith(id)).users.map((u: { id: number }) => u.id)).not.toContain(learner.id);
  });

  it('ATTACK: a PAN changed after asking does not hide the PAN the withdrawal was asked with', async () => {
    const bank = freshBank();
    // Two accounts of a farm with one PAN, each asking for a withdrawal.
    const farm = await pendingWithdrawal(200, { ...freshBank(), pan_card: bank.pan_card });
    const { id, learner } = await pendingWithdrawal(200, bank);
    expect(await sharedWith(id)).toMatchObject({ total: 1, pan: 1, users: [named(farm.learner, 'pan')] });
    // Each gives another PAN (and account) once its withdrawal waits to be paid: no bank details hold the PAN any
    // more, yet the two withdrawals asked with it still name each other.
    for (const who of [learner, farm.learner])
      expect((await t.client.as(who.token).post('/bank-details', freshBank())).statusCode).toBe(200);
    expect(await sharedWith(id)).toMatchObject({ total: 1, pan: 1, users: [named(farm.learner, 'pan')] });
    expect(await sharedWith(farm.id)).toMatchObject({ total: 1, pan: 1, users: [named(learner, 'pan')] });
  });

  it('answers nobody for an account and a PAN that no one else uses', async () => {
    const { learner, id } = await pendingWithdrawal(200, freshBank());
    // A second withdrawal of the same learner to the same account is theirs, not another's.
    await t.client.as(learner.token).post('/withdraw', { amount: 100 });
    expect(await sharedWith(id)).toEqual({ total: 0, account: 0, pan: 0, owed: 0, users: [] });
  });

  it('names the first 20 users sharing an account and counts them all', async () => {
    const bank = freshBank();
    const { id } = await pendingWithdrawal(200, bank);
    const others: Learner[] = [];
    for (let i = 0; i < 21; i++) others.push(await learnerWithBank({ ...bank, pan_card: freshBank().pan_card }));
    const shared = await sharedWith(id);
    expect(shared).toMatchObject({ total: 21, account: 21, pan: 0 });
    expect(shared.users.map((u: { id: number }) => u.id)).toEqual(others.slice(0, 20).map((o) => o.id));
  });

  it('marks each row of the list page that shares an account or a PAN', async () => {
    const bank = freshBank();
    const first = await pendingWithdrawal(200, bank);
    const second = await pendingWithdrawal(200, { ...bank, pan_card: freshBank().pan_card });
    const byPan = await pendingWithdrawal(200, { ...freshBank(), pan_card: bank.pan_card });
    const alone = await pendingWithdrawal(200, freshBank());
    const list = await t.as().get('/admin/withdrawals?status=Pending&per_page=100');
    expect(list.statusCode).toBe(200);
    const rowOf = (id: number) => list.body.data.data.find((w: { id: number }) => w.id === id);
    expect(rowOf(first.id).shared_with).toEqual({
      total: 2,
      account: 1,
      pan: 1,
      owed: 0,
      users: [named(second.learner, 'account'), named(byPan.learner, 'pan')],
    });
    expect(rowOf(second.id).shared_with).toMatchObject({ total: 1, users: [named(first.learner, 'account')] });
    expect(rowOf(byPan.id).shared_with).toMatchObject({ total: 1, users: [named(first.learner, 'pan')] });
    expect(rowOf(alone.id).shared_with).toEqual({ total: 0, account: 0, pan: 0, owed: 0, users: [] });
  });

  /**
   * A ring's abandoned account: paid to `bank` the commission a sub-user's purchase earned it (no refund window in
   * these tests: Done at once), then the purchase was refunded: the take-back found the money withdrawn, so it owes
   * ₹150.
   */
  const accountInDebt = async (bank: typeof validBank) => {
    const ring = await learnerWithBank(bank);
    const { purchaseId } = await buyThroughSandbox(t, await createLearner(t.app, { referrerId: ring.id }), 150_000);
    expect((await t.client.as(ring.token).post('/withdraw', { amount: 150 })).statusCode).toBe(200);
    const withdrawal = (await entriesOf(ring.id, 'Withdraw')).at(-1)!.id;
    const paid = await t
      .as()
      .post(`/admin/withdrawals/${withdrawal}/settle`, { status: 'Done', bank_reference: `UTR-RING${withdrawal}` });
    expect(paid.statusCode).toBe(200);
    expect((await t.as().post(`/admin/purchases/${purchaseId}/refund`)).body.data).toMatchObject({
      commission_shortfall: 150,
    });
    expect((await t.as().get(`/admin/withdrawals/${withdrawal}`)).body.data.debt.owed).toBe(150);
    return { ring, withdrawal };
  };

  it('ATTACK: a new account withdrawing to the bank account of one that owes shows the operator that debt, named and in the total', async () => {
    const bank = freshBank();
    const abandoned = await accountInDebt(bank);
    // Someone else paid to the account who owes nothing (a family shares one honestly).
    const family = await learnerWithBank({ ...bank, pan_card: freshBank().pan_card });
    // The ring starts again: a new account asks to be paid to the same bank account.
    const again = await pendingWithdrawal(200, { ...bank, full_name: 'Someone Else', pan_card: freshBank().pan_card });
    const expected = {
      total: 2,
      account: 2,
      pan: 0,
      owed: 150,
      users: [named(abandoned.ring, 'account', 150), named(family, 'account')],
    };
    expect(await sharedWith(again.id)).toEqual(expected);
    // The list's row, and 'Mark as Done' (the payout), say it too.
    const list = await t.as().get(`/admin/withdrawals?user=${encodeURIComponent(again.learner.email)}`);
    expect(list.body.data.data.find((w: { id: number }) => w.id === again.id).shared_with).toEqual(expected);
    expect((await t.as().post(`/admin/withdrawals/${again.id}/payout`)).body.data.shared_with).toEqual(expected);
    // The new account owes nothing of its own: only shared_with tells the operator.
    expect((await t.as().get(`/admin/withdrawals/${again.id}`)).body.data.debt).toEqual({ owed: 0, from_this: 0 });
    // A signal, not a block: the operator can still pay it.
    const done = await t
      .as()
      .post(`/admin/withdrawals/${again.id}/settle`, { status: 'Done', bank_reference: `UTR-AGAIN${again.id}` });
    expect(done.statusCode).toBe(200);
    expect(done.body.data.withdrawal.shared_with).toEqual(expected);
    // What comes back pays the debt (a negative shortfall): the bank returns the abandoned account's transfer.
    const returned = await t.as().post(`/admin/withdrawals/${abandoned.withdrawal}/returned`, {
      reason: 'Account closed',
      bank_reference: `UTR-RING${abandoned.withdrawal}`,
    });
    expect(returned.statusCode).toBe(200);
    expect(await sharedWith(again.id)).toEqual({
      ...expected,
      owed: 0,
      users: [named(abandoned.ring, 'account'), named(family, 'account')],
    });
  });

  it('counts in the total what users beyond the 20 named owe', async () => {
    const bank = freshBank();
    const { id } = await pendingWithdrawal(200, bank);
    for (let i = 0; i < 20; i++) await learnerWithBank({ ...bank, pan_card: freshBank().pan_card });
    // The 21st, the newest, shares the PAN only and owes: not named, but counted in what they owe.
    const abandoned = await accountInDebt({ ...freshBank(), pan_card: bank.pan_card });
    const shared = await sharedWith(id);
    expect(shared).toMatchObject({ total: 21, account: 20, pan: 1, owed: 150 });
    expect(shared.users).toHaveLength(20);
    expect(shared.users.map((u: { id: number }) => u.id)).not.toContain(abandoned.ring.id);
    expect(shared.users.map((u: { owed: number }) => u.owed)).toEqual(Array(20).fill(0));
  });

  /**
   * Puts withdrawals' account rows back as they were before a migration (`old`: the columns it fills), through what
   * guards them now: the append-only trigger and 0023's check that a row keeps its hash.
   */
  const asBeforeMigration = (ids: number[], old: Partial<typeof withdrawalAccounts.$inferInsert>) =>
    t.app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE withdrawal_accounts DROP CONSTRAINT withdrawal_accounts_hash_kept`);
      await tx.execute(sql`ALTER TABLE withdrawal_accounts DISABLE TRIGGER withdrawal_accounts_append_only`);
      await tx.update(withdrawalAccounts).set(old).where(inArray(withdrawalAccounts.walletTransactionId, ids));
      await tx.execute(sql`ALTER TABLE withdrawal_accounts ENABLE TRIGGER withdrawal_accounts_append_only`);
      await tx.execute(
        sql`ALTER TABLE withdrawal_accounts ADD CONSTRAINT withdrawal_accounts_hash_kept CHECK (account_number_hash IS NOT NULL) NOT VALID`,
      );
    });
  /** A migration's statements, as the migrator runs them: in one transaction. */
  it('matches withdrawals from before the hash was kept: copied by the migration, or hashed when read', async () => {
    const bank = freshBank();
    const unchanged = await pendingWithdrawal(200, bank);
    const moved = await pendingWithdrawal(200, { ...bank, pan_card: freshBank().pan_card });
    const movedNow = freshBank();
    expect((await t.client.as(moved.learner.token).post('/bank-details', movedNow)).statusCode).toBe(200);
    // As they were before migration 0023: no hash (the table is append-only and, since, every row needs one).
    const ids = [unchanged.id, moved.id];
    await asBeforeMigration(ids, { accountNumberHash: null });
    // The migration's copy from bank details, as it ran: the unchanged learner's row gets its hash, not the other's.
    const backfill = migrationStatements('0023_withdrawal_account_hash.sql', (s) =>
      /^\s*(-- .*\n\s*)*(UPDATE|ALTER TABLE "withdrawal_accounts" (DIS|EN)ABLE)/.test(s),
    );
    expect(backfill).toHaveLength(3);
    await runStatements(t.app.ctx.db, backfill);
    const kept = await t.app.ctx.db
      .select({ id: withdrawalAccounts.walletTransactionId, hash: withdrawalAccounts.accountNumberHash })
      .from(withdrawalAccounts)
      .where(inArray(withdrawalAccounts.walletTransactionId, ids))
      .orderBy(withdrawalAccounts.walletTransactionId);
    expect(kept).toEqual([
      { id: unchanged.id, hash: hmacHex(t.app.ctx.env.APP_SECRET, bank.account_number) },
      { id: moved.id, hash: null },
    ]);

    // Migration 0024 copies the learner's PAN onto the rows from before it, the one without a hash too: PostgreSQL
    // applies 0023's NOT VALID check to every row an UPDATE writes, so the migration lifts it and puts it back.
    await asBeforeMigration(ids, { panCard: null });
    const panBackfill = migrationStatements(
      '0024_withdrawal_pan.sql',
      (statement) => !statement.includes('ADD COLUMN'),
    );
    expect(panBackfill).toHaveLength(5);
    await runStatements(t.app.ctx.db, panBackfill);
    const pans = await t.app.ctx.db
      .select({ id: withdrawalAccounts.walletTransactionId, pan: withdrawalAccounts.panCard })
      .from(withdrawalAccounts)
      .where(inArray(withdrawalAccounts.walletTransactionId, ids))
      .orderBy(withdrawalAccounts.walletTransactionId);
    expect(pans).toEqual([
      { id: unchanged.id, pan: bank.pan_card },
      { id: moved.id, pan: movedNow.pan_card },
    ]);

    // A new withdrawal to the account finds both; the row without a hash is hashed when read, both ways.
    const now = await pendingWithdrawal(200, { ...freshBank(), account_number: bank.account_number });
    expect((await sharedWith(now.id)).users).toEqual([
      named(unchanged.learner, 'account'),
      named(moved.learner, 'account'),
    ]);
    expect((await sharedWith(moved.id)).users.map((u: { id: number }) => u.id)).toEqual([
      unchanged.learner.id,
      now.learner.id,
    ]);
    // Every row written from now on must have its hash.
    const refused = await t.app.ctx.db
      .execute(
        sql`INSERT INTO withdrawal_accounts (wallet_transaction_id, full_name, bank_name, bank_branch, account_number_encrypted, account_last4, ifsc_code)
            SELECT id, 'x', 'x', 'x', 'x', '0000', 'x' FROM wallet_transactions WHERE user_id = ${now.learner.id} AND method = 'Level Reward'`,
      )
      .then(
        () => 'written',
        (error: Error & { cause?: Error }) => (error.cause ?? error).message,
      );
    expect(refused).toContain('withdrawal_accounts_hash_kept');
  });
});
