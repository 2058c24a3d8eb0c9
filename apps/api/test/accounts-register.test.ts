import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { referralSignups, users } from '@app/db';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, getUser } from './fixtures.ts';
import { registerForm, signUp } from './accounts-helpers.ts';

const REFERRAL_CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/;

async function userByEmail(t: TestApp, email: string) {
  const [user] = await t.app.ctx.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user;
}

describe('POST /register', () => {
  let t: TestApp;
  // This file checks the stored hash's parameters: production hashing, not the suites' cheap one.
  beforeAll(async () => {
    t = await createTestApp({ passwordHashing: 'production' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates an account without a referral and signs it in', async () => {
    const form = registerForm({ email: 'Meera.Das@Example.com', first_name: '  Meera ', last_name: 'Das' });
    const res = await t.client.from('10.9.8.7').post('/register', form);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({
      status: true,
      data: { first_name: 'Meera', last_name: 'Das', profile_photo_path: null },
    });
    expect(res.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await t.client.as(res.body.data.token).get('/me');
    expect(me.statusCode).toBe(200);
    expect(me.body.data).toMatchObject({
      first_name: 'Meera',
      email: 'meera.das@example.com',
      email_verified_at: null,
      isStandardPicked: false,
    });
    expect(me.body.data.referral_code).toMatch(REFERRAL_CODE);

    const user = await userByEmail(t, 'meera.das@example.com');
    expect(user).toMatchObject({
      referrerId: null,
      signupIp: '10.9.8.7',
      emailCanonical: 'meera.das@example.com',
      referralStatus: 'counted',
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('stores a mobile written with spaces, dashes or +91 as its 10 digits', async () => {
    for (const [index, mobile] of ['+91 98765 43210', '098765-43210', '91 98765 43210'].entries()) {
      const email = `paste${index}@example.com`;
      const res = await t.client.post('/register', registerForm({ email, mobile }));
      expect(res.statusCode).toBe(200);
      expect((await userByEmail(t, email))!.mobile).toBe('9876543210');
    }
    const refused = await t.client.post(
      '/register',
      registerForm({ email: 'paste9@example.com', mobile: '+1 98765 43210' }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.body.errors).toEqual({ mobile: ['Invalid Mobile Number'] });
  });

  it('gives every account its own referral code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const { token } = await signUp(t.client);
      codes.add((await t.client.as(token).get('/me')).body.data.referral_code);
    }
    expect(codes.size).toBe(3);
  });

  it('links the referrer when ref_user is given, in any case', async () => {
    const referrer = await createLearner(t.app);
    const { email } = await signUp(t.client.from('10.1.2.3'), { ref_user: ` ${referrer.referralCode.toLowerCase()} ` });
    const user = await userByEmail(t, email);
    expect(user!.referrerId).toBe(referrer.id);
    expect(user!.referralStatus).toBe('counted');
    const signups = await t.app.ctx.db.select().from(referralSignups).where(eq(referralSignups.userId, user!.id));
    expect(signups).toEqual([expect.objectContaining({ referrerId: referrer.id, ip: '10.1.2.3' })]);
  });

  it('treats an empty or null ref_user as no referral', async () => {
    for (const ref of ['', null]) {
      const { email } = await signUp(t.client, { ref_user: ref });
      expect((await userByEmail(t, email))!.referrerId).toBeNull();
    }
  });

  it('refuses an unknown referral code with a 422 on ref_user and creates nothing', async () => {
    const form = registerForm({ ref_user: 'ZZZZ2222' });
    const res = await t.client.post('/register', form);
    expect(res.statusCode).toBe(422);
    expect(res.body).toEqual({
      status: false,
      message: 'Invalid referral code.',
      errors: { ref_user: ['Invalid referral code.'] },
    });
    expect(await userByEmail(t, String(form.email))).toBeUndefined();
  });

  it('refuses an email already registered, whatever its case', async () => {
    const { email } = await signUp(t.client);
    const res = await t.client.post(
      '/register',
      registerForm({ email: email.toUpperCase(), password: 'Other#Pass7', password_confirmation: 'Other#Pass7' }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.body).toEqual({
      status: false,
      message: 'This email is already registered.',
      errors: { email: ['This email is already registered.'] },
    });
  });

  it('lets only one of several simultaneous sign-ups with one email through', async () => {
    const form = registerForm();
    const answers = await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        t.client.post('/register', {
          ...form,
          email: i % 2 ? String(form.email).toUpperCase() : form.email,
          // Different people: only the first gets an account (the same person again is a retry, below).
          mobile: `987654321${i}`,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422, 422, 422, 422]);
    for (const a of answers.filter((x) => x.statusCode === 422))
      expect(a.body.errors).toEqual({ email: ['This email is already registered.'] });
  });

  it('answers a sign-up sent again after its answer was lost with a session of the same account', async () => {
    const form = registerForm({ ref_user: (await createLearner(t.app)).referralCode.toLowerCase() });
    const first = await t.client.post('/register', form);
    expect(first.statusCode).toBe(200);
    t.clock.advance(10 * 60_000);
    const again = await t.client.post('/register', { ...form, email: String(form.email).toUpperCase() });
    expect(again.statusCode, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ status: true, message: first.body.message, data: { first_name: 'Asha' } });
    expect(again.body.data.token).not.toBe(first.body.data.token);
    const me = await t.client.as(again.body.data.token).get('/me');
    expect(me.body.data.email).toBe(String(form.email).toLowerCase());
    expect(
      await t.app.ctx.db
        .select()
        .from(users)
        .where(eq(users.email, String(form.email).toLowerCase())),
    ).toHaveLength(1);
    expect(
      await t.app.ctx.db
        .select()
        .from(referralSignups)
        .where(eq(referralSignups.userId, (await userByEmail(t, String(form.email)))!.id)),
    ).toHaveLength(1);
  });

  it('is a retry only with the same details and password, soon, and before the email is verified', async () => {
    const taken = (res: { statusCode: number; body: { errors?: unknown } }) => {
      expect(res.statusCode).toBe(422);
      expect(res.body.errors).toEqual({ email: ['This email is already registered.'] });
    };
    const form = registerForm();
    expect((await t.client.post('/register', form)).statusCode).toBe(200);
    taken(await t.client.post('/register', { ...form, password: 'Other#Pass7', password_confirmation: 'Other#Pass7' }));
    taken(await t.client.post('/register', { ...form, mobile: '9123456780' }));
    taken(await t.client.post('/register', { ...form, first_name: 'Ashok' }));
    taken(await t.client.post('/register', { ...form, ref_user: (await createLearner(t.app)).referralCode }));
    t.clock.advance(15 * 60_000 + 1_000);
    taken(await t.client.post('/register', form));

    const verified = registerForm();
    expect((await t.client.post('/register', verified)).statusCode).toBe(200);
    await t.app.ctx.db
      .update(users)
      .set({ emailVerifiedAt: new Date(t.app.ctx.now().getTime()) })
      .where(eq(users.email, String(verified.email)));
    taken(await t.client.post('/register', verified));
  });

  it('reports a bad referral and a taken email together', async () => {
    const { email } = await signUp(t.client);
    const res = await t.client.post('/register', registerForm({ email, ref_user: 'NOPE2345' }));
    expect(res.statusCode).toBe(422);
    expect(res.body.errors).toEqual({
      ref_user: ['Invalid referral code.'],
      email: ['This email is already registered.'],
    });
  });

  it("answers an empty form with every field's required message", async () => {
    const res = await t.client.post('/register', {});
    expect(res.statusCode).toBe(422);
    expect(res.body).toEqual({
      status: false,
      message: 'First Name is required.',
      errors: {
        first_name: ['First Name is required.'],
        last_name: ['Last Name is required.'],
        email: ['Email is required.'],
        mobile: ['Mobile is required.'],
        password: ['Password is required.'],
        password_confirmation: ['Confirm Password is required.'],
        disclaimer: ['Accept the Disclaimer and Continue.'],
      },
    });
  });

  it('treats blank text as missing', async () => {
    const res = await t.client.post(
      '/register',
      registerForm({ first_name: '   ', last_name: '', email: ' ', mobile: '' }),
    );
    expect(res.statusCode).toBe(422);
    // The client shows the first message of a field.
    const firstOf = Object.fromEntries(
      Object.entries(res.body.errors as Record<string, string[]>).map(([k, v]) => [k, v[0]]),
    );
    expect(firstOf).toEqual({
      first_name: 'First Name is required.',
      last_name: 'Last Name is required.',
      email: 'Email is required.',
      mobile: 'Mobile is required.',
    });
  });

  it.each([
    ['email', 'not-an-email', 'Invalid Email.'],
    ['email', 'a@b', 'Invalid Email.'],
    ['mobile', '98765', 'Invalid Mobile Number'],
    ['mobile', '98765432101', 'Invalid Mobile Number'],
    ['mobile', '98765abcde', 'Invalid Mobile Number'],
    ['mobile', '+91 98765 4321', 'Invalid Mobile Number'],
    ['disclaimer', false, 'Accept the Disclaimer and Continue.'],
  ])('refuses %s = %j with %j', async (field, value, message) => {
    const res = await t.client.post('/register', registerForm({ [field]: value }));
    expect(res.statusCode).toBe(422);
    expect(res.body.errors).toEqual({ [field]: [message] });
    expect(res.body.message).toBe(message);
  });

  it.each([
    ['no uppercase', 'secret@123'],
    ['no lowercase', 'SECRET@123'],
    ['no digit', 'Secret@abc'],
    ['no special character', 'Secret1234'],
    ['too short', 'Se@1abc'],
  ])('enforces the password policy (%s)', async (_case, password) => {
    const res = await t.client.post('/register', registerForm({ password, password_confirmation: password }));
    expect(res.statusCode).toBe(422);
    expect(res.body.errors).toEqual({
      password: [
        'Password must have an uppercase letter, a lowercase letter, a digit, a special character and at least 8 characters.',
      ],
    });
  });

  it('checks that the confirmation matches', async () => {
    const res = await t.client.post('/register', registerForm({ password_confirmation: 'Secret@124' }));
    expect(res.statusCode).toBe(422);
    expect(res.body.errors).toEqual({ password_confirmation: ['Password confirmation does not match.'] });
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await t.client.request('POST', '/register', '{"first_name":', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.body.status).toBe(false);
  });
});

describe('POST /reference-user-validate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the referrer with email and mobile masked, for a code in any case', async () => {
    const referrer = await createLearner(t.app, { email: 'rahul.k@gmail.com', mobile: '9876543210' });
    const res = await t.client.post('/reference-user-validate', {
      reference_user: referrer.referralCode.toLowerCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toEqual({
      status: true,
      message: 'OK',
      data: { name: 'Test Learner', email: 'ra****@gmail.com', mobile: '******3210' },
    });
  });

  it('answers 400 with the message for an unknown code', async () => {
    const res = await t.client.post('/reference-user-validate', { reference_user: 'ZZZZ2222' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toEqual({ status: false, message: 'Invalid referral code.' });
  });

  it('answers 422 when the code is missing', async () => {
    const res = await t.client.post('/reference-user-validate', { reference_user: '  ' });
    expect(res.statusCode).toBe(422);
    expect(res.body.errors).toEqual({ reference_user: ['Invalid referral code.'] });
  });
});

describe('registration limits and the referral hold rule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { registerPerIp: { points: 3, durationSeconds: 3600 } } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 once one address has used its sign-ups, and not for another address', async () => {
    const lab = t.client.from('172.16.0.9');
    for (let i = 0; i < 3; i++) await signUp(lab);
    const res = await lab.post('/register', registerForm());
    expect(res.statusCode).toBe(429);
    expect(res.body).toEqual({ status: false, message: 'Too many attempts. Please try again later.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    await signUp(t.client.from('172.16.0.10'));
  });
});

describe('referral hold rule', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('holds the sign-ups through one code from one address beyond 3 a week', async () => {
    const referrer = await createLearner(t.app);
    const statusOf = async (ip: string) => {
      const { email } = await signUp(t.client.from(ip), { ref_user: referrer.referralCode });
      return (await userByEmail(t, email))!.referralStatus;
    };
    expect(await statusOf('198.51.100.2')).toBe('counted');
    expect(await statusOf('198.51.100.2')).toBe('counted');
    expect(await statusOf('198.51.100.2')).toBe('counted');
    expect(await statusOf('198.51.100.2')).toBe('held');
    expect(await statusOf('198.51.100.2')).toBe('held');
    expect(await statusOf('198.51.100.3')).toBe('counted');
    // Another code from the same address is not affected.
    const other = await createLearner(t.app);
    const { email } = await signUp(t.client.from('198.51.100.2'), { ref_user: other.referralCode });
    expect((await userByEmail(t, email))!.referralStatus).toBe('counted');

    const held = await t.app.ctx.db
      .select()
      .from(referralSignups)
      .where(and(eq(referralSignups.referrerId, referrer.id), eq(referralSignups.ip, '198.51.100.2')));
    expect(held).toHaveLength(5);

    // A week later the address starts afresh.
    t.clock.advance(8 * 86_400_000);
    expect(await statusOf('198.51.100.2')).toBe('counted');
    expect((await getUser(t.app, referrer.id)).referralStatus).toBe('counted');
  });
});
