import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLimitRules } from '../../src/lib/rate-limits.ts';
import { mailTo, signUp, withDevMailbox } from '../accounts-helpers.ts';
import { createOfferCode } from '../catalogue-fixtures.ts';
import { createLearner, TEST_PASSWORD } from '../fixtures.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { multipartFile, setReferenceData } from '../wallet-fixtures.ts';

/**
 * Limits on guessing count each guess before it is tried (decision 064). Counted after the slow check (argon2, a
 * database read), requests sent together all passed the check before any was counted: a burst of 60 tried 60
 * passwords against a limit of 10.
 */
const BURST = 60;
const NEW_PASSWORD = 'Attacker#Pass1';
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

  it('ATTACK: a stolen session sends 60 current passwords at once to PUT /password: only 10 are tried', async () => {
    const owner = await createLearner(t.app);
    const thief = t.client.as(owner.token);
    const guesses = Array.from({ length: BURST }, (_, i) => (i === 20 ? TEST_PASSWORD : `Guess#${i}abc`));
    const answers = await Promise.all(
      guesses.map((current_password) =>
        thief.put('/password', { current_password, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    // The requests reach the server in no set order: the right one may be among the 10 tried (a guess the limit
    // allows) or among those refused untried. Counted after the check, all 60 were tried.
    const limit = defaultLimitRules.passwordChecksPerUser.points;
    expect({ tried: count(codes, 422) + count(codes, 200), refused: count(codes, 429) }).toEqual({
      tried: limit,
      refused: BURST - limit,
    });
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

  it('ATTACK: 60 sign-ins at once from a new browser try only 10 passwords', async () => {
    const victim = await createLearner(t.app);
    const passwords = Array.from({ length: BURST }, (_, i) => (i === BURST - 1 ? TEST_PASSWORD : `Wrong#Pass${i}`));
    const answers = await Promise.all(
      passwords.map((password) => t.client.from('203.0.113.9').post('/login', { email: victim.email, password })),
    );
    const codes = answers.map((a) => a.statusCode);
    // As above, the right one may be among the 10 tried.
    expect(count(codes, 422) + count(codes, 200)).toBe(defaultLimitRules.loginFailuresPerAccount.points);
  });

  it('ATTACK: 60 offer-code lookups at once try only 20 unknown words', async () => {
    await createOfferCode(t.app, { code: 'SCHOOL42' });
    const guesser = t.client.as((await createLearner(t.app)).token);
    const words = Array.from({ length: BURST }, (_, i) => (i === BURST - 1 ? 'SCHOOL42' : `GUESS${i}`));
    const codes = (await Promise.all(words.map((word) => guesser.get(`/fetch-code/${word}`)))).map((a) => a.statusCode);
    expect(count(codes, 400)).toBe(defaultLimitRules.offerCodeMissesPerAccount.points);
    expect(count(codes, 429)).toBe(BURST - defaultLimitRules.offerCodeMissesPerAccount.points - count(codes, 200));
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
