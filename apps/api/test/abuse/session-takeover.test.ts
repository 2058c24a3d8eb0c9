import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankDetails } from '@app/db';
import { defaultLimitRules } from '../../src/lib/rate-limits.ts';
import { latestOtp, withDevMailbox } from '../accounts-helpers.ts';
import { createLearner, TEST_PASSWORD } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { validBank } from '../wallet-fixtures.ts';

/**
 * What a session alone (a phone left unlocked, a sibling's shared phone) must not be enough for: taking the account,
 * or naming the bank account its money is paid to (decision 047). The current password is asked for a new password,
 * a new email and bank details; a wrong one counts per learner, so a classmate's wrong sign-ins lock nothing here.
 */
const NEW_PASSWORD = 'Attacker#Pass1';
const profileForm = { first_name: 'Test', last_name: 'Learner', mobile: '9876501234' };
const currentPasswordRequired = { current_password: ['Enter Current Password'] };
const currentPasswordWrong = { current_password: ['The current password is incorrect.'] };

describe('abuse: a session alone cannot take the account or its money', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { passwordChecksPerUser: defaultLimitRules.passwordChecksPerUser } });
    await withDevMailbox(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('ATTACK: a stolen session cannot move the email to another mailbox and reset the password through it', async () => {
    const owner = await createLearner(t.app);
    const attackerMailbox = `attacker-${owner.id}@example.com`;
    const as = t.client.as(owner.token);

    const withoutPassword = await as.put('/profile', { ...profileForm, email: attackerMailbox });
    expect([withoutPassword.statusCode, withoutPassword.body.errors]).toEqual([422, currentPasswordRequired]);
    const guessed = await as.put('/profile', { ...profileForm, email: attackerMailbox, current_password: 'Guess#123' });
    expect([guessed.statusCode, guessed.body.errors]).toEqual([422, currentPasswordWrong]);
    // Nothing changed: the reset goes nowhere, and the owner signs in as before.
    await t.client.post('/forgot-password-otp', { email: attackerMailbox });
    await expect(latestOtp(t.client, attackerMailbox)).rejects.toThrow('no OTP mailed');
    expect((await t.client.post('/login', { email: owner.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await as.get('/me')).statusCode).toBe(200);

    // The owner, who knows it, moves the email; other profile saves never ask.
    expect((await as.put('/profile', { ...profileForm, email: owner.email, city: 'Kochi' })).statusCode).toBe(200);
    const moved = await as.put('/profile', {
      ...profileForm,
      email: `moved-${owner.id}@example.com`,
      current_password: TEST_PASSWORD,
    });
    expect(moved.statusCode).toBe(200);
  });

  it('ATTACK: a stolen session cannot name the bank account withdrawals are paid to', async () => {
    const owner = await createLearner(t.app);
    const as = t.client.as(owner.token);
    const { current_password: _, ...withoutPassword } = validBank;
    const attackerAccount = { ...withoutPassword, account_number: '999988887777' };

    const refused = await as.post('/bank-details', attackerAccount);
    expect([refused.statusCode, refused.body.errors]).toEqual([422, currentPasswordRequired]);
    const guessed = await as.post('/bank-details', { ...attackerAccount, current_password: 'Guess#123' });
    expect([guessed.statusCode, guessed.body.errors]).toEqual([422, currentPasswordWrong]);
    expect(await t.app.ctx.db.select().from(bankDetails).where(eq(bankDetails.userId, owner.id))).toEqual([]);

    expect((await as.post('/bank-details', validBank)).statusCode).toBe(200);
  });

  it('ATTACK: a reset code mailed to the old address no longer resets the account once the email moved', async () => {
    const owner = await createLearner(t.app);
    // Someone with the old mailbox (shared with a sibling, or the reason the learner left it) asks for a code.
    await t.client.post('/forgot-password-otp', { email: owner.email });
    const codeToOldMailbox = await latestOtp(t.client, owner.email);

    const newEmail = `left-${owner.id}@example.com`;
    const moved = await t.client
      .as(owner.token)
      .put('/profile', { ...profileForm, email: newEmail, current_password: TEST_PASSWORD });
    expect(moved.statusCode).toBe(200);

    const reset = await t.client.post('/reset-password', {
      email: newEmail,
      otp: codeToOldMailbox,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(reset.statusCode, JSON.stringify(reset.body)).toBe(422);
  });

  it('stops guessing the current password after 10 wrong tries an hour, counted per learner', async () => {
    const learner = await createLearner(t.app);
    const as = t.client.as(learner.token);
    const tries = defaultLimitRules.passwordChecksPerUser.points;
    for (let i = 0; i < tries; i++) {
      const body = { ...validBank, current_password: `Wrong#${i}abc` };
      expect((await as.post('/bank-details', body)).statusCode).toBe(422);
    }
    const locked = await as.put('/password', {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(locked.statusCode).toBe(429);
    // Another learner is not affected.
    const other = await createLearner(t.app);
    expect((await t.client.as(other.token).post('/bank-details', validBank)).statusCode).toBe(200);
  });
});

describe("abuse: another person's wrong passwords do not lock the signed-in learner's password change (decision 041)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: {
        loginFailuresPerAccount: defaultLimitRules.loginFailuresPerAccount,
        loginFailuresPerDevice: defaultLimitRules.loginFailuresPerDevice,
        passwordChecksPerUser: defaultLimitRules.passwordChecksPerUser,
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('ATTACK: a classmate types the email with 10 wrong passwords; the learner, signed in, still changes theirs', async () => {
    const learner = await createLearner(t.app);
    for (let i = 0; i < 10; i++) {
      const res = await t.client.from('198.51.100.7').post('/login', { email: learner.email, password: 'Wrong#Pass1' });
      expect(res.statusCode).toBe(422);
    }
    const change = await t.client.as(learner.token).put('/password', {
      current_password: TEST_PASSWORD,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(change.statusCode, JSON.stringify(change.body)).toBe(200);
  });
});

describe('abuse: reset codes for one account are capped per day', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: {
        resetPerAccount: { points: 1_000, durationSeconds: 60 * 60 },
        // Three instead of the default 20: each request answers after a fixed half second.
        resetPerAccountDaily: { points: 3, durationSeconds: 24 * 60 * 60 },
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 429 once the day's reset requests for one email are used up, known or not", async () => {
    const learner = await createLearner(t.app);
    for (const email of [learner.email, 'nobody-here@example.com']) {
      const statuses = [];
      for (let i = 0; i <= 3; i++) statuses.push((await t.client.post('/forgot-password-otp', { email })).statusCode);
      expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    }
  });
});
