import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, messages } from '@app/contracts';
import {
  accessTokens,
  bankDetails,
  certificates,
  courses,
  devMailbox,
  emailOtps,
  erasureFollowUps,
  guardianConsents,
  idempotencyKeys,
  invoices,
  levelAchievements,
  mailOutbox,
  purchases,
  quizAttempts,
  referralSignups,
  sandboxPayments,
  subjectProgress,
  users,
  walletTransactions,
  withdrawalAccounts,
} from '@app/db';
import { createTestApp, lockWaits, waitFor, type TestApp, type TestClient } from './helpers.ts';
import { createLearner, getUser, TEST_PASSWORD, type Learner } from './fixtures.ts';
import { auditOf, buyThroughSandbox, createAdmin } from './admin-fixtures.ts';
import { createCourse } from './catalogue-fixtures.ts';
import { createMinor, dobForAge, giveConsentByEmail } from './consent-fixtures.ts';
import {
  fundWithBank,
  ledgerOf,
  multipartFile,
  payPurchase,
  pendingPurchase,
  setReferenceData,
  validBank,
} from './wallet-fixtures.ts';
import { confirmPayment } from '../src/services/payments/confirm-payment.ts';
import { settleDueWallets } from '../src/services/wallet/index.ts';
import { assertPopplerInstalled, pdfTextLines } from './pdf-text.ts';
import { registerForm, signUp } from './accounts-helpers.ts';
import { postgresErrorCode } from '../src/lib/postgres-error.ts';
import { balanceSnapshotKey, writeBalanceSnapshot } from '../src/services/admin/reports/balance-snapshots.ts';
import { balancesRegister } from '../src/services/admin/reports/balances-register.ts';
import { erasureFollowUpJob } from '../src/services/admin/people/erasure-follow-up-job.ts';
import { createRazorpayTestApp, type FakeRazorpay } from './payments-fake-razorpay.ts';

/** What a write ends with: 'written', or the SQLSTATE the database refused it with. */
const outcomeOf = (write: PromiseLike<unknown>) =>
  Promise.resolve(write).then(
    () => 'written',
    (error: unknown) => postgresErrorCode(error) ?? String(error),
  );

/** An erased learner's address: the id and a random part (unguessable, so nobody can take it first). */
const placeholderOf = (id: number) => expect.stringMatching(new RegExp(`^erased-${id}-[0-9a-f]{16}@erased\\.invalid$`));

/** A small PNG, as a learner uploads it. */
const photoUpload = async () => {
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#c83' } })
    .png()
    .toBuffer();
  return multipartFile('file', 'me.png', 'image/png', png);
};

/**
 * Decision 066: the privacy page promises that an account's data is deleted on request (DPDP Act 2023 s.12), except
 * invoices and payment records; the operator does it from the console, one learner at a time.
 */
describe('admin: deleting a learner’s personal data', () => {
  let t: TestApp;
  let admin: Learner;

  beforeAll(async () => {
    assertPopplerInstalled();
    t = await createTestApp();
    await setReferenceData(t.app);
    admin = await createAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const as = (token = admin.token): TestClient => t.client.as(token);
  const erase = (id: number, body: Record<string, unknown>, client: TestClient = as()) =>
    client.post(`/admin/users/${id}/erase`, body);
  const db = () => t.app.ctx.db;
  const countOf = async (table: any, column: any, id: number) =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(eq(column, id))
    )[0]!.n;

  /** A minor with everything a learner can leave behind, referred by `referrer`. */
  async function fullLearner(referrer: Learner) {
    const child = await createMinor(t, 15);
    await db().update(users).set({ referrerId: referrer.id }).where(eq(users.id, child.id));
    await db().insert(referralSignups).values({ referrerId: referrer.id, userId: child.id, ip: '203.0.113.7' });
    await db()
      .update(users)
      .set({
        firstName: 'Asha',
        lastName: 'Rao',
        mobile: '9812345678',
        city: 'Kochi',
        state: 'kerala',
        address: '12 Lake Road',
        landmark: 'Near the temple',
        pin: '682001',
        occupation: 'Student',
        qualification: 'Class 9',
        about: 'Likes physics',
        signupIp: '203.0.113.7',
      })
      .where(eq(users.id, child.id));
    await giveConsentByEmail(t, child, `parent-${child.id}@example.com`);
    // ₹500 Done and bank details (the API's own path: the PAN and account number are stored).
    await fundWithBank(t, child);
    // A paid course: its invoice copies the buyer as they were.
    const purchaseId = await payPurchase(t.app, child.id, 59_000);
    // A photo, through the API: a real file in the app's storage.
    const { body, headers } = await photoUpload();
    const photo = await as(child.token).post('/profile/photo', body, headers);
    expect(photo.statusCode, JSON.stringify(photo.body)).toBe(200);
    const photoKey = (photo.body.data as string).replace(/^\/media\//, '');
    // Learning, a quiz, a certificate, a code, a saved answer, a mail waiting in the outbox.
    const [course] = await db().select({ id: courses.id }).from(courses).limit(1);
    await db()
      .insert(subjectProgress)
      .values({ userId: child.id, subjectId: 1, courseId: course!.id, positionSeconds: 30 });
    await db()
      .insert(quizAttempts)
      .values({ userId: child.id, subjectId: 1, questionIds: [1, 2, 3] });
    const certificateId = randomBytes(16).toString('hex');
    await db().insert(certificates).values({
      id: certificateId,
      userId: child.id,
      courseId: course!.id,
      purchaseId,
      holderName: 'Asha Rao',
      courseName: 'Physics',
      issuedAt: t.clock.now(),
    });
    await db().insert(emailOtps).values({
      userId: child.id,
      purpose: 'reset_password',
      codeHash: 'x',
      sentTo: child.email.toLowerCase(),
      expiresAt: t.clock.now(),
    });
    await db()
      .insert(idempotencyKeys)
      .values({ userId: child.id, key: 'k1', route: '/withdraw', requestHash: 'h', responseBody: { name: 'Asha' } });
    await db()
      .insert(mailOutbox)
      .values({ data: { to: child.email.toUpperCase(), subject: 'Password changed', sealed: 'x' } });
    return { child, purchaseId, photoKey, certificateId, guardianEmail: `parent-${child.id}@example.com` };
  }

  it('erases every piece of personal data, keeps the books, and the learner can neither sign in nor be seen', async () => {
    const referrer = await createLearner(t.app);
    const { child, purchaseId, photoKey, certificateId, guardianEmail } = await fullLearner(referrer);
    const before = await getUser(t.app, child.id);
    const [consentBefore] = await db().select().from(guardianConsents).where(eq(guardianConsents.userId, child.id));
    const ledgerBefore = await ledgerOf(t.app, child.id);
    expect(await t.app.ctx.storage.get(photoKey)).not.toBeNull();

    const page = await as().get(`/admin/users/${child.id}`);
    expect(page.body.data.erasure).toBeNull();
    expect(page.body.data.wallet).toEqual({ points: 0, balance: 500, held: { points: 0, balance: 0 } });

    const res = await erase(child.id, { reference: '  Ticket #4411 from the parent  ', confirm_email: child.email });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(adminMessages.erased);
    expect(res.body.data.erasure).toMatchObject({ erased_by: { id: admin.id } });
    expect(res.body.data.profile).toMatchObject({
      first_name: 'Deleted',
      last_name: 'learner',
      email: placeholderOf(child.id),
      mobile: '',
      city: null,
      state: null,
      signup_ip: null,
      referral_code: child.referralCode,
    });
    expect(res.body.data.consent).toMatchObject({ date_of_birth: null, guardian: null });

    // The row: every personal field gone, the id, code, roles and wallet sums kept.
    const after = await getUser(t.app, child.id);
    expect(after).toMatchObject({
      firstName: 'Deleted',
      lastName: 'learner',
      email: placeholderOf(child.id),
      emailCanonical: res.body.data.profile.email,
      mobile: '',
      passwordHash: 'erased',
      dateOfBirth: null,
      city: null,
      state: null,
      address: null,
      landmark: null,
      pin: null,
      occupation: null,
      qualification: null,
      about: null,
      profilePhotoPath: null,
      emailVerifiedAt: null,
      signupIp: null,
      erasedBy: admin.id,
      referralCode: before.referralCode,
      referrerId: referrer.id,
      balancePaise: before.balancePaise,
      points: before.points,
    });
    expect(after.erasedAt).toBeInstanceOf(Date);
    // Tables: sessions, codes, saved answers, bank details, learning, quizzes, certificates all gone.
    expect(await countOf(accessTokens, accessTokens.userId, child.id)).toBe(0);
    expect(await countOf(emailOtps, emailOtps.userId, child.id)).toBe(0);
    expect(await countOf(idempotencyKeys, idempotencyKeys.userId, child.id)).toBe(0);
    expect(await countOf(bankDetails, bankDetails.userId, child.id)).toBe(0);
    expect(await countOf(subjectProgress, subjectProgress.userId, child.id)).toBe(0);
    expect(await countOf(quizAttempts, quizAttempts.userId, child.id)).toBe(0);
    expect(await countOf(certificates, certificates.userId, child.id)).toBe(0);
    const [signup] = await db().select().from(referralSignups).where(eq(referralSignups.userId, child.id));
    expect(signup).toMatchObject({ referrerId: referrer.id, ip: '' });
    // The consent keeps that it was given and when, no name, contact, address or browser; its link opens nothing.
    const [consent] = await db().select().from(guardianConsents).where(eq(guardianConsents.userId, child.id));
    expect(consent).toMatchObject({
      status: 'given',
      givenAt: consentBefore!.givenAt,
      guardianName: '',
      guardianEmail: null,
      guardianMobile: null,
      answerIp: null,
      answerUserAgent: null,
      tokenHash: `erased:${consent!.id}`,
    });
    // No mail waits for the old address or the guardian's.
    const outbox = await db().select().from(mailOutbox);
    expect(outbox.filter((m) => JSON.stringify(m.data).toLowerCase().includes(child.email))).toEqual([]);
    const mailbox = await db().select().from(devMailbox);
    expect(mailbox.filter((m) => [child.email, guardianEmail].includes(m.to.toLowerCase()))).toEqual([]);
    // The photo's file is gone from storage.
    expect(await t.app.ctx.storage.get(photoKey)).toBeNull();

    // The old token: 401. The old email: an unknown account, said as for an address never registered.
    expect((await as(child.token).get('/me')).statusCode).toBe(401);
    const login = await t.client.post('/login', { email: child.email, password: TEST_PASSWORD });
    const unknown = await t.client.post('/login', { email: 'nobody-ever@example.com', password: TEST_PASSWORD });
    expect(login.statusCode).toBe(422);
    expect(login.body).toEqual(unknown.body);
    expect(login.body.errors.email).toEqual([messages.invalidCredentials]);
    const placeholder = await t.client.post('/login', { email: after.email, password: TEST_PASSWORD });
    expect(placeholder.statusCode).toBe(422);
    // The certificate's public page no longer exists, so names nobody.
    const certificate = await t.client.get(`/certificates/${certificateId}`);
    expect(certificate.statusCode).toBe(404);
    expect(JSON.stringify(certificate.body)).not.toContain('Asha');
    // Their referral code signs nobody up.
    expect((await t.client.post('/reference-user-validate', { reference_user: child.referralCode })).statusCode).toBe(
      400,
    );
    // The address can register anew.
    await signUp(t.client, { email: child.email });

    // The books: the ledger as it was, the withdrawal-free wallet untouched, the invoice with the buyer as billed.
    expect(await ledgerOf(t.app, child.id)).toEqual(ledgerBefore);
    const [invoice] = await db()
      .select()
      .from(invoices)
      .where(and(eq(invoices.purchaseId, purchaseId), eq(invoices.kind, 'invoice')));
    expect(invoice).toMatchObject({ buyerName: 'Asha Rao', buyerEmail: child.email, buyerCity: 'Kochi' });
    const pdf = await as().get(`/admin/invoices/${purchaseId}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const pdfRes = await t.app.inject({
      method: 'GET',
      url: `/live-connect/api/admin/invoices/${purchaseId}/pdf`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const text = pdfTextLines(pdfRes.rawPayload).join('\n');
    expect(text).toContain('Asha Rao');
    expect(text).toContain(child.email);

    // Their referrer's commission no longer names them; its amount stays, and the ledger still refuses any other change.
    const commissions = await db()
      .select({ id: walletTransactions.id, description: walletTransactions.description })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.userId, referrer.id), eq(walletTransactions.purchaseId, purchaseId)));
    expect(commissions.map((row) => row.description)).toEqual(["10% commission on Deleted learner's purchase"]);
    const refused = await db()
      .update(walletTransactions)
      .set({ amountPaise: 1 })
      .where(eq(walletTransactions.id, commissions[0]!.id))
      .then(
        () => 'changed',
        (error: unknown) => String((error as { cause?: unknown }).cause ?? error),
      );
    expect(refused).toContain('only a Pending row can be settled');

    // Their referrer sees a 'Deleted learner', no email.
    const tree = await as(referrer.token).get('/tree');
    expect(tree.body.data.data).toEqual([
      expect.objectContaining({
        id: child.id,
        name: 'Deleted learner',
        email: '',
        is_erased: true,
        referral_code: child.referralCode,
      }),
    ]);
    // The console's list too.
    const list = await as().get(`/admin/users?q=${child.referralCode}`);
    expect(list.body.data.data[0]).toMatchObject({ id: child.id, name: 'Deleted learner' });

    // Audited with the reference and what the wallet gave up, and none of the erased data.
    const audit = (await auditOf(t.app, 'users', child.id)).filter((row) => row.action === 'user.erase');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      after: { reference: 'Ticket #4411 from the parent', given_up: { balance: 500, points: 0 } },
    });
    const recorded = JSON.stringify(audit[0]).toLowerCase();
    for (const personal of [child.email, 'asha', 'rao', '9812345678', 'kochi', guardianEmail, before.dateOfBirth!])
      expect(recorded).not.toContain(personal.toLowerCase());

    // Done once.
    const again = await erase(child.id, { reference: 'again', confirm_email: after.email });
    expect(again).toMatchObject({ statusCode: 400, body: { message: adminMessages.alreadyErased } });
  });

  it('refuses an operator, a wrong confirmation, a missing reference, and answers 404, 403 and 422 as every route', async () => {
    const other = await createAdmin(t.app);
    const refused = await erase(other.id, { reference: 'ticket 1', confirm_email: other.email });
    expect(refused).toMatchObject({ statusCode: 400, body: { message: adminMessages.eraseAdmin } });

    const learner = await createLearner(t.app);
    const wrong = await erase(learner.id, { reference: 'ticket 2', confirm_email: 'someone@example.com' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body.errors).toEqual({ confirm_email: [adminMessages.eraseConfirmWrong] });
    const blank = await erase(learner.id, { reference: '   ', confirm_email: learner.email });
    expect(blank.statusCode).toBe(422);
    expect(blank.body.errors.reference).toEqual([adminMessages.eraseReferenceRequired]);
    const long = await erase(learner.id, { reference: 'x'.repeat(501), confirm_email: learner.email });
    expect(long.statusCode).toBe(422);
    expect((await erase(learner.id, {})).statusCode).toBe(422);
    expect((await erase(999_999, { reference: 'r', confirm_email: 'a@b.c' })).statusCode).toBe(404);
    expect((await t.client.post('/admin/users/abc/erase', { reference: 'r', confirm_email: 'a@b.c' })).statusCode).toBe(
      401,
    );
    expect(
      (await erase(learner.id, { reference: 'r', confirm_email: learner.email }, as(learner.token))).statusCode,
    ).toBe(403);
    // Nothing was erased by any of them; the confirmation is compared without case or spaces around.
    expect((await getUser(t.app, learner.id)).erasedAt).toBeNull();
    const ok = await erase(learner.id, { reference: 'ticket 3', confirm_email: `  ${learner.email.toUpperCase()} ` });
    expect(ok.statusCode).toBe(200);
  });

  it('ATTACK: refuses while a withdrawal waits or is being paid (money may be on its way), then erases once it is settled', async () => {
    const learner = await createLearner(t.app);
    await fundWithBank(t, learner);
    expect((await as(learner.token).post('/withdraw', { amount: 200 })).statusCode).toBe(200);
    const [withdrawal] = await db()
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.userId, learner.id), eq(walletTransactions.method, 'Withdraw')));
    const body = { reference: 'mail of 1 Dec', confirm_email: learner.email };

    const waiting = await erase(learner.id, body);
    expect(waiting).toMatchObject({ statusCode: 400, body: { message: adminMessages.erasePendingWithdrawal } });
    expect((await as().post(`/admin/withdrawals/${withdrawal!.id}/payout`)).statusCode).toBe(200);
    const paying = await erase(learner.id, body);
    expect(paying).toMatchObject({ statusCode: 400, body: { message: adminMessages.erasePendingWithdrawal } });
    expect((await getUser(t.app, learner.id)).email).toBe(learner.email);
    expect(await countOf(bankDetails, bankDetails.userId, learner.id)).toBe(1);

    const settled = await as().post(`/admin/withdrawals/${withdrawal!.id}/settle`, {
      status: 'Done',
      bank_reference: `UTR${randomBytes(4).toString('hex')}`,
    });
    expect(settled.statusCode, JSON.stringify(settled.body)).toBe(200);
    const done = await erase(learner.id, body);
    expect(done.statusCode).toBe(200);
    expect(done.body.data.wallet).toEqual({ points: 0, balance: 300, held: { points: 0, balance: 0 } });
    // The settled withdrawal and the account it was paid to stay: the payouts register names them.
    const [paid] = await db().select().from(walletTransactions).where(eq(walletTransactions.id, withdrawal!.id));
    expect(paid).toMatchObject({ status: 'Done' });
    const kept = await db()
      .select()
      .from(withdrawalAccounts)
      .where(eq(withdrawalAccounts.walletTransactionId, withdrawal!.id));
    expect(kept).toHaveLength(1);
  });

  it('ATTACK: an erased account earns nothing from its sub-users’ later purchases (a wallet nobody can use)', async () => {
    const referrer = await createLearner(t.app);
    const first = await createLearner(t.app);
    const second = await createLearner(t.app);
    await db()
      .update(users)
      .set({ referrerId: referrer.id })
      .where(inArray(users.id, [first.id, second.id]));
    await payPurchase(t.app, first.id, 50_000);
    expect(await countOf(walletTransactions, walletTransactions.userId, referrer.id)).toBe(1); // the commission
    const erased = await erase(referrer.id, { reference: 'mail of 1 Dec', confirm_email: referrer.email });
    expect(erased.statusCode, JSON.stringify(erased.body)).toBe(200);
    const purchaseId = await payPurchase(t.app, second.id, 50_000);
    expect(await countOf(walletTransactions, walletTransactions.userId, referrer.id)).toBe(1);
    const [paid] = await db().select({ status: purchases.status }).from(purchases).where(eq(purchases.id, purchaseId));
    expect(paid?.status).toBe('paid'); // the sub-user's purchase itself goes through, invoice and all
    expect(await countOf(invoices, invoices.purchaseId, purchaseId)).toBe(1);
  });

  it('ATTACK: a held sign-up released after its referrer was erased pays the erased account no level reward', async () => {
    // The release counted the sub-user for the erased referrer's level and credited its reward (10,000 paise and 100
    // points, Done): a wallet nobody can use, carried as owed for ever. The purchase path already skipped them.
    const referrer = await createLearner(t.app);
    const active = await createLearner(t.app, { referrerId: referrer.id });
    const held = await createLearner(t.app, { referrerId: referrer.id });
    await db().update(users).set({ referralStatus: 'held' }).where(eq(users.id, held.id));
    await payPurchase(t.app, active.id, 50_000);
    await payPurchase(t.app, held.id, 50_000);
    const before = (await ledgerOf(t.app, referrer.id)).map((e) => e.method);
    expect(before).toEqual(['Referral Commission']); // earned before the erasure: kept (the books stay)
    expect((await erase(referrer.id, { reference: 'ticket', confirm_email: referrer.email })).statusCode).toBe(200);

    const released = await as().post(`/admin/referrals/${held.id}/release`);
    expect(released.statusCode, JSON.stringify(released.body)).toBe(200);
    expect(released.body.data).toMatchObject({ referral_status: 'released', counted_now: false, level_achieved: null });
    expect((await ledgerOf(t.app, referrer.id)).map((e) => e.method)).toEqual(before);
    const [row] = await db().select({ points: users.points }).from(users).where(eq(users.id, referrer.id));
    expect(row?.points).toBe(0);
    expect(await countOf(levelAchievements, levelAchievements.userId, referrer.id)).toBe(0);
    // The release itself is recorded and audited, as for any referrer.
    const [sub] = await db()
      .select({ status: users.referralStatus, counted: users.countedLevel })
      .from(users)
      .where(eq(users.id, held.id));
    expect(sub).toEqual({ status: 'released', counted: null });
    expect(await auditOf(t.app, 'users', held.id)).toContainEqual(
      expect.objectContaining({
        action: 'referral.release',
        after: { referral_status: 'released', counted_now: false, level_achieved: null },
      }),
    );
  });

  it("an erased sub-user's purchase can still be refunded: the referral bookkeeping on their row may change", async () => {
    const referrer = await createLearner(t.app);
    const buyer = await createLearner(t.app);
    await db().update(users).set({ referrerId: referrer.id }).where(eq(users.id, buyer.id));
    const { purchaseId } = await buyThroughSandbox(t, buyer, 50_000);
    const [counted] = await db().select({ level: users.countedLevel }).from(users).where(eq(users.id, buyer.id));
    expect(counted?.level).toBe(1); // counted for Starter (decision 070)
    expect((await erase(buyer.id, { reference: 'mail of 1 Dec', confirm_email: buyer.email })).statusCode).toBe(200);
    const refunded = await as().post(`/admin/purchases/${purchaseId}/refund`);
    expect(refunded.statusCode, JSON.stringify(refunded.body)).toBe(200);
    const [after] = await db()
      .select({ level: users.countedLevel, activatedAt: users.activatedAt })
      .from(users)
      .where(eq(users.id, buyer.id));
    expect(after).toEqual({ level: null, activatedAt: null });
  });

  it('ATTACK: an erased row takes no personal data back: the database refuses every write of it, the API answers 400', async () => {
    const learner = await createLearner(t.app);
    await fundWithBank(t, learner);
    expect((await erase(learner.id, { reference: 'ticket', confirm_email: learner.email })).statusCode).toBe(200);

    // An operator's correction reaching the erased row: 400, nothing written.
    const dob = await as().put(`/admin/users/${learner.id}/date-of-birth`, {
      date_of_birth: dobForAge(t.clock.now(), 15),
    });
    expect(dob).toMatchObject({ statusCode: 400, body: { message: messages.accountErased } });
    expect((await getUser(t.app, learner.id)).dateOfBirth).toBeNull();

    // Whatever path a write takes (migration 0038): the row's personal columns, a column added later...
    const onRow = (values: Partial<typeof users.$inferInsert>) =>
      outcomeOf(db().update(users).set(values).where(eq(users.id, learner.id)));
    for (const values of [
      { firstName: 'Asha' },
      { email: learner.email, emailCanonical: learner.email },
      { mobile: '9812345678' },
      { city: 'Kochi', address: '12 Lake Road' },
      { profilePhotoPath: '/media/profile-photos/x.png' },
      { passwordHash: 'argon2id$x' },
      { signupIp: '203.0.113.7' },
      { referralCode: 'NEWCODE1' },
    ])
      expect(await onRow(values), JSON.stringify(values)).toBe('ER066');
    // ...and the tables the erasure emptied: bank details, sessions, codes, a guardian's contact.
    const now = t.clock.now();
    const bank = {
      userId: learner.id,
      fullName: 'Asha Rao',
      bankName: 'SBI',
      bankBranch: 'Kochi',
      accountNumberEncrypted: 'x',
      accountLast4: '9012',
      accountNumberHash: 'h',
      ifscCode: 'SBIN0001234',
      panCard: 'ABCDE1234F',
    };
    expect(await outcomeOf(db().insert(bankDetails).values(bank))).toBe('ER066');
    expect(
      await outcomeOf(db().insert(accessTokens).values({ userId: learner.id, tokenHash: 'x', createdAt: now })),
    ).toBe('ER066');
    expect(
      await outcomeOf(
        db().insert(emailOtps).values({
          userId: learner.id,
          purpose: 'verify_email',
          codeHash: 'x',
          sentTo: 'x@example.com',
          expiresAt: now,
        }),
      ),
    ).toBe('ER066');
    const consent = { userId: learner.id, guardianName: 'Ravi', tokenHash: 'x', status: 'pending', createdAt: now };
    expect(
      await outcomeOf(
        db()
          .insert(guardianConsents)
          .values({ ...consent, guardianEmail: 'r@example.com' }),
      ),
    ).toBe('ER066');
    // What the books and the referral tree still change passes: wallet sums, activation, the review, the language.
    expect(await onRow({ points: 5, activatedAt: now, referralStatus: 'held', language: 'hi', updatedAt: now })).toBe(
      'written',
    );
    // And another learner's rows are untouched by the rule.
    const other = await createLearner(t.app);
    expect(await outcomeOf(db().update(users).set({ city: 'Kochi' }).where(eq(users.id, other.id)))).toBe('written');
    expect(
      await outcomeOf(
        db()
          .insert(bankDetails)
          .values({ ...bank, userId: other.id }),
      ),
    ).toBe('written');
  });

  it('ATTACK: nobody can take an erased account’s address first and block its erasure', async () => {
    const victim = await createLearner(t.app);
    // The placeholder's domain is refused at sign-up and in the profile, with the email field's 422.
    const guessed = `erased-${victim.id}@erased.invalid`;
    const signup = await t.client.post('/register', registerForm({ email: guessed.toUpperCase() }));
    expect(signup.statusCode).toBe(422);
    expect(signup.body.errors.email).toEqual([messages.emailReserved]);
    const attacker = await createLearner(t.app, { mobile: '9812300001' });
    const move = await as(attacker.token).put('/profile', {
      first_name: 'A',
      last_name: 'B',
      email: guessed,
      mobile: '9812300001',
      current_password: TEST_PASSWORD,
    });
    expect(move.statusCode).toBe(422);
    expect(move.body.errors.email).toEqual([messages.emailReserved]);
    // An account that took the old, guessable form before the field refused it blocks nothing: the address the
    // erasure writes has a random part.
    await db().update(users).set({ email: guessed, emailCanonical: guessed }).where(eq(users.id, attacker.id));
    const res = await erase(victim.id, { reference: 'ticket', confirm_email: victim.email });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.profile.email).toEqual(placeholderOf(victim.id));
  });

  it('answers a unique index refusing what the erasure writes with a 400, nothing erased', async () => {
    // The two rows' mobiles made unique by an index for this test alone: erased, both would be ''.
    const first = await createLearner(t.app);
    const second = await createLearner(t.app);
    expect((await erase(first.id, { reference: 'ticket', confirm_email: first.email })).statusCode).toBe(200);
    await db().execute(
      sql.raw(`CREATE UNIQUE INDEX zz_erased_mobile ON users (mobile) WHERE id IN (${first.id}, ${second.id})`),
    );
    try {
      const res = await erase(second.id, { reference: 'ticket', confirm_email: second.email });
      expect(res).toMatchObject({ statusCode: 400, body: { message: adminMessages.eraseConflict } });
      expect((await getUser(t.app, second.id)).erasedAt).toBeNull();
    } finally {
      await db().execute(sql`DROP INDEX zz_erased_mobile`);
    }
  });

  it('takes a reference with a lone surrogate (JSON can carry one, jsonb cannot): stored as U+FFFD, never a 500', async () => {
    const learner = await createLearner(t.app);
    const res = await erase(learner.id, { reference: 'ticket \ud800 7', confirm_email: learner.email });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const audit = await auditOf(t.app, 'users', learner.id);
    expect(audit.at(-1)?.after).toMatchObject({ reference: 'ticket \ufffd 7' });
  });

  it('ATTACK: credits still held when the account is erased are cancelled, never released into a wallet nobody can use', async () => {
    await setReferenceData(t.app, { refund_window_days: 7 });
    try {
      const referrer = await createLearner(t.app);
      const first = await createLearner(t.app, { referrerId: referrer.id });
      const second = await createLearner(t.app, { referrerId: referrer.id });
      // The first commission's window ends before the erasure (due, not yet released by the reconciler); the second's
      // is still open.
      const firstPurchase = await payPurchase(t.app, first.id, 50_000);
      t.clock.advance(8 * 86_400_000);
      const secondPurchase = await payPurchase(t.app, second.id, 50_000);
      const before = await as().get(`/admin/users/${referrer.id}`);
      const held = before.body.data.wallet.held as { balance: number; points: number };
      expect(held.balance).toBeGreaterThanOrEqual(100);

      const res = await erase(referrer.id, { reference: 'ticket 9', confirm_email: referrer.email });
      expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.wallet.held).toEqual({ points: 0, balance: 0 });
      const commissions = (await ledgerOf(t.app, referrer.id))
        .filter((e) => e.method === 'Referral Commission')
        .map((e) => [e.purchaseId, e.status]);
      // The due one is earned (as the earnings register already counts it) and given up with the wallet; the other
      // is cancelled.
      expect(commissions).toEqual([
        [firstPurchase, 'Done'],
        [secondPurchase, 'Rejected'],
      ]);
      const audit = await auditOf(t.app, 'users', referrer.id);
      const givenUp = (audit.at(-1)?.after as { given_up: { balance: number; held: { balance: number } } }).given_up;
      // The wallet (the first commission in it) and what was still held (the second commission, and the level reward
      // the two sub-users completed, held with it).
      expect(givenUp.balance).toBe(res.body.data.wallet.balance);
      expect(givenUp.held.balance).toBeGreaterThanOrEqual(50);
      expect(res.body.data.wallet.balance).toBeGreaterThanOrEqual(50);

      // The second window ends: nothing more reaches the erased wallet.
      const balance = res.body.data.wallet.balance as number;
      t.clock.advance(8 * 86_400_000);
      await settleDueWallets(db(), { now: t.app.ctx.now() });
      const [wallet] = await db()
        .select({ balancePaise: users.balancePaise })
        .from(users)
        .where(eq(users.id, referrer.id));
      expect(wallet?.balancePaise).toBe(Math.round(balance * 100));
    } finally {
      await setReferenceData(t.app, { refund_window_days: 0 });
    }
  });

  it('ATTACK: the stored month-end balance snapshots lose the learner’s name and email, keep the PAN and every other byte', async () => {
    const learner = await createLearner(t.app);
    await fundWithBank(t, learner, { pan_card: 'ERASD1234E' });
    // Another learner whose name needs quoting and formula escaping: their line must come back as it was written.
    const other = await createLearner(t.app);
    await db().update(users).set({ firstName: '=Ravi, "R"', lastName: 'Nair' }).where(eq(users.id, other.id));
    await fundWithBank(t, other, { pan_card: 'OTHER1234F' });
    // This month's end, as the job stores it, and an older month's file.
    const { month } = await writeBalanceSnapshot(t.app.ctx);
    const older = balanceSnapshotKey('2020-01');
    await t.app.ctx.storage.put(older, Buffer.from((await balancesRegister(db(), t.clock.now())).csv), 'text/csv');
    const keys = [balanceSnapshotKey(month), older];
    const read = async (key: string) => (await buffer((await t.app.ctx.storage.get(key))!.stream)).toString('utf8');
    const before = await Promise.all(keys.map(read));
    for (const text of before) {
      expect(text).toContain(`${learner.id},Test Learner,${learner.email},ERASD1234E,500.00,`);
      expect(text).toContain(`${other.id},"'=Ravi, ""R"" Nair",${other.email},OTHER1234F,500.00,`);
    }

    const res = await erase(learner.id, { reference: 'ticket', confirm_email: learner.email });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const placeholder = res.body.data.profile.email as string;
    const after = await Promise.all(keys.map(read));
    after.forEach((text, i) =>
      expect(text).toBe(
        before[i]!.replace(
          `${learner.id},Test Learner,${learner.email},`,
          `${learner.id},${adminMessages.deletedLearner},${placeholder},`,
        ),
      ),
    );
    // As the operator downloads it.
    const download = await as().get(`/admin/reports/balances/snapshots/${month}`);
    expect(download.body).not.toContain(learner.email);
    expect(download.body).toContain('ERASD1234E');
  });

  it('fails a checkout left open: a payment arriving after the erasure is given back, not invoiced to nobody', async () => {
    const learner = await createLearner(t.app);
    const purchaseId = await pendingPurchase(t.app, learner.id, 49_900);
    const erased = await erase(learner.id, { reference: 'mail of 1 Dec', confirm_email: learner.email });
    expect(erased.statusCode, JSON.stringify(erased.body)).toBe(200);
    const [purchase] = await db()
      .select({ status: purchases.status })
      .from(purchases)
      .where(eq(purchases.id, purchaseId));
    expect(purchase?.status).toBe('failed');
    const outcome = await confirmPayment(t.app.ctx, {
      purchaseId,
      payment: { paymentId: 'pay_after_erasure', amountPaise: 49_900, currency: 'INR' },
    });
    expect(outcome).toBe('closed');
    expect(await countOf(invoices, invoices.purchaseId, purchaseId)).toBe(0);
  });

  it('ATTACK: a checkout paid just before the erasure, its answer not yet in, is given back at once, not left to a webhook', async () => {
    const learner = await createLearner(t.app);
    const course = await createCourse(t.app, { pricePaise: 49_900 });
    const checkout = await t.client.as(learner.token).post('/checkout', { course_id: course.id });
    expect(checkout.statusCode, JSON.stringify(checkout.body)).toBe(200);
    // Paid at the provider; the browser never came back with /pay-now and no webhook has arrived yet.
    const paid = await t.client.post('/sandbox/pay', { order_id: checkout.body.data.order_id, outcome: 'success' });
    expect(paid.statusCode).toBe(200);
    const erased = await erase(learner.id, { reference: 'mail of 1 Dec', confirm_email: learner.email });
    expect(erased.statusCode, JSON.stringify(erased.body)).toBe(200);
    const purchaseId = checkout.body.data.purchase_id as number;
    const [purchase] = await db()
      .select({ status: purchases.status })
      .from(purchases)
      .where(eq(purchases.id, purchaseId));
    expect(purchase?.status).toBe('failed');
    const [payment] = await db()
      .select({ amount: sandboxPayments.amountPaise, refunded: sandboxPayments.amountRefundedPaise })
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, paid.body.razorpay_payment_id));
    expect(payment).toEqual({ amount: 49_900, refunded: 49_900 });
    expect(await countOf(invoices, invoices.purchaseId, purchaseId)).toBe(0);
  });
});

describe('admin: an erasure’s steps after its commit are done again until they succeed (Razorpay)', () => {
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

  const warnings: object[] = [];
  const run = {
    id: 'test',
    retryCount: 0,
    retryLimit: 0,
    log: { info: () => {}, warn: (details: object) => warnings.push(details), error: () => {} },
  };
  const followUpOf = async (id: number) =>
    (await t.app.ctx.db.select().from(erasureFollowUps).where(eq(erasureFollowUps.userId, id)))[0];

  it('ATTACK: a payment taken just before an erasure, while Razorpay is down, is given back by the job once it is up', async () => {
    const learner = await createLearner(t.app);
    await fundWithBank(t, learner);
    const { month } = await writeBalanceSnapshot(t.app.ctx);
    const course = await createCourse(t.app, { pricePaise: 49_900 });
    const checkout = await t.client.as(learner.token).post('/checkout', { course_id: course.id });
    expect(checkout.statusCode, JSON.stringify(checkout.body)).toBe(200);
    const { paymentId } = rzp.capture(checkout.body.data.order_id);
    const payment = rzp.payments.get(paymentId)!;

    rzp.isDown = true;
    const erased = await t.client
      .as(admin.token)
      .post(`/admin/users/${learner.id}/erase`, { reference: 'ticket 7', confirm_email: learner.email });
    expect(erased.statusCode, JSON.stringify(erased.body)).toBe(200);
    // The provider could not be asked: the payment is still taken, and the step is recorded as undone.
    expect(payment.amount_refunded).toBe(0);
    expect(await followUpOf(learner.id)).toMatchObject({
      failedRuns: 1,
      lastError: expect.stringContaining('closed order'),
      closedOrders: [{ purchaseId: checkout.body.data.purchase_id, orderId: checkout.body.data.order_id }],
    });
    // The steps that could be done were: the snapshot no longer holds the address.
    const snapshot = await buffer((await t.app.ctx.storage.get(balanceSnapshotKey(month)))!.stream);
    expect(snapshot.toString('utf8')).not.toContain(learner.email);

    // The job leaves a follow-up younger than two minutes to its request, then fails while Razorpay is still down
    // (the operator sees it in the job list).
    await erasureFollowUpJob.handler(t.app.ctx, {}, run);
    expect((await followUpOf(learner.id))?.failedRuns).toBe(1);
    t.clock.advance(3 * 60_000);
    await expect(erasureFollowUpJob.handler(t.app.ctx, {}, run)).rejects.toThrow(/1 erasure follow-up/);
    expect((await followUpOf(learner.id))?.failedRuns).toBe(2);
    expect(payment.amount_refunded).toBe(0);

    rzp.isDown = false;
    await erasureFollowUpJob.handler(t.app.ctx, {}, run);
    expect(payment).toMatchObject({ amount_refunded: 49_900, status: 'refunded' });
    expect(await followUpOf(learner.id)).toBeUndefined();
    const [purchase] = await t.app.ctx.db
      .select({ status: purchases.status })
      .from(purchases)
      .where(eq(purchases.id, checkout.body.data.purchase_id));
    expect(purchase?.status).toBe('failed');
    // A later run finds nothing to do and gives nothing back twice.
    t.clock.advance(5 * 60_000);
    await erasureFollowUpJob.handler(t.app.ctx, {}, run);
    expect(rzp.refunds.filter((r) => r.payment_id === paymentId)).toHaveLength(1);
  });

  it('ATTACK: a closed order’s refund whose answer was lost is looked for again by the job, and made once', async () => {
    const learner = await createLearner(t.app);
    const course = await createCourse(t.app, { pricePaise: 29_900 });
    const checkout = await t.client.as(learner.token).post('/checkout', { course_id: course.id });
    expect(checkout.statusCode, JSON.stringify(checkout.body)).toBe(200);
    const { paymentId } = rzp.capture(checkout.body.data.order_id);
    // Razorpay makes the refund, but its answer never arrives.
    rzp.loseNextRefundAnswer();
    const erased = await t.client
      .as(admin.token)
      .post(`/admin/users/${learner.id}/erase`, { reference: 'ticket 10', confirm_email: learner.email });
    expect(erased.statusCode, JSON.stringify(erased.body)).toBe(200);
    expect(await followUpOf(learner.id)).toMatchObject({ failedRuns: 1 });

    t.clock.advance(3 * 60_000);
    await erasureFollowUpJob.handler(t.app.ctx, {}, run);
    expect(await followUpOf(learner.id)).toBeUndefined();
    expect(rzp.refunds.filter((r) => r.payment_id === paymentId).map((r) => r.amount)).toEqual([29_900]);
  });

  it('an erasure whose every step succeeds leaves nothing for the job', async () => {
    const learner = await createLearner(t.app);
    const erased = await t.client
      .as(admin.token)
      .post(`/admin/users/${learner.id}/erase`, { reference: 'ticket 8', confirm_email: learner.email });
    expect(erased.statusCode, JSON.stringify(erased.body)).toBe(200);
    expect(await followUpOf(learner.id)).toBeUndefined();
  });
});

describe('admin: deleting a learner’s personal data drops the mails queued to them (SMTP)', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Mail goes through the queue (pg-boss); no worker runs here, so a queued mail waits.
    t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' }, worker: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('deletes the waiting mail jobs to the old address, and only those', async () => {
    const admin = await createAdmin(t.app);
    const learner = await createLearner(t.app);
    const other = await createLearner(t.app);
    for (const who of [learner, other])
      expect((await t.client.post('/forgot-password-otp', { email: who.email })).statusCode).toBe(200);
    const queued = async (email: string) =>
      (
        await t.app.ctx.db.execute<{ n: number }>(
          sql`select count(*)::int as n from pgboss.job where name = 'mail' and lower(data->>'to') = ${email}`,
        )
      ).rows[0]!.n;
    expect(await queued(learner.email)).toBe(1);

    const res = await t.client
      .as(admin.token)
      .post(`/admin/users/${learner.id}/erase`, { reference: 'ticket', confirm_email: learner.email });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(await queued(learner.email)).toBe(0);
    expect(await queued(other.email)).toBe(1);
  });

  /**
   * A learner with an account of their own, named as guardian by a child: the consent request to them queued, then
   * their own password code.
   */
  async function parentNamedByChild() {
    const admin = await createAdmin(t.app);
    const parent = await createLearner(t.app);
    const child = await createMinor(t, 15);
    const named = await t.client
      .as(child.token)
      .post('/consent', { guardian_name: 'Parent', channel: 'email', guardian_email: parent.email });
    expect(named.statusCode, JSON.stringify(named.body)).toBe(200);
    await t.app.ctx.mailer.relayOutbox();
    expect((await t.client.post('/forgot-password-otp', { email: parent.email })).statusCode).toBe(200);
    return { admin, parent, child };
  }
  /** The mail jobs waiting for `email`, oldest first: their subject and whom they are about. */
  const mailsTo = async (email: string) =>
    (
      await t.app.ctx.db.execute<{ subject: string; about: string | null }>(
        sql`select data->>'subject' as subject, data->>'aboutUserId' as about from pgboss.job
            where name = 'mail' and lower(data->>'to') = ${email} order by created_on`,
      )
    ).rows;

  it('ATTACK: deletes the mails about the child to the guardian they named, never that address’s own mails', async () => {
    // A child names another account's address (a parent with an account of their own, or anyone's) as guardian;
    // erasing the child deleted every mail waiting for that address, the other account's password code included.
    const { admin, parent, child } = await parentNamedByChild();
    const before = await mailsTo(parent.email);
    expect(before.map((m) => m.about)).toEqual([String(child.id), String(parent.id)]);

    const res = await t.client
      .as(admin.token)
      .post(`/admin/users/${child.id}/erase`, { reference: 'ticket', confirm_email: child.email });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(await mailsTo(parent.email)).toEqual([before[1]]);
  });

  it('erasing the parent’s own account keeps the mails about their child that wait for that address', async () => {
    const { admin, parent, child } = await parentNamedByChild();
    const about = async () => (await mailsTo(parent.email)).map((mail) => mail.about);
    expect(await about()).toEqual([String(child.id), String(parent.id)]);

    const res = await t.client
      .as(admin.token)
      .post(`/admin/users/${parent.id}/erase`, { reference: 'ticket', confirm_email: parent.email });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    expect(await about()).toEqual([String(child.id)]);
  });
});

/**
 * A learner's request that passed its session check just before the erasure, and reached the learner's row while
 * the erasure held it: it must not write what it carries onto the erased row once the erasure commits. Two
 * connections: the test holds the learner's row, the erasure queues for it first, the learner's request second.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'admin: a learner’s request in flight while their data is deleted (two connections)',
  () => {
    let t: TestApp;
    let admin: Learner;

    beforeAll(async () => {
      t = await createTestApp();
      await setReferenceData(t.app);
      admin = await createAdmin(t.app);
    });
    afterAll(async () => {
      await t.close();
    });

    type Answer = Awaited<ReturnType<TestClient['get']>>;

    /** The erasure and `request` both waiting on the learner's row, in that order; then both let go. */
    async function eraseDuring(learner: Learner, request: () => Promise<Answer>) {
      let erasure: Promise<Answer> | undefined;
      let inFlight: Promise<Answer> | undefined;
      let answered = 0;
      await t.app.ctx.db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, learner.id)).for('update');
        erasure = t.client
          .as(admin.token)
          .post(`/admin/users/${learner.id}/erase`, { reference: 'ticket', confirm_email: learner.email });
        void erasure.then(() => answered++);
        await waitFor(async () => answered > 0 || (await lockWaits(t)) >= 1, 10_000);
        inFlight = request();
        void inFlight.then(() => answered++);
        await waitFor(async () => answered > 0 || (await lockWaits(t)) >= 2, 10_000);
      });
      const [erased, res] = [await erasure!, await inFlight!];
      expect(erased.statusCode, JSON.stringify(erased.body)).toBe(200);
      return res;
    }

    it('ATTACK: a profile save waiting on the erasure does not write the name, email, mobile and address back', async () => {
      const learner = await createLearner(t.app);
      const res = await eraseDuring(learner, () =>
        t.client.as(learner.token).put('/profile', {
          first_name: 'Asha',
          last_name: 'Rao',
          email: learner.email,
          mobile: '9812345678',
          city: 'Kochi',
          address: '12 Lake Road',
        }),
      );
      expect(res).toMatchObject({ statusCode: 400, body: { message: messages.accountErased } });
      expect(await getUser(t.app, learner.id)).toMatchObject({
        firstName: 'Deleted',
        lastName: 'learner',
        email: expect.stringMatching(/@erased\.invalid$/),
        mobile: '',
        city: null,
        address: null,
      });
    });

    it('ATTACK: a bank-details save waiting on the erasure does not put the account number and PAN back', async () => {
      const learner = await createLearner(t.app);
      const res = await eraseDuring(learner, () => t.client.as(learner.token).post('/bank-details', validBank));
      expect(res).toMatchObject({ statusCode: 400, body: { message: messages.accountErased } });
      const rows = await t.app.ctx.db.select().from(bankDetails).where(eq(bankDetails.userId, learner.id));
      expect(rows).toEqual([]);
    });

    it('ATTACK: a photo upload waiting on the erasure neither points the row at it nor leaves the file public', async () => {
      const learner = await createLearner(t.app);
      const { body, headers } = await photoUpload();
      const res = await eraseDuring(learner, () => t.client.as(learner.token).post('/profile/photo', body, headers));
      expect(res).toMatchObject({ statusCode: 400, body: { message: messages.accountErased } });
      expect((await getUser(t.app, learner.id)).profilePhotoPath).toBeNull();
      const files = await t.app.ctx.storage.list('profile-photos/');
      expect(files.filter((key) => key.startsWith(`profile-photos/${learner.id}-`))).toEqual([]);
    });
  },
);
