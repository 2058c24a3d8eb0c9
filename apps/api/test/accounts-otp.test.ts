import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, TEST_PASSWORD } from './fixtures.ts';
import { latestOtp, mailTo, signUp, withDevMailbox } from './accounts-helpers.ts';

const MINUTE = 60_000;
const otpInvalid = { otp: ['Invalid OTP.'] };
const otpExpired = { otp: ['This OTP has expired. Please request a new one.'] };

/** Any 6-digit code other than `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('email verification by OTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await withDevMailbox(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('mails a code that verifies the email', async () => {
    const { token, email } = await signUp(t.client);
    const me = t.client.as(token);
    const sent = await me.get('/send-email-otp');
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toEqual({ status: true, message: 'Otp sent to your email', data: null });

    const [mail] = await mailTo(t.client, email);
    expect(mail!.subject).toContain('Live Connect');
    const code = await latestOtp(t.client, email);

    const verified = await me.post('/verify-email-otp', { email: email.toUpperCase(), otp: code });
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toMatchObject({ status: true, message: 'Email verified successfully.' });
    expect((await me.get('/me')).body.data.email_verified_at).toEqual(expect.any(String));

    // Done once: a verified learner neither gets nor uses another code.
    expect(await me.get('/send-email-otp')).toMatchObject({
      statusCode: 400,
      body: { status: false, message: 'Email is already verified.' },
    });
    expect((await me.post('/verify-email-otp', { email, otp: code })).statusCode).toBe(400);
  });

  it('sends at most one code a minute, and a new code voids the old one', async () => {
    const { token, email } = await signUp(t.client);
    const me = t.client.as(token);
    expect((await me.get('/send-email-otp')).statusCode).toBe(200);
    const first = await latestOtp(t.client, email);

    t.clock.advance(30_000);
    const tooSoon = await me.get('/send-email-otp');
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.body).toEqual({ status: false, message: 'Please wait a minute before asking for a new OTP.' });
    expect(Number(tooSoon.headers['retry-after'])).toBe(30);
    expect(await mailTo(t.client, email)).toHaveLength(1);

    t.clock.advance(31_000);
    expect((await me.get('/send-email-otp')).statusCode).toBe(200);
    const second = await latestOtp(t.client, email);
    expect(await mailTo(t.client, email)).toHaveLength(2);

    if (first !== second) {
      const old = await me.post('/verify-email-otp', { email, otp: first });
      expect(old.statusCode).toBe(422);
      expect(old.body.errors).toEqual(otpInvalid);
    }
    expect((await me.post('/verify-email-otp', { email, otp: second })).statusCode).toBe(200);
  });

  it('sends one mail for several simultaneous requests', async () => {
    const { token, email } = await signUp(t.client);
    const answers = await Promise.all([0, 1, 2, 3, 4].map(() => t.client.as(token).get('/send-email-otp')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    expect(await mailTo(t.client, email)).toHaveLength(1);
  });

  it('uses a right code once, however many requests race with it', async () => {
    const { token, email } = await signUp(t.client);
    await t.client.as(token).get('/send-email-otp');
    const otp = await latestOtp(t.client, email);
    const answers = await Promise.all(
      [0, 1, 2].map(() => t.client.as(token).post('/verify-email-otp', { email, otp })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
  });

  it('voids the code after five wrong tries, even for the right code afterwards', async () => {
    const { token, email } = await signUp(t.client);
    const me = t.client.as(token);
    await me.get('/send-email-otp');
    const code = await latestOtp(t.client, email);
    for (let i = 0; i < 5; i++) {
      const res = await me.post('/verify-email-otp', { email, otp: wrongCode(code) });
      expect(res.statusCode).toBe(422);
      expect(res.body).toEqual({ status: false, message: 'Invalid OTP.', errors: otpInvalid });
    }
    const right = await me.post('/verify-email-otp', { email, otp: code });
    expect(right.statusCode).toBe(422);
    expect(right.body.errors).toEqual(otpExpired);
    expect((await me.get('/me')).body.data.email_verified_at).toBeNull();

    // A new code (a minute later) works again.
    t.clock.advance(MINUTE);
    await me.get('/send-email-otp');
    expect((await me.post('/verify-email-otp', { email, otp: await latestOtp(t.client, email) })).statusCode).toBe(200);
  });

  it('refuses a code after its 10 minutes', async () => {
    const { token, email } = await signUp(t.client);
    const me = t.client.as(token);
    await me.get('/send-email-otp');
    const code = await latestOtp(t.client, email);
    t.clock.advance(11 * MINUTE);
    const res = await me.post('/verify-email-otp', { email, otp: code });
    expect(res.statusCode).toBe(422);
    expect(res.body.errors).toEqual(otpExpired);
  });

  it('accepts a code just inside its 10 minutes', async () => {
    const { token, email } = await signUp(t.client);
    const me = t.client.as(token);
    await me.get('/send-email-otp');
    t.clock.advance(9 * MINUTE + 50_000);
    expect((await me.post('/verify-email-otp', { email, otp: await latestOtp(t.client, email) })).statusCode).toBe(200);
  });

  it("checks the form: the learner's own email and a 6-digit code", async () => {
    const { token, email } = await signUp(t.client);
    const me = t.client.as(token);
    await me.get('/send-email-otp');
    const code = await latestOtp(t.client, email);

    const otherEmail = await me.post('/verify-email-otp', { email: 'someone.else@example.com', otp: code });
    expect(otherEmail.statusCode).toBe(422);
    expect(otherEmail.body.errors).toEqual({ email: ['This is not the email address of your account.'] });

    const empty = await me.post('/verify-email-otp', {});
    expect(empty.body.errors).toEqual({ email: ['Email is required.'], otp: ['Enter OTP'] });
    const badEmail = await me.post('/verify-email-otp', { email: 'nope', otp: code });
    expect(badEmail.body.errors).toEqual({ email: ['Invalid Email.'] });
    const badCode = await me.post('/verify-email-otp', { email, otp: '12ab56' });
    expect(badCode.body.errors).toEqual(otpInvalid);

    // None of these counted as a wrong try.
    expect((await me.post('/verify-email-otp', { email, otp: code })).statusCode).toBe(200);
  });

  it('answers 422 when no code was ever sent', async () => {
    const { token, email } = await signUp(t.client);
    const res = await t.client.as(token).post('/verify-email-otp', { email, otp: '123456' });
    expect(res.statusCode).toBe(422);
    expect(res.body.errors).toEqual(otpInvalid);
  });

  it('needs a signed-in learner', async () => {
    expect((await t.client.get('/send-email-otp')).statusCode).toBe(401);
    expect((await t.client.post('/verify-email-otp', { email: 'a@b.co', otp: '123456' })).statusCode).toBe(401);
  });
});

describe('forgot and reset password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await withDevMailbox(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const NEW_PASSWORD = 'Brand#New42';

  it('answers the same whether or not the email is registered', async () => {
    const learner = await createLearner(t.app);
    const known = await t.client.post('/forgot-password-otp', { email: learner.email });
    const unknown = await t.client.post('/forgot-password-otp', { email: 'not.registered@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({
      status: true,
      message: 'If this email is registered, an OTP has been sent to it.',
      data: null,
    });
    expect(await mailTo(t.client, learner.email)).toHaveLength(1);
    expect(await mailTo(t.client, 'not.registered@example.com')).toHaveLength(0);

    // Asking again within the minute also answers the same, without a second mail.
    const again = await t.client.post('/forgot-password-otp', { email: learner.email });
    expect(again.body).toEqual(known.body);
    expect(await mailTo(t.client, learner.email)).toHaveLength(1);
  });

  it("uses the forgot-password form's messages", async () => {
    expect((await t.client.post('/forgot-password-otp', {})).body.errors).toEqual({ email: ['Email Address'] });
    expect((await t.client.post('/forgot-password-otp', { email: 'x@' })).body.errors).toEqual({
      email: ['Invalid Email.'],
    });
  });

  it('resets the password with the mailed code and signs every device out', async () => {
    const learner = await createLearner(t.app);
    const otherDevice = (await t.client.post('/login', { email: learner.email, password: TEST_PASSWORD })).body.data
      .token;
    await t.client.post('/forgot-password-otp', { email: learner.email });
    const otp = await latestOtp(t.client, learner.email);
    const [mail] = await mailTo(t.client, learner.email);
    expect(mail!.text).toContain('reset your password');

    const res = await t.client.post('/reset-password', {
      email: learner.email.toUpperCase(),
      otp,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({ status: true, message: 'Your password has been reset successfully!', data: null });

    expect((await t.client.as(learner.token).get('/me')).statusCode).toBe(401);
    expect((await t.client.as(otherDevice).get('/me')).statusCode).toBe(401);
    expect((await t.client.post('/login', { email: learner.email, password: TEST_PASSWORD })).statusCode).toBe(422);
    expect((await t.client.post('/login', { email: learner.email, password: NEW_PASSWORD })).statusCode).toBe(200);

    // The code works once; a retry (the first answer lost on the network) is told it did its work.
    const reuse = await t.client.post('/reset-password', {
      email: learner.email,
      otp,
      password: 'Other#Pass42',
      password_confirmation: 'Other#Pass42',
    });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.body.errors).toEqual({
      otp: ['This OTP has already been used. If you have just reset your password, sign in with the new one.'],
    });
    expect((await t.client.post('/login', { email: learner.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('marks the email verified, since the code reached it', async () => {
    const { token, email } = await signUp(t.client);
    await t.client.post('/forgot-password-otp', { email });
    await t.client.post('/reset-password', {
      email,
      otp: await latestOtp(t.client, email),
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect((await t.client.as(token).get('/me')).statusCode).toBe(401);
    const login = await t.client.post('/login', { email, password: NEW_PASSWORD });
    expect((await t.client.as(login.body.data.token).get('/me')).body.data.email_verified_at).toEqual(
      expect.any(String),
    );
  });

  it('refuses a wrong code and keeps the old password and tokens', async () => {
    const learner = await createLearner(t.app);
    await t.client.post('/forgot-password-otp', { email: learner.email });
    const otp = await latestOtp(t.client, learner.email);
    const res = await t.client.post('/reset-password', {
      email: learner.email,
      otp: wrongCode(otp),
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toEqual({ status: false, message: 'Invalid OTP.', errors: otpInvalid });
    expect((await t.client.as(learner.token).get('/me')).statusCode).toBe(200);
    expect((await t.client.post('/login', { email: learner.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('voids the reset code after five wrong tries', async () => {
    const learner = await createLearner(t.app);
    await t.client.post('/forgot-password-otp', { email: learner.email });
    const otp = await latestOtp(t.client, learner.email);
    const body = { email: learner.email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD };
    for (let i = 0; i < 5; i++)
      expect((await t.client.post('/reset-password', { ...body, otp: wrongCode(otp) })).body.errors).toEqual(
        otpInvalid,
      );
    const right = await t.client.post('/reset-password', { ...body, otp });
    expect(right.statusCode).toBe(422);
    expect(right.body.errors).toEqual(otpExpired);
    expect((await t.client.post('/login', { email: learner.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('refuses an expired reset code', async () => {
    const learner = await createLearner(t.app);
    await t.client.post('/forgot-password-otp', { email: learner.email });
    const otp = await latestOtp(t.client, learner.email);
    t.clock.advance(11 * MINUTE);
    const res = await t.client.post('/reset-password', {
      email: learner.email,
      otp,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(422);
    expect(res.body.errors).toEqual(otpExpired);
  });

  it('answers an unknown email like a wrong code', async () => {
    const res = await t.client.post('/reset-password', {
      email: 'ghost@example.com',
      otp: '123456',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(422);
    expect(res.body.errors).toEqual(otpInvalid);
  });

  it('keeps the verification code and the reset code apart', async () => {
    const { token, email } = await signUp(t.client);
    await t.client.as(token).get('/send-email-otp');
    const verifyCode = await latestOtp(t.client, email);
    const res = await t.client.post('/reset-password', {
      email,
      otp: verifyCode,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(422);
    expect(res.body.errors).toEqual(otpInvalid);
  });

  it('checks the new password: required, the policy, and the confirmation', async () => {
    const base = { email: 'someone@example.com', otp: '123456' };
    expect((await t.client.post('/reset-password', base)).body.errors).toEqual({
      password: ['Enter New Password'],
      password_confirmation: ['Confirm Password is required.'],
    });
    expect(
      (await t.client.post('/reset-password', { ...base, password: 'weakpass', password_confirmation: 'weakpass' }))
        .body.errors,
    ).toEqual({
      password: [
        'Password must have an uppercase letter, a lowercase letter, a digit, a special character and at least 8 characters.',
      ],
    });
    expect(
      (
        await t.client.post('/reset-password', {
          ...base,
          password: NEW_PASSWORD,
          password_confirmation: 'Brand#New43',
        })
      ).body.errors,
    ).toEqual({
      password_confirmation: ['Password confirmation does not match.'],
    });
    const blank = await t.client.post('/reset-password', {
      email: '',
      otp: '',
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(blank.statusCode).toBe(422);
    // The client shows the first message of a field.
    expect(blank.body.errors.email[0]).toBe('Email Address');
    expect(blank.body.errors.otp[0]).toBe('Enter OTP');
  });
});

describe('OTP and reset limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: {
        otpPerAccount: { points: 2, durationSeconds: 3600 },
        resetPerAccount: { points: 2, durationSeconds: 3600 },
      },
    });
    await withDevMailbox(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 once an account has asked for too many verification codes', async () => {
    const { token } = await signUp(t.client);
    const me = t.client.as(token);
    expect((await me.get('/send-email-otp')).statusCode).toBe(200);
    // Clicking 'Resent OTP' during the wait sends nothing, and so uses none of the limit.
    for (let i = 0; i < 3; i++) expect((await me.get('/send-email-otp')).statusCode).toBe(429);
    t.clock.advance(MINUTE);
    expect((await me.get('/send-email-otp')).statusCode).toBe(200);
    t.clock.advance(MINUTE);
    const res = await me.get('/send-email-otp');
    expect(res.statusCode).toBe(429);
    expect(res.body.message).toBe('Too many attempts. Please try again later.');
  });

  it('answers 429 to too many reset requests for one email, known or not', async () => {
    for (const email of ['limit.known@example.com', 'limit.unknown@example.com']) {
      if (email.includes('known@')) await createLearner(t.app, { email });
      expect((await t.client.post('/forgot-password-otp', { email })).statusCode).toBe(200);
      expect((await t.client.post('/forgot-password-otp', { email })).statusCode).toBe(200);
      expect((await t.client.post('/forgot-password-otp', { email })).statusCode).toBe(429);
    }
  });
});
