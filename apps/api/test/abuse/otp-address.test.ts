import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOtps, users } from '@app/db';
import { canonicalEmail } from '@app/contracts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createLearner, getUser, TEST_PASSWORD } from '../fixtures.ts';
import { latestOtp, mailTo, withDevMailbox } from '../accounts-helpers.ts';
import { findUserByEmail, sendVerificationOtp, verifyEmail } from '../../src/services/accounts/index.ts';

/**
 * Decision 073: a code belongs to the address it was mailed to. A learner raced GET /send-email-otp (or
 * forgot-password) with PUT /profile so that a code mailed to their own address outlived the change to someone else's,
 * then verified that address with it. The race's outcome is made here without timing: the address is changed in the
 * database, which voids nothing, as the race's loser did.
 */
const NEW_PASSWORD = 'Brand#New42';
const otpExpired = { otp: ['This OTP has expired. Please request a new one.'] };
const unique = () => randomBytes(4).toString('hex');

async function moveAddress(t: TestApp, userId: number, email: string): Promise<void> {
  await t.app.ctx.db
    .update(users)
    .set({ email, emailCanonical: canonicalEmail(email), emailVerifiedAt: null })
    .where(eq(users.id, userId));
}

describe('abuse: a code verifies or resets only the address it was mailed to (decision 073)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await withDevMailbox(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it("refuses a verification code for the account's new address, which it was not mailed to", async () => {
    const me = await createLearner(t.app, { verified: false });
    const victim = `victim-${unique()}@example.com`;
    expect((await t.client.as(me.token).get('/send-email-otp')).statusCode).toBe(200);
    const otp = await latestOtp(t.client, me.email);
    await moveAddress(t, me.id, victim);

    const res = await t.client.as(me.token).post('/verify-email-otp', { email: victim, otp });
    expect(res.statusCode).toBe(422);
    expect(res.body.errors).toEqual(otpExpired);
    expect((await getUser(t.app, me.id)).emailVerifiedAt).toBeNull();
  });

  it("refuses it too through a session's older copy of the account (the write is conditional on the address)", async () => {
    const me = await createLearner(t.app, { verified: false });
    const stale = (await findUserByEmail(t.app.ctx.db, me.email))!;
    await t.client.as(me.token).get('/send-email-otp');
    const otp = await latestOtp(t.client, me.email);
    await moveAddress(t, me.id, `victim-${unique()}@example.com`);

    // The old copy still names the address the code was mailed to, so only the write's condition stands in the way.
    await expect(verifyEmail(t.app.ctx, { user: stale, email: me.email, otp })).rejects.toMatchObject({
      statusCode: 422,
      errors: otpExpired,
    });
    expect((await getUser(t.app, me.id)).emailVerifiedAt).toBeNull();
  });

  it("mails a code to the account's address under the lock, not to a session's older copy", async () => {
    const me = await createLearner(t.app, { verified: false });
    const stale = (await findUserByEmail(t.app.ctx.db, me.email))!;
    const victim = `victim-${unique()}@example.com`;
    await moveAddress(t, me.id, victim);

    expect(await sendVerificationOtp(t.app.ctx, { user: stale, ip: '203.0.113.7' })).toEqual({ isSent: true });
    expect(await mailTo(t.client, me.email)).toHaveLength(0);
    expect(await mailTo(t.client, victim)).toHaveLength(1);
    const [row] = await t.app.ctx.db.select().from(emailOtps).where(eq(emailOtps.userId, me.id));
    expect(row!.sentTo).toBe(victim);
  });

  it("refuses a reset code mailed to the account's old address, and leaves the password and the email as they were", async () => {
    const me = await createLearner(t.app, { verified: false });
    const victim = `victim-${unique()}@example.com`;
    expect((await t.client.post('/forgot-password-otp', { email: me.email })).statusCode).toBe(200);
    const otp = await latestOtp(t.client, me.email);
    await moveAddress(t, me.id, victim);

    const res = await t.client.post('/reset-password', {
      email: victim,
      otp,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(422);
    expect(res.body.errors).toEqual(otpExpired);
    expect((await getUser(t.app, me.id)).emailVerifiedAt).toBeNull();
    expect((await t.client.post('/login', { email: victim, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('still verifies and resets with a code mailed to the address the account has', async () => {
    const me = await createLearner(t.app, { verified: false });
    await t.client.as(me.token).get('/send-email-otp');
    const verified = await t.client
      .as(me.token)
      .post('/verify-email-otp', { email: me.email, otp: await latestOtp(t.client, me.email) });
    expect(verified.statusCode).toBe(200);

    await t.client.post('/forgot-password-otp', { email: me.email.toUpperCase() });
    const reset = await t.client.post('/reset-password', {
      email: me.email.toUpperCase(),
      otp: await latestOtp(t.client, me.email),
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe('abuse: code mails to one inbox are limited, whatever the accounts (decision 073)', () => {
  let t: TestApp;
  const hourly = 3;
  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: {
        codeMailsPerMailbox: { points: hourly, durationSeconds: 3600 },
        codeMailsPerMailboxDaily: { points: 20, durationSeconds: 24 * 3600 },
      },
    });
    await withDevMailbox(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Accounts on one Gmail inbox: +tags, dots and case all reach parent<id>@gmail.com. */
  async function accountsOnOneInbox(count: number) {
    const id = unique();
    const learners = [];
    for (let i = 0; i < count; i++) {
      const email = i % 2 ? `Par.ent${id}+${i}@gmail.com`.toLowerCase() : `parent${id}+${i}@googlemail.com`;
      learners.push(await createLearner(t.app, { verified: false, email }));
    }
    return learners;
  }

  async function mailsTo(learners: { email: string }[]) {
    let n = 0;
    for (const learner of learners) n += (await mailTo(t.client, learner.email)).length;
    return n;
  }

  it('answers "too many" to verification codes past the inbox limit, however many accounts share it', async () => {
    const learners = await accountsOnOneInbox(hourly + 2);
    const answers = [];
    for (const learner of learners) answers.push(await t.client.as(learner.token).get('/send-email-otp'));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429, 429]);
    expect(answers[hourly]!.body).toEqual({ status: false, message: 'Too many attempts. Please try again later.' });
    expect(Number(answers[hourly]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(learners)).toBe(hourly);
  });

  it('sends no reset code past the inbox limit, and answers as it always does', async () => {
    const learners = await accountsOnOneInbox(hourly + 2);
    const answers = [];
    for (const learner of learners) answers.push(await t.client.post('/forgot-password-otp', { email: learner.email }));
    for (const answer of answers)
      expect({ status: answer.statusCode, body: answer.body }).toEqual({
        status: 200,
        body: answers[0]!.body,
      });
    expect(await mailsTo(learners)).toBe(hourly);
  });

  it('counts verification and reset codes together', async () => {
    const [a, b] = await accountsOnOneInbox(2);
    expect((await t.client.as(a!.token).get('/send-email-otp')).statusCode).toBe(200);
    await t.client.post('/forgot-password-otp', { email: a!.email });
    await t.client.post('/forgot-password-otp', { email: b!.email });
    expect((await t.client.as(b!.token).get('/send-email-otp')).statusCode).toBe(429);
    expect(await mailsTo([a!, b!])).toBe(hourly);
  });
});
