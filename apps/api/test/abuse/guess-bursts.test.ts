import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLimitRules } from '../../src/lib/rate-limits.ts';
import { mailTo, signUp, withDevMailbox } from '../accounts-helpers.ts';
import { createOfferCode } from '../catalogue-fixtures.ts';
import { createLearner, TEST_PASSWORD } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { multipartFile, setReferenceData, validBank } from '../wallet-fixtures.ts';

/**
 * Limits on guessing count each guess before it is tried (decision 064). Counted after the slow check (argon2, a
 * database read), requests sent together all passed the check before any was counted: a burst of 60 tried 60
 * passwords against a limit of 10.
 */
const BURST = 50;
const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

describe('abuse: a burst of guesses sent together', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: {
        loginFailuresPerAccount: defaultLimitRules.loginFailuresPerAccount,
        loginFailuresPerDevice: defaultLimitRules.loginFailuresPerDevice,
        loginPerIp: defaultLimitRules.loginPerIp,
      },
      // Production's argon2 cost, as a real server verifies: the test cost narrows the window the burst uses.
      passwordHashing: 'production',
    });
    await setReferenceData(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('ATTACK: a stolen session, one guess from the limit, sends 50 bank-detail saves at once: the right password, sent last, is refused', async () => {
    const owner = await createLearner(t.app);
    const thief = t.client.as(owner.token);
    const save = (current_password: string) => thief.post('/bank-details', { ...validBank, current_password });
    const limit = defaultLimitRules.passwordChecksPerUser.points;
    for (let i = 1; i < limit; i++) expect((await save(`Guess#${i}abc`)).statusCode).toBe(422);
    // The last guess the hour allows, then more, the owner's real password last: counted after the argon2 check,
    // every one of them passed the limit before any was counted, and the right one named the thief's bank account.
    const guesses = [...Array.from({ length: BURST - 1 }, (_, i) => `Burst#${i}abc`), TEST_PASSWORD];
    const codes = (await Promise.all(guesses.map(save))).map((a) => a.statusCode);
    expect({ tried: count(codes, 422), right: codes.at(-1) }).toEqual({ tried: 1, right: 429 });
    expect((await thief.get('/bank-details')).body.data).toBeNull();
  });

  it('the right current password does not count against the limit', async () => {
    const owner = await createLearner(t.app);
    const bank = { current_password: TEST_PASSWORD };
    for (let i = 0; i < defaultLimitRules.passwordChecksPerUser.points + 2; i++) {
      const res = await t.client.as(owner.token).put('/password', {
        ...bank,
        password: TEST_PASSWORD,
        password_confirmation: TEST_PASSWORD,
      });
      expect(res.statusCode, `change ${i + 1}`).toBe(200);
    }
  });

  it('ATTACK: one wrong password from the limit, 50 sign-ins at once from a new browser: the right one, sent last, is refused', async () => {
    const victim = await createLearner(t.app);
    const signIn = (password: string) => t.client.from('203.0.113.9').post('/login', { email: victim.email, password });
    const limit = defaultLimitRules.loginFailuresPerAccount.points;
    for (let i = 1; i < limit; i++) expect((await signIn(`Wrong#Pass${i}`)).statusCode).toBe(422);
    const passwords = [...Array.from({ length: BURST - 1 }, (_, i) => `Burst#Pass${i}`), TEST_PASSWORD];
    const codes = (await Promise.all(passwords.map(signIn))).map((a) => a.statusCode);
    expect({ tried: count(codes, 422), right: codes.at(-1) }).toEqual({ tried: 1, right: 429 });
  });

  it('ATTACK: one unknown code from the limit, 50 lookups at once: a private code, sent last, is refused', async () => {
    await createOfferCode(t.app, { code: 'SCHOOL42' });
    const guesser = t.client.as((await createLearner(t.app)).token);
    const lookUp = (word: string) => guesser.get(`/fetch-code/${word}`);
    const limit = defaultLimitRules.offerCodeMissesPerAccount.points;
    for (let i = 1; i < limit; i++) expect((await lookUp(`WORD${i}`)).statusCode).toBe(400);
    const words = [...Array.from({ length: BURST - 1 }, (_, i) => `GUESS${i}`), 'SCHOOL42'];
    const codes = (await Promise.all(words.map(lookUp))).map((a) => a.statusCode);
    expect({ tried: count(codes, 400), right: codes.at(-1) }).toEqual({ tried: 1, right: 429 });
  });

  it('a code that exists does not count against the limit on unknown codes', async () => {
    await createOfferCode(t.app, { code: 'KNOWN10' });
    const learner = t.client.as((await createLearner(t.app)).token);
    for (let i = 0; i < defaultLimitRules.offerCodeMissesPerAccount.points + 2; i++)
      expect((await learner.get('/fetch-code/KNOWN10')).statusCode, `lookup ${i + 1}`).toBe(200);
    expect((await learner.get('/fetch-code/NOSUCHCODE')).statusCode).toBe(400);
  });
});

describe('abuse: what answers a stranger can draw out of the profile and the mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await withDevMailbox(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('ATTACK: PUT /profile tells whether an email has an account 10 times an hour, then 429', async () => {
    const registered = await createLearner(t.app);
    const prober = t.client.as((await createLearner(t.app, { verified: false })).token);
    const form = { first_name: 'Test', last_name: 'Learner', mobile: '9876501234' };
    const probe = (email: string) => prober.put('/profile', { ...form, email });
    for (let i = 0; i < defaultLimitRules.emailChangesPerUser.points; i++)
      expect((await probe(`nobody-${i}@example.com`)).statusCode).toBe(422);
    const res = await probe(registered.email);
    expect(res.statusCode).toBe(429);
    expect(res.body.errors).toBeUndefined();
  });

  it('ATTACK: a name typed at sign-up does not reach a mail to an address nobody has proved', async () => {
    const victim = 'victim-of-a-name@example.com';
    const { token } = await signUp(t.client, {
      email: victim,
      first_name: 'your fee is overdue. Pay at https://pay-liveconnect.example now',
      last_name: '.',
    });
    expect((await t.client.as(token).get('/send-email-otp')).statusCode).toBe(200);
    const mails = await mailTo(t.client, victim);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(mail.text).not.toContain('pay-liveconnect');
      expect(mail.text.startsWith('Hello,')).toBe(true);
    }
  });

  it('ATTACK: profile photos, each a decode and a re-encode, are 20 an hour per learner', async () => {
    const learner = await createLearner(t.app);
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const upload = () => {
      const { body, headers } = multipartFile('file', 'me.png', 'image/png', png);
      return t.client.as(learner.token).post('/profile/photo', body, headers);
    };
    for (let i = 0; i < defaultLimitRules.profilePhotosPerUser.points; i++)
      expect((await upload()).statusCode, `upload ${i + 1}`).toBe(200);
    expect((await upload()).statusCode).toBe(429);
  });
});
