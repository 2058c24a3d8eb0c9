import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { invoices, mailOutbox, sentMails, users, walletTransactions } from '@app/db';
import { createTestApp, waitFor, type TestApp } from './helpers.ts';
import { createLearner, TEST_PASSWORD, type Learner } from './fixtures.ts';
import { createBatch, createCourse } from './catalogue-fixtures.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp-server.ts';
import {
  createRazorpayTestApp,
  deliverWebhook,
  type FakeRazorpay,
  type WebhookDelivery,
} from './payments-fake-razorpay.ts';
import { fundWithBank, setReferenceData, validBank } from './wallet-fixtures.ts';
import { createAdmin } from './admin-fixtures.ts';
import { assertPopplerInstalled, pdfTextLines } from './pdf-text.ts';
import { latestOtp, withDevMailbox } from './accounts-helpers.ts';
import { parseMail, type ParsedMail } from './mime.ts';
import { confirmPayment } from '../src/services/payments/confirm-payment.ts';
import { reconcileJob } from '../src/services/payments/reconcile-job.ts';
import { sendWithdrawalMail } from '../src/services/mail/index.ts';
import {
  emailChangedMail,
  otpMail,
  passwordChangedMail,
  receiptMail,
  refundMail,
  withdrawalRejectedMail,
  withdrawalReturnedMail,
  withdrawalSettledMail,
} from '../src/services/mail/templates.ts';

/**
 * The transactional mails of issue 16 over a real SMTP server (smtp-server on 127.0.0.1), through the
 * job queue and its worker, as a learner receives them: in the learner's language, text and HTML, the
 * receipt with its GST invoice attached and sent once however often the payment is confirmed.
 */
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('transactional mail over SMTP', () => {
  let smtp: TestSmtpServer;
  let rzp: FakeRazorpay;
  let t: TestApp;
  let close: () => Promise<void>;
  let admin: Learner;

  beforeAll(async () => {
    assertPopplerInstalled();
    smtp = await startSmtpServer();
    ({ t, rzp, close } = await createRazorpayTestApp({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Live Connect <no-reply@live-connect.test>',
        APP_URL: 'https://learn.example.in',
      },
      worker: { pollingIntervalSeconds: 0.5, schedules: false },
    }));
    await setReferenceData(t.app);
    admin = await createAdmin(t.app);
  });
  afterAll(async () => {
    await close?.();
    await smtp?.close();
  });

  const webhook = (delivery: WebhookDelivery) => deliverWebhook(t, delivery);

  /** A learner who reads the app in `language`, with a first name in its script. */
  const learnerIn = async (
    language: 'en' | 'hi' | 'ml',
    firstName = { en: 'Asha', hi: 'अनन्या', ml: 'മീര' }[language],
  ) => {
    const learner = await createLearner(t.app);
    await t.app.ctx.db.update(users).set({ language, firstName }).where(eq(users.id, learner.id));
    return learner;
  };

  /** Every mail job has run (none waiting, running or waiting to retry). */
  const mailQueueIdle = async () => {
    const result = await t.app.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'mail' and state in ('created', 'active', 'retry')`,
    );
    return Number(result.rows[0]?.n ?? 0) === 0;
  };

  const mailsTo = (email: string): ParsedMail[] =>
    smtp.received.filter((m) => m.to.includes(email)).map((m) => parseMail(m.raw));

  /** Waits for `count` mails to the address, then for the queue to be idle, and returns every mail it got. */
  const receive = async (email: string, count = 1): Promise<ParsedMail[]> => {
    await waitFor(() => mailsTo(email).length >= count, 20_000);
    await waitFor(mailQueueIdle, 20_000);
    return mailsTo(email);
  };

  /** Both parts carry the mail, the HTML in the learner's language. */
  const expectBothParts = (mail: ParsedMail, language: string) => {
    expect(mail.headers.get('content-type')).toMatch(/multipart\/(alternative|mixed)/);
    expect(mail.text.length).toBeGreaterThan(0);
    expect(mail.html).toContain(`<html lang="${language}">`);
  };

  it('sends the receipt in Hindi once, with the GST invoice attached, however often the payment is confirmed', async () => {
    const learner = await learnerIn('hi');
    const course = await createCourse(t.app, { name: 'गणित कक्षा 8', pricePaise: 75_000 });
    const checkout = await t.client.as(learner.token).post('/checkout', { course_id: course.id });
    expect(checkout.statusCode).toBe(200);
    const { purchase_id: purchaseId, order_id: orderId } = checkout.body.data as {
      purchase_id: number;
      order_id: string;
    };
    const { paymentId, signature } = rzp.capture(orderId);

    // /pay-now, the two webhooks Razorpay sends for one payment (different event ids), and a redelivery.
    expect(
      (await t.client.as(learner.token).post('/pay-now', { payment_id: paymentId, order_id: orderId, signature }))
        .statusCode,
    ).toBe(200);
    expect((await webhook(rzp.webhook('payment.captured', paymentId, 'evt_cap_receipt'))).statusCode).toBe(200);
    expect((await webhook(rzp.webhook('order.paid', paymentId, 'evt_paid_receipt'))).statusCode).toBe(200);
    // The reconciler (or anyone) confirming it again.
    expect(
      await confirmPayment(t.app.ctx, { purchaseId, payment: { paymentId, amountPaise: 75_000, currency: 'INR' } }),
    ).toBe('already-paid');

    const mails = await receive(learner.email);
    // Give a wrongly queued second receipt the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await waitFor(mailQueueIdle, 20_000);
    expect(mailsTo(learner.email)).toHaveLength(1);
    const [mail] = mails;

    const [invoice] = await t.app.ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.purchaseId, purchaseId), eq(invoices.kind, 'invoice')));
    expect(invoice).toBeDefined();
    expect(mail!.subject).toBe('Live Connect: गणित कक्षा 8 के भुगतान की रसीद');
    expectBothParts(mail!, 'hi');
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain('नमस्ते अनन्या,');
      expect(part).toContain('भुगतान के लिए धन्यवाद');
      expect(part).toContain('₹750.00');
      expect(part).toContain(orderId);
      expect(part).toContain(paymentId);
      expect(part).toContain(invoice!.number);
      expect(part).toContain('IST');
    }
    expect(mail!.text).toContain('भुगतान की गई राशि: ₹750.00');

    // The invoice as a PDF, rendered when the mail job ran.
    expect(mail!.attachments).toHaveLength(1);
    const [pdf] = mail!.attachments;
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.filename).toBe(`${invoice!.number.replace(/\//g, '-')}.pdf`);
    expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfTextLines(pdf!.content).join('\n')).toContain(invoice!.number);

    // The queue held a reference to the invoice, never the file; the key says the receipt went out.
    const jobs = await t.app.ctx.db.execute<{ data: string }>(sql`
      select data::text as data from pgboss.job where name = 'mail' and data->>'onceKey' = ${`receipt:${purchaseId}`}
      union all select data::text from pgboss.archive where name = 'mail' and data->>'onceKey' = ${`receipt:${purchaseId}`}`);
    expect(jobs.rows.length).toBeGreaterThanOrEqual(1);
    for (const job of jobs.rows) {
      expect(JSON.parse(job.data).attachments).toEqual([{ kind: 'invoice', purchaseId }]);
      expect(job.data.length).toBeLessThan(8_000);
      expect(job.data).not.toContain('JVBER');
    }
    expect(
      await t.app.ctx.db
        .select()
        .from(sentMails)
        .where(eq(sentMails.key, `receipt:${purchaseId}`)),
    ).toHaveLength(1);
  });

  it('sends one receipt when /pay-now and the webhooks arrive at once', async () => {
    const learner = await learnerIn('en');
    const course = await createCourse(t.app, { pricePaise: 60_000 });
    const checkout = await t.client.as(learner.token).post('/checkout', { course_id: course.id });
    const { order_id: orderId } = checkout.body.data as { order_id: string };
    const { paymentId, signature } = rzp.capture(orderId);
    const answers = await Promise.all([
      t.client.as(learner.token).post('/pay-now', { payment_id: paymentId, order_id: orderId, signature }),
      webhook(rzp.webhook('payment.captured', paymentId, `evt_cap_${orderId}`)),
      webhook(rzp.webhook('order.paid', paymentId, `evt_paid_${orderId}`)),
      t.client.as(learner.token).post('/pay-now', { payment_id: paymentId, order_id: orderId, signature }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    await receive(learner.email);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await waitFor(mailQueueIdle, 20_000);
    const mails = mailsTo(learner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Live Connect: payment receipt for Course /);
    expect(mails[0]!.text).toContain('Amount paid: ₹600.00');
  });

  it('sends a batch fee receipt in Malayalam', async () => {
    const learner = await learnerIn('ml');
    const batch = await createBatch(t.app, { feePaise: 50_000, learnerId: learner.id });
    const res = await t.client.as(learner.token).post('/first-payment', {});
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const { order_id: orderId } = res.body.data as { order_id: string };
    const { paymentId } = rzp.capture(orderId);
    expect((await webhook(rzp.webhook('payment.captured', paymentId))).statusCode).toBe(200);
    const [mail] = await receive(learner.email);
    expect(mail!.subject).toContain('പണമടച്ചതിന്റെ രസീത്');
    expect(mail!.text).toContain('നമസ്കാരം മീര,');
    expect(mail!.text).toContain(`ബാച്ച് ഫീസ്: ${batch.name}`);
    expect(mail!.text).toContain('₹500.00');
    expect(mail!.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
    expectBothParts(mail!, 'ml');
  });

  it('tells the learner of a refund in Malayalam, with the GST credit note attached as a PDF', async () => {
    const learner = await learnerIn('ml');
    const course = await createCourse(t.app, { name: 'ഗണിതം ക്ലാസ് 9', pricePaise: 45_000 });
    const checkout = await t.client.as(learner.token).post('/checkout', { course_id: course.id });
    const { purchase_id: purchaseId, order_id: orderId } = checkout.body.data as {
      purchase_id: number;
      order_id: string;
    };
    const { paymentId, signature } = rzp.capture(orderId);
    expect(
      (await t.client.as(learner.token).post('/pay-now', { payment_id: paymentId, order_id: orderId, signature }))
        .statusCode,
    ).toBe(200);
    await receive(learner.email);

    const refunded = await t.client.as(admin.token).post(`/admin/purchases/${purchaseId}/refund`);
    expect(refunded.statusCode, JSON.stringify(refunded.body)).toBe(200);
    const [, mail] = await receive(learner.email, 2);
    const [creditNote] = await t.app.ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.purchaseId, purchaseId), eq(invoices.kind, 'credit_note')));
    expect(mail!.subject).toBe('Live Connect: ഗണിതം ക്ലാസ് 9 - റീഫണ്ട്');
    expectBothParts(mail!, 'ml');
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain('നമസ്കാരം മീര,');
      expect(part).toContain('ഇനി മുതൽ അതിലെ പാഠങ്ങളും ക്വിസുകളും നിങ്ങൾക്ക് ലഭ്യമല്ല');
      expect(part).toContain('₹450.00');
      expect(part).toContain(paymentId);
      expect(part).toContain(creditNote!.number);
    }
    expect(mail!.text).toContain('തിരികെ നൽകിയ തുക: ₹450.00');

    // The credit note, rendered by the mail job from its reference, as the receipt's invoice is.
    expect(mail!.attachments).toHaveLength(1);
    const [pdf] = mail!.attachments;
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.filename).toBe(`${creditNote!.number.replace(/\//g, '-')}.pdf`);
    expect(pdfTextLines(pdf!.content).join('\n')).toContain(creditNote!.number);
  });

  /** A learner with ₹500 and bank details who asked to withdraw ₹200. */
  const pendingWithdrawal = async (learner: Learner) => {
    await fundWithBank(t, learner);
    // The notice that a bank account was added: the learner's first mail, delivered before the withdrawal's.
    await receive(learner.email);
    expect((await t.client.as(learner.token).post('/withdraw', { amount: 200 })).statusCode).toBe(200);
    const [entry] = await t.app.ctx.db
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.userId, learner.id), eq(walletTransactions.method, 'Withdraw')));
    return entry!;
  };

  it('tells the learner a withdrawal was paid, with the bank reference, which the wallet lists too', async () => {
    const learner = await learnerIn('hi');
    const entry = await pendingWithdrawal(learner);
    const settled = await t.client
      .as(admin.token)
      .post(`/admin/withdrawals/${entry.id}/settle`, { status: 'Done', bank_reference: 'UTR0099887766' });
    expect(settled.statusCode).toBe(200);

    const [, mail] = await receive(learner.email, 2);
    expect(mail!.subject).toBe('Live Connect: ₹200.00 की आपकी निकासी का भुगतान हो गया है');
    expectBothParts(mail!, 'hi');
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain('UTR0099887766');
      expect(part).toContain('बैंक संदर्भ');
      expect(part).toContain(entry.transactionId);
      expect(part).toContain('********9012');
    }
    expect(mail!.text).toContain('बैंक संदर्भ: UTR0099887766');

    const wallet = await t.client.as(learner.token).get('/transactions');
    const row = wallet.body.data.transactions.find(
      (r: { transaction_id: string }) => r.transaction_id === entry.transactionId,
    );
    expect(row).toMatchObject({ status: 'Done', bank_reference: 'UTR0099887766' });
    expect(
      wallet.body.data.transactions.filter((r: { bank_reference: string | null }) => r.bank_reference !== null),
    ).toHaveLength(1);
  });

  it('tells the learner a withdrawal was rejected, why, and that the money is back', async () => {
    const learner = await learnerIn('en');
    const entry = await pendingWithdrawal(learner);
    const rejected = await t.client
      .as(admin.token)
      .post(`/admin/withdrawals/${entry.id}/settle`, { status: 'Rejected', reason: 'Name <b>does not</b> match' });
    expect(rejected.statusCode).toBe(200);
    const [, mail] = await receive(learner.email, 2);
    expect(mail!.subject).toBe('Live Connect: your withdrawal of ₹200.00 was not paid');
    expect(mail!.text).toContain('Reason: Name <b>does not</b> match');
    expect(mail!.text).toContain('The ₹200.00 is back in your wallet');
    // The operator's words are escaped in the HTML part.
    expect(mail!.html).toContain('Name &lt;b&gt;does not&lt;/b&gt; match');
    expect(mail!.html).not.toContain('<b>does not</b>');
    expect(mail!.html).toContain('The ₹200.00 is back in your wallet');
  });

  it('tells the learner the password was changed, from the profile and by a reset code', async () => {
    const learner = await learnerIn('ml');
    const changed = await t.client.as(learner.token).put('/password', {
      current_password: TEST_PASSWORD,
      password: 'NewSecret@456',
      password_confirmation: 'NewSecret@456',
    });
    expect(changed.statusCode, JSON.stringify(changed.body)).toBe(200);
    const [mail] = await receive(learner.email);
    expect(mail!.subject).toBe('Live Connect: നിങ്ങളുടെ പാസ്‌വേഡ് മാറ്റി');
    expectBothParts(mail!, 'ml');
    expect(mail!.text).toContain(learner.email);
    expect(mail!.text).toContain('https://learn.example.in/forgot-password');
    expect(mail!.html).toContain('href="https://learn.example.in/forgot-password"');

    // A reset by code: the code mail, then the notice, both in Malayalam.
    await t.client.post('/forgot-password-otp', { email: learner.email });
    const [, codeMail] = await receive(learner.email, 2);
    expect(codeMail!.subject).toBe('Live Connect: പാസ്‌വേഡ് റീസെറ്റ് ചെയ്യാനുള്ള കോഡ്');
    const code = /\b(\d{6})\b/.exec(codeMail!.text)?.[1];
    const reset = await t.client.post('/reset-password', {
      email: learner.email,
      otp: code,
      password: 'Another@789',
      password_confirmation: 'Another@789',
    });
    expect(reset.statusCode, JSON.stringify(reset.body)).toBe(200);
    const all = await receive(learner.email, 3);
    expect(all).toHaveLength(3);
    expect(all[2]!.subject).toBe('Live Connect: നിങ്ങളുടെ പാസ്‌വേഡ് മാറ്റി');
  });

  it('tells the learner when the bank account for withdrawals is added or changed, and not when it is saved again', async () => {
    const learner = await learnerIn('hi');
    const bank = t.client.as(learner.token);
    expect((await bank.post('/bank-details', validBank)).statusCode).toBe(200);
    const [added] = await receive(learner.email);
    expect(added!.subject).toBe('Live Connect: आपकी निकासी का बैंक खाता बदल दिया गया है');
    expectBothParts(added!, 'hi');
    expect(added!.text).toContain('आपकी Live Connect निकासी के लिए एक बैंक खाता जोड़ा गया');
    expect(added!.text).toContain('********9012');
    expect(added!.text).not.toContain(validBank.account_number);
    expect(added!.html).toContain('href="https://learn.example.in/forgot-password"');

    // The same account again (a branch name corrected): nothing to tell.
    expect((await bank.post('/bank-details', { ...validBank, bank_branch: 'Kochi MG Road' })).statusCode).toBe(200);
    // Another account: told, with its last digits.
    expect((await bank.post('/bank-details', { ...validBank, account_number: '555566667777' })).statusCode).toBe(200);
    const all = await receive(learner.email, 2);
    expect(all).toHaveLength(2);
    expect(all[1]!.text).toContain('जिस बैंक खाते में आपकी Live Connect निकासी भेजी जाती है');
    expect(all[1]!.text).toContain('********7777');
  });

  it('tells the old address the email was changed, naming the new one masked', async () => {
    const learner = await learnerIn('hi');
    const oldEmail = learner.email;
    const newEmail = `rahul.k.${Date.now()}@gmail.com`;
    const res = await t.client.as(learner.token).put('/profile', {
      first_name: 'Asha',
      last_name: 'Rao',
      mobile: '9876501234',
      email: newEmail,
      current_password: TEST_PASSWORD,
    });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);

    const [notice] = await receive(oldEmail);
    expect(notice!.subject).toBe('Live Connect: आपके खाते का ईमेल पता बदल दिया गया है');
    expectBothParts(notice!, 'hi');
    for (const part of [notice!.text, notice!.html]) {
      expect(part).toContain('ra****@gmail.com');
      expect(part).not.toContain(newEmail);
    }
    // The new address gets its verification code, in Hindi too.
    const [code] = await receive(newEmail);
    expect(code!.subject).toBe('Live Connect: ईमेल पता सत्यापित करने का कोड');
    expect(code!.text).toMatch(/ईमेल पता सत्यापित करने के लिए आपका Live Connect कोड है: \d{6}/);
    expect(mailsTo(oldEmail)).toHaveLength(1);
  });

  it('writes a notice with its change: none when the change rolls back; what a crash left, the reconciler sends once', async () => {
    const learner = await learnerIn('en');
    const entry = await pendingWithdrawal(learner);
    // The settling transaction fails after its mail was written: neither the settling nor the mail happened.
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        await tx
          .update(walletTransactions)
          .set({ status: 'Done', bankReference: 'UTR-ROLLED-BACK' })
          .where(eq(walletTransactions.id, entry.id));
        await sendWithdrawalMail(t.app.ctx, { withdrawalId: entry.id, within: tx });
        expect(await tx.select().from(mailOutbox)).toHaveLength(1);
        throw new Error("the operator's request died here");
      }),
    ).rejects.toThrow(/died here/);
    expect(await t.app.ctx.db.select().from(mailOutbox)).toEqual([]);

    // A crash right after the commit, before the relay: the mail is in the outbox, not yet queued.
    await t.app.ctx.db.transaction(async (tx) => {
      await tx
        .update(walletTransactions)
        .set({ status: 'Done', settledAt: new Date(), bankReference: 'UTR-CRASH' })
        .where(eq(walletTransactions.id, entry.id));
      await sendWithdrawalMail(t.app.ctx, { withdrawalId: entry.id, within: tx });
    });
    expect(await t.app.ctx.db.select().from(mailOutbox)).toHaveLength(1);
    // The reconciler's next run queues it, and the learner gets it.
    await reconcileJob.handler(t.app.ctx, {}, { id: 'reconcile-test', retryCount: 0, retryLimit: 0, log: quiet });
    expect(await t.app.ctx.db.select().from(mailOutbox)).toEqual([]);
    const [, mail] = await receive(learner.email, 2);
    expect(mail!.subject).toBe('Live Connect: your withdrawal of ₹200.00 has been paid');
    expect(mail!.text).toContain('UTR-CRASH');

    // A crash between queueing a mail and deleting its row (or two relays reading the same row at once): the
    // row is queued again. It is still delivered once.
    await t.app.ctx.db.transaction((tx) => sendWithdrawalMail(t.app.ctx, { withdrawalId: entry.id, within: tx }));
    const [left] = await t.app.ctx.db.select().from(mailOutbox);
    expect(await t.app.ctx.mailer.relayOutbox()).toBe(1);
    await t.app.ctx.db.insert(mailOutbox).values({ id: left!.id, data: left!.data });
    expect(await t.app.ctx.mailer.relayOutbox()).toBe(1);
    expect(await receive(learner.email, 3)).toHaveLength(3);
    expect(await t.app.ctx.db.select().from(mailOutbox)).toEqual([]);
  });
});

describe('transactional mail while the queue is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // SMTP configured, the queue stopped: nothing can be queued.
    t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    await setReferenceData(t.app);
    await t.app.ctx.jobs.stop();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never fails or holds back the request that caused it, and loses no notice: they wait in the outbox', async () => {
    const learner = await createLearner(t.app);
    const before = t.app.ctx.mailer.stats.notQueued;
    const changed = await t.client.as(learner.token).put('/password', {
      current_password: TEST_PASSWORD,
      password: 'NewSecret@456',
      password_confirmation: 'NewSecret@456',
    });
    expect(changed.statusCode).toBe(200);
    const admin = await createAdmin(t.app);
    await fundWithBank(t, learner, { current_password: 'NewSecret@456' });
    expect((await t.client.as(learner.token).post('/withdraw', { amount: 200 })).statusCode).toBe(200);
    const [entry] = await t.app.ctx.db
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.userId, learner.id), eq(walletTransactions.method, 'Withdraw')));
    const settled = await t.client
      .as(admin.token)
      .post(`/admin/withdrawals/${entry!.id}/settle`, { status: 'Done', bank_reference: 'UTR1' });
    expect(settled.statusCode).toBe(200);
    const waiting = await t.app.ctx.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(waiting.map((row) => (row.data as { to: string; subject: string }).to)).toEqual([
      learner.email,
      learner.email,
      learner.email,
    ]);
    expect(waiting.map((row) => (row.data as { subject: string }).subject)).toEqual([
      'Live Connect: your password was changed',
      'Live Connect: the bank account for your withdrawals was changed',
      'Live Connect: your withdrawal of ₹200.00 has been paid',
    ]);
    expect(t.app.ctx.mailer.stats.notQueued).toBe(before);
    // The operator sees them waiting.
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^live_connect_mail_outbox 3$/m);
  });

  it('counts and logs a notice that cannot be written at all, and still answers', async () => {
    const learner = await createLearner(t.app);
    const before = t.app.ctx.mailer.stats.notQueued;
    const send = vi.spyOn(t.app.ctx.mailer, 'send').mockRejectedValueOnce(new Error('disk full'));
    try {
      const changed = await t.client.as(learner.token).put('/password', {
        current_password: TEST_PASSWORD,
        password: 'NewSecret@456',
        password_confirmation: 'NewSecret@456',
      });
      expect(changed.statusCode).toBe(200);
    } finally {
      send.mockRestore();
    }
    // The change committed without its mail (the savepoint rolled back the mail alone).
    const signedIn = await t.client.post('/login', { email: learner.email, password: 'NewSecret@456' });
    expect(signedIn.statusCode).toBe(200);
    expect(t.app.ctx.mailer.stats.notQueued).toBe(before + 1);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^live_connect_mail_not_queued_total 1$/m);
  });
});

describe('transactional mail in the dev outbox (no SMTP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await withDevMailbox(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("writes the receipt once (without the attachment) and the OTP in the learner's language", async () => {
    const learner = await createLearner(t.app, { verified: false });
    await t.app.ctx.db.update(users).set({ language: 'hi' }).where(eq(users.id, learner.id));
    expect((await t.client.as(learner.token).get('/send-email-otp')).statusCode).toBe(200);
    expect(await latestOtp(t.client, learner.email)).toMatch(/^\d{6}$/);
    const outbox = async () =>
      ((await t.client.get('/dev/mailbox')).body as { to: string; subject: string; text: string }[]).filter(
        (m) => m.to === learner.email,
      );
    expect((await outbox())[0]!.subject).toBe('Live Connect: ईमेल पता सत्यापित करने का कोड');

    await t.app.ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, learner.id));
    const course = await createCourse(t.app, { pricePaise: 49_900 });
    const checkout = await t.client.as(learner.token).post('/checkout', { course_id: course.id });
    const { purchase_id: purchaseId, order_id: orderId } = checkout.body.data as {
      purchase_id: number;
      order_id: string;
    };
    const paid = await t.client.post('/sandbox/pay', { order_id: orderId, outcome: 'success' });
    const confirm = {
      payment_id: paid.body.razorpay_payment_id,
      order_id: orderId,
      signature: paid.body.razorpay_signature,
    };
    expect((await t.client.as(learner.token).post('/pay-now', confirm)).statusCode).toBe(200);
    expect((await t.client.as(learner.token).post('/pay-now', confirm)).statusCode).toBe(200);
    expect(
      await confirmPayment(t.app.ctx, {
        purchaseId,
        payment: { paymentId: paid.body.razorpay_payment_id, amountPaise: 49_900, currency: 'INR' },
      }),
    ).toBe('already-paid');
    const receipts = (await outbox()).filter((m) => m.subject.includes('रसीद'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('₹499.00');
  });
});

describe('a receipt whose first delivery is refused', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer({ refuseFirst: 1 });
    t = await createTestApp({ env: { SMTP_URL: smtp.url }, worker: { pollingIntervalSeconds: 0.5, schedules: false } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('is retried by the job that claimed it, and still arrives once', async () => {
    const learner = await createLearner(t.app);
    const course = await createCourse(t.app, { pricePaise: 49_900 });
    const checkout = await t.client.as(learner.token).post('/checkout', { course_id: course.id });
    const { order_id: orderId } = checkout.body.data as { order_id: string };
    const paid = await t.client.post('/sandbox/pay', { order_id: orderId, outcome: 'success' });
    const confirm = {
      payment_id: paid.body.razorpay_payment_id,
      order_id: orderId,
      signature: paid.body.razorpay_signature,
    };
    expect((await t.client.as(learner.token).post('/pay-now', confirm)).statusCode).toBe(200);
    await waitFor(() => smtp.received.some((m) => m.to.includes(learner.email)), 30_000);
    expect(smtp.refusals()).toBe(1);
    const receipts = smtp.received.filter((m) => m.to.includes(learner.email)).map((m) => parseMail(m.raw));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toMatch(/^Live Connect: payment receipt for /);
    expect(receipts[0]!.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
  });
});

describe('mail templates', () => {
  const base = { appName: 'Live Connect', to: 'a@example.com', firstName: '<img src=x onerror=alert(1)>' };
  const at = new Date('2026-11-24T09:05:00Z');
  const all = (language: 'en' | 'hi' | 'ml') => [
    otpMail({ ...base, language, code: '042917', purpose: 'verify_email', ttlMinutes: 10 }),
    otpMail({ ...base, language, code: '042917', purpose: 'reset_password', ttlMinutes: 10 }),
    receiptMail({
      ...base,
      language,
      item: { kind: 'course', name: 'Maths & <Science>' },
      amountPaise: 123_456_78,
      paidAt: at,
      orderReference: 'order_1',
      paymentReference: 'pay_1',
      invoiceNumber: 'INV/26-27/000001',
    }),
    withdrawalSettledMail({
      ...base,
      language,
      amountPaise: 20_000,
      transactionId: 'TXN1',
      bankReference: 'UTR<1>',
      account: 'SBI ********9012',
      settledAt: at,
    }),
    withdrawalRejectedMail({ ...base, language, amountPaise: 20_000, transactionId: 'TXN1', reason: '"Name" & <PAN>' }),
    passwordChangedMail({ ...base, language, changedAt: at, resetUrl: 'https://x.in/forgot-password?a=1&b=2' }),
    emailChangedMail({ ...base, language, newEmailMasked: 'ra****@gmail.com', changedAt: at }),
    refundMail({
      ...base,
      language,
      item: { kind: 'course', name: 'Maths & <Science>' },
      amountPaise: 39_900,
      refundedAt: at,
      paymentReference: 'pay_<1>',
      creditNoteNumber: 'CN/26-27/000001',
      quizPointsTakenBack: { points: 30, redeemedPoints: 10, paise: 1_000 },
    }),
    refundMail({
      ...base,
      language,
      item: { kind: 'batch', name: 'Class 8' },
      amountPaise: 39_900,
      refundedAt: at,
      paymentReference: null,
      creditNoteNumber: null,
      child: 'Anu <K>',
    }),
    withdrawalReturnedMail({
      ...base,
      language,
      amountPaise: 20_000,
      transactionId: 'TXN1',
      bankReference: 'UTR1',
      reason: 'Account <closed>',
      recoveredPaise: 5_000,
    }),
  ];

  it('escapes every interpolated value in the HTML part and keeps it as written in the text part', () => {
    for (const language of ['en', 'hi', 'ml'] as const) {
      const [verify, reset, ...named] = all(language);
      for (const mail of all(language)) expect(mail.html, mail.subject).not.toMatch(/<img|<Science>|<PAN>|UTR<1>/);
      for (const mail of named) {
        expect(mail.text).toContain(base.firstName);
        expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      }
      // The one-time codes go to addresses nobody has proved yet: no name, which anyone could have typed (decision 064).
      for (const mail of [verify!, reset!]) expect(mail.text).not.toContain(base.firstName);
    }
    const [, , receipt, settled, rejected, changed] = all('en');
    expect(receipt!.html).toContain('Maths &amp; &lt;Science&gt;');
    expect(receipt!.text).toContain('Maths & <Science>');
    expect(receipt!.text).toContain('₹1,23,456.78');
    expect(settled!.html).toContain('UTR&lt;1&gt;');
    expect(rejected!.html).toContain('&quot;Name&quot; &amp; &lt;PAN&gt;');
    expect(changed!.html).toContain('href="https://x.in/forgot-password?a=1&amp;b=2"');
    const [refund, guardianCopy, returned] = all('en').slice(-3);
    expect(refund!.html).toContain('pay_&lt;1&gt;');
    expect(refund!.text).toContain(
      'The Quiz Points you earned on it (30) were taken back with it. You had already redeemed 10 of them, so ₹10.00 was taken from your wallet for those.',
    );
    expect(guardianCopy!.html).toContain('Anu &lt;K&gt;');
    expect(guardianCopy!.text).toContain(
      "We have refunded the payment for Batch fee: Class 8 made on Anu <K>'s account.",
    );
    // No credit note, no Quiz Points in the guardian's copy: neither is said.
    expect(guardianCopy!.text).not.toMatch(/Quiz Points|credit note/);
    expect(returned!.html).toContain('Account &lt;closed&gt;');
    expect(returned!.text).toContain('Of the ₹200.00, ₹50.00 paid back money');
    expect(returned!.text).not.toContain('could not pay');
  });

  it('writes Hindi and Malayalam mails without English left in them (beyond names, numbers and references)', () => {
    const english =
      /\b(Hello|Your|code|receipt|payment|withdrawal|password|email|reference|Amount|Paid|Reason|This|If)\b/;
    for (const language of ['hi', 'ml'] as const) {
      for (const mail of all(language)) {
        expect(mail.subject.replace('Live Connect', ''), mail.subject).not.toMatch(english);
        // The text part, less the values put in (the app's name, the address, the URL).
        const words = mail.text
          .replaceAll('Live Connect', '')
          .replaceAll('a@example.com', '')
          .replace(/https:\S+/g, '');
        expect(words, mail.subject).not.toMatch(english);
      }
    }
  });

  it("dates the mails in India time, in the reader's language", () => {
    const [, , en] = all('en');
    const [, , hi] = all('hi');
    expect(en!.text).toContain('Paid on: 24 Nov 2026, 2:35 pm IST');
    expect(hi!.text).toMatch(/भुगतान की तारीख: 24 नव॰ 2026, 2:35 pm IST/);
  });
});
