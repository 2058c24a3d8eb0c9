import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@app/db';
import { API_PREFIX } from '../src/app.ts';
import { defaultLimitRules } from '../src/lib/rate-limits.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, TEST_PASSWORD } from './fixtures.ts';
import { registerForm, signUp } from './accounts-helpers.ts';
import { createAdmin } from './admin-fixtures.ts';

const WRONG = 'Wrong@1234';
const badCredentials = {
  status: false,
  message: 'These credentials do not match our records.',
  errors: { email: ['These credentials do not match our records.'] },
};

describe('POST /login', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The real failure limits, per account and per trusted browser; the per-address one stays relaxed.
    t = await createTestApp({
      rateLimits: {
        loginFailuresPerAccount: defaultLimitRules.loginFailuresPerAccount,
        loginFailuresPerDevice: defaultLimitRules.loginFailuresPerDevice,
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs in with the right password, whatever the case of the email', async () => {
    const learner = await createLearner(t.app, { email: 'kiran@example.com' });
    const res = await t.client.post('/login', { email: '  Kiran@Example.COM ', password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      status: true,
      data: { first_name: 'Test', last_name: 'Learner', profile_photo_path: null },
    });
    expect(res.body.data.token).not.toBe(learner.token);
    const me = await t.client.as(res.body.data.token).get('/me');
    expect(me.body.data.email).toBe('kiran@example.com');
  });

  it('signs in an account made through /register', async () => {
    const { email } = await signUp(t.client, { password: 'Fresh#Pass9', password_confirmation: 'Fresh#Pass9' });
    expect((await t.client.post('/login', { email, password: 'Fresh#Pass9' })).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const learner = await createLearner(t.app);
    const wrong = await t.client.post('/login', { email: learner.email, password: WRONG });
    const unknown = await t.client.post('/login', { email: 'nobody@example.com', password: WRONG });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toEqual(badCredentials);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body).toEqual(badCredentials);
  });

  it("uses the login form's messages", async () => {
    const empty = await t.client.post('/login', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.body.errors).toEqual({ email: ['Email Address'], password: ['Password is required.'] });
    const bad = await t.client.post('/login', { email: 'kiran.example.com', password: 'x' });
    expect(bad.body.errors).toEqual({ email: ['Invalid Email.'] });
  });

  it('locks an account after 10 wrong passwords, even against the right one, and only that account', async () => {
    const learner = await createLearner(t.app);
    const other = await createLearner(t.app);
    for (let i = 0; i < 10; i++) {
      const res = await t.client.post('/login', { email: learner.email, password: WRONG });
      expect(res.statusCode).toBe(422);
    }
    const locked = await t.client
      .from('10.20.30.40')
      .post('/login', { email: learner.email.toUpperCase(), password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.body).toEqual({ status: false, message: 'Too many attempts. Please try again later.' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.client.post('/login', { email: other.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  /** The trusted-device cookie a sign-in answer set, as `name=value`. */
  const deviceCookieOf = (res: { headers: Record<string, unknown> }) => {
    const cookies = [res.headers['set-cookie'] ?? []].flat().map(String);
    const device = cookies.find((cookie) => cookie.startsWith('LC-DEVICE-'));
    expect(device, cookies.join('\n')).toBeDefined();
    return device!.split(';')[0]!;
  };
  /** Signs in as a browser sending `device` (a `name=value` cookie) beside the XSRF cookie. */
  const loginWith = (device: string | null, email: string, password: string, ip = '127.0.0.1') =>
    t.client
      .from(ip)
      .post('/login', { email, password }, device ? { cookie: `XSRF-TOKEN=test-xsrf-token; ${device}` } : {});

  it("ATTACK: another person's wrong passwords lock new browsers out, not the learner's own", async () => {
    const learner = await createLearner(t.app);
    const phone = await t.client.post('/login', { email: learner.email, password: TEST_PASSWORD });
    expect(phone.statusCode).toBe(200);
    const device = deviceCookieOf(phone);
    const attributes = [phone.headers['set-cookie']]
      .flat()
      .map(String)
      .find((c) => c.startsWith('LC-DEVICE-'))!;
    expect(attributes).toContain(`Path=${API_PREFIX}/login`);
    expect(attributes).toMatch(/; Max-Age=31536000; HttpOnly; SameSite=Strict$/);
    // The cookie's name says nothing of the account: an HMAC, not the email.
    expect(attributes).not.toContain(learner.email.split('@')[0]!);

    // A classmate, from another address, with wrong passwords: new browsers are locked out...
    for (let i = 0; i < 10; i++)
      expect((await loginWith(null, learner.email, WRONG, '198.51.100.7')).statusCode).toBe(422);
    expect((await loginWith(null, learner.email, TEST_PASSWORD, '198.51.100.7')).statusCode).toBe(429);
    expect((await loginWith(null, learner.email, TEST_PASSWORD)).statusCode).toBe(429);
    // ...and so is a made-up proof, and another account's cookie...
    const [name, value] = device.split('=');
    const [id, proof] = value!.split('.');
    const forged = `${name}=${id}.${proof!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}`;
    expect((await loginWith(forged, learner.email, TEST_PASSWORD)).statusCode).toBe(429);
    const other = await createLearner(t.app);
    const othersDevice = deviceCookieOf(await t.client.post('/login', { email: other.email, password: TEST_PASSWORD }));
    expect((await loginWith(othersDevice, learner.email, TEST_PASSWORD)).statusCode).toBe(429);
    // ...but the learner's phone signs in, with the same proof as before.
    const again = await loginWith(device, learner.email, TEST_PASSWORD);
    expect(again.statusCode).toBe(200);
    expect(deviceCookieOf(again)).toBe(device);
  });

  it('ATTACK: a browser trusted by an erased account is not trusted by an account registered anew with its email', async () => {
    const erased = await createLearner(t.app);
    const oldPhone = deviceCookieOf(await t.client.post('/login', { email: erased.email, password: TEST_PASSWORD }));
    const admin = await createAdmin(t.app);
    const res = await t.client
      .as(admin.token)
      .post(`/admin/users/${erased.id}/erase`, { reference: 'ticket', confirm_email: erased.email });
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    // Someone else registers the address (it is free again), and a classmate's wrong passwords lock new browsers.
    await signUp(t.client, { email: erased.email, password: 'Fresh#Pass9', password_confirmation: 'Fresh#Pass9' });
    for (let i = 0; i < 10; i++)
      expect((await loginWith(null, erased.email, WRONG, '198.51.100.10')).statusCode).toBe(422);
    // The erased account's old phone is a new browser to this account: locked out with the rest.
    expect((await loginWith(oldPhone, erased.email, 'Fresh#Pass9')).statusCode).toBe(429);
  });

  it('locks a trusted browser after its own 10 wrong passwords, that browser only', async () => {
    const learner = await createLearner(t.app);
    const device = deviceCookieOf(await t.client.post('/login', { email: learner.email, password: TEST_PASSWORD }));
    for (let i = 0; i < 10; i++) expect((await loginWith(device, learner.email, WRONG)).statusCode).toBe(422);
    const locked = await loginWith(device, learner.email, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.body).toEqual({ status: false, message: 'Too many attempts. Please try again later.' });
    // The browser's guesses are its own: the account's count for other browsers is untouched.
    expect((await loginWith(null, learner.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('trusts the browser an account was registered on', async () => {
    const form = registerForm();
    const registered = await t.client.post('/register', form);
    expect(registered.statusCode).toBe(200);
    const device = deviceCookieOf(registered);
    for (let i = 0; i < 10; i++) await loginWith(null, form.email, WRONG, '198.51.100.8');
    expect((await loginWith(null, form.email, form.password)).statusCode).toBe(429);
    expect((await loginWith(device, form.email, form.password)).statusCode).toBe(200);
  });

  it('ATTACK: counts the wrong passwords of a sign-up sent again as wrong sign-ins', async () => {
    // A Register sent again with the same details signs in with the right password (a retry after a lost answer):
    // it must not be a way round the limit on guessing the password.
    const form = registerForm();
    expect((await t.client.post('/register', form)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) {
      const guess = `Guess#${i}Pass`;
      const res = await t.client
        .from('198.51.100.9')
        .post('/register', { ...form, password: guess, password_confirmation: guess });
      expect(res.statusCode).toBe(422);
    }
    expect((await loginWith(null, form.email, form.password)).statusCode).toBe(429);
    expect((await t.client.post('/register', form)).statusCode).toBe(429);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const learner = await createLearner(t.app);
    for (let i = 0; i < 9; i++) await t.client.post('/login', { email: learner.email, password: WRONG });
    expect((await t.client.post('/login', { email: learner.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) {
      expect((await t.client.post('/login', { email: learner.email, password: WRONG })).statusCode).toBe(422);
    }
    expect((await t.client.post('/login', { email: learner.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });
});

describe('login limit per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { loginPerIp: { points: 5, durationSeconds: 900 } } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts every attempt from one address', async () => {
    const learner = await createLearner(t.app);
    const lab = t.client.from('192.0.2.50');
    for (let i = 0; i < 5; i++)
      await lab.post('/login', { email: learner.email, password: i === 2 ? TEST_PASSWORD : WRONG });
    const res = await lab.post('/login', { email: learner.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.body.message).toBe('Too many attempts. Please try again later.');
    expect(
      (await t.client.from('192.0.2.51').post('/login', { email: learner.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });
});

describe('sessions: /me, /logout, /profile and the auth levels', () => {
  let t: TestApp;
  const probe = `${API_PREFIX}/test-only/verified-probe`;
  beforeAll(async () => {
    t = await createTestApp();
    // A route with the default 'verified' level, added before the app is ready, to see the 417 path.
    t.app.get(probe, async () => ({ status: true, message: 'OK', data: null }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /me for the signed-in learner', async () => {
    const learner = await createLearner(t.app, { email: 'me@example.com' });
    const res = await t.client.as(learner.token).get('/me');
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: 'OK',
      data: {
        first_name: 'Test',
        last_name: 'Learner',
        profile_photo_path: null,
        email: 'me@example.com',
        email_verified_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        isStandardPicked: false,
        referral_code: learner.referralCode,
        roles: ['learner'],
        language: 'en',
      },
    });
  });

  it('answers 401 without a token, with an unknown one, or with a malformed header', async () => {
    for (const client of [t.client, t.client.as('not-a-real-token')]) {
      const res = await client.get('/me');
      expect(res.statusCode).toBe(401);
      expect(res.body).toEqual({ status: false, message: 'Unauthenticated.' });
    }
    const learner = await createLearner(t.app);
    const res = await t.client.get('/me', { authorization: `Token ${learner.token}` });
    expect(res.statusCode).toBe(401);
  });

  it('revokes the token on logout, and only that one', async () => {
    const learner = await createLearner(t.app);
    const second = await t.client.post('/login', { email: learner.email, password: TEST_PASSWORD });
    const out = await t.client.as(learner.token).post('/logout');
    expect(out.statusCode).toBe(200);
    expect(out.body).toEqual({ status: true, message: 'Logged out.', data: null });
    expect((await t.client.as(learner.token).get('/me')).statusCode).toBe(401);
    expect((await t.client.as(learner.token).post('/logout')).statusCode).toBe(401);
    expect((await t.client.as(second.body.data.token).get('/me')).statusCode).toBe(200);
  });

  it('lets an unverified learner in to signed-in routes but answers 417 on verified ones', async () => {
    const { token } = await signUp(t.client);
    expect((await t.client.as(token).get('/me')).statusCode).toBe(200);
    expect((await t.client.as(token).get('/profile')).statusCode).toBe(200);
    expect((await t.client.as(token).get('/master')).statusCode).toBe(200);
    const res = await t.client.as(token).get(probe);
    expect(res.statusCode).toBe(417);
    expect(res.body).toEqual({ status: false, message: 'Your email address is not verified.' });
    const verified = await createLearner(t.app);
    expect((await t.client.as(verified.token).get(probe)).statusCode).toBe(200);
    expect((await t.client.get(probe)).statusCode).toBe(401);
  });

  it('shows every profile field, balance in rupees and the date of birth as a date', async () => {
    const learner = await createLearner(t.app, { email: 'profile@example.com', mobile: '9123456780' });
    await t.app.ctx.db
      .update(users)
      .set({
        dateOfBirth: '2009-04-17',
        city: 'Kochi',
        state: 'Kerala',
        pin: '682001',
        countryId: 356,
        genderId: 2,
        balancePaise: 123_45,
        points: 40,
      })
      .where(eq(users.id, learner.id));
    const res = await t.client.as(learner.token).get('/profile');
    expect(res.statusCode).toBe(200);
    expect(res.body.data).toEqual({
      first_name: 'Test',
      last_name: 'Learner',
      email: 'profile@example.com',
      mobile: '9123456780',
      date_of_birth: '2009-04-17',
      gender_id: 2,
      marital_status_id: null,
      country_id: 356,
      city: 'Kochi',
      state: 'Kerala',
      address: null,
      landmark: null,
      pin: '682001',
      occupation: null,
      qualification: null,
      about: null,
      points: 40,
      balance: 123.45,
      referral_code: learner.referralCode,
      profile_photo_path: null,
      email_verified_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      isStandardPicked: false,
    });
  });

  it('shows email_verified_at as null while unverified', async () => {
    const learner = await createLearner(t.app, { verified: false });
    const res = await t.client.as(learner.token).get('/profile');
    expect(res.body.data.email_verified_at).toBeNull();
  });
});
