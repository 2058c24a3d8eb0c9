import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOtps } from '@app/db';
import { createTestApp, waitFor, type TestApp, type TestClient, type TestResponse } from '../helpers.ts';
import { createLearner, TEST_PASSWORD } from '../fixtures.ts';
import { latestOtp, mailTo, withDevMailbox } from '../accounts-helpers.ts';
import type { JobDataMap } from '../../src/jobs/registry.ts';
import { mailJob } from '../../src/services/mail/index.ts';

/**
 * Issue 13, docs/product/accounts-and-sign-in.md#no-account-enumeration: forgot-password and reset-password answer the same, in
 * about the same time, whether or not the email exists and whatever state its code is in.
 */
const MINUTE = 60_000;
const NEW_PASSWORD = 'Brand#New42';
const otpInvalid = { status: false, message: 'Invalid OTP.', errors: { otp: ['Invalid OTP.'] } };

/** Any 6-digit code other than `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

let unknownCount = 0;
const unknownEmail = () => `nobody-${++unknownCount}-${Date.now()}@example.com`;

/** What an attacker compares: the status and the whole body. */
const seen = (res: TestResponse) => ({ statusCode: res.statusCode, body: res.body });

function reset(client: TestClient, email: string, otp: string) {
  return client.post('/reset-password', { email, otp, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

describe('abuse: forgot and reset password do not tell accounts apart (issue 13)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await withDevMailbox(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers the first request, a repeat within the minute and 1 to 7 wrong codes alike', async () => {
    const known = await createLearner(t.app);
    const unknown = unknownEmail();

    const first = [
      await t.client.post('/forgot-password-otp', { email: known.email }),
      await t.client.post('/forgot-password-otp', { email: unknown }),
    ];
    expect(seen(first[0]!)).toEqual({
      statusCode: 200,
      body: { status: true, message: 'If this email is registered, an OTP has been sent to it.', data: null },
    });
    expect(seen(first[1]!)).toEqual(seen(first[0]!));
    const code = await latestOtp(t.client, known.email);

    const again = [
      await t.client.post('/forgot-password-otp', { email: known.email }),
      await t.client.post('/forgot-password-otp', { email: unknown }),
    ];
    expect(seen(again[1]!)).toEqual(seen(again[0]!));
    expect(seen(again[0]!)).toEqual(seen(first[0]!));

    // Wrong codes 1 to 7: the code is void after the 5th for the known account; nothing may show it.
    for (let attempt = 1; attempt <= 7; attempt++) {
      const k = await reset(t.client, known.email, wrongCode(code));
      const u = await reset(t.client, unknown, wrongCode(code));
      expect(seen(k), `known, wrong code ${attempt}`).toEqual({ statusCode: 422, body: otpInvalid });
      expect(seen(u), `unknown, wrong code ${attempt}`).toEqual(seen(k));
    }
    // More wrong tries than the allowance: even the right code now answers like a wrong one.
    expect(seen(await reset(t.client, known.email, code))).toEqual({ statusCode: 422, body: otpInvalid });
    expect((await t.client.post('/login', { email: known.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('answers a wrong code alike whatever state the code is in: none, live, expired, used', async () => {
    const unknown = unknownEmail();
    const expectLikeUnknown = async (email: string, otp: string, state: string) => {
      const k = await reset(t.client, email, otp);
      const u = await reset(t.client, unknown, otp);
      expect(seen(k), state).toEqual({ statusCode: 422, body: otpInvalid });
      expect(seen(u), state).toEqual(seen(k));
    };

    const neverAsked = await createLearner(t.app);
    await expectLikeUnknown(neverAsked.email, '123456', 'no code ever sent');

    const expired = await createLearner(t.app);
    await t.client.post('/forgot-password-otp', { email: expired.email });
    const expiredCode = await latestOtp(t.client, expired.email);
    await expectLikeUnknown(expired.email, wrongCode(expiredCode), 'live code');
    t.clock.advance(11 * MINUTE);
    await expectLikeUnknown(expired.email, wrongCode(expiredCode), 'expired code');

    const used = await createLearner(t.app);
    await t.client.post('/forgot-password-otp', { email: used.email });
    const usedCode = await latestOtp(t.client, used.email);
    expect((await reset(t.client, used.email, usedCode)).statusCode).toBe(200);
    await expectLikeUnknown(used.email, wrongCode(usedCode), 'used code');

    // A newer code voids the older one: the old one is now just a wrong code.
    t.clock.advance(MINUTE);
    await t.client.post('/forgot-password-otp', { email: used.email });
    await expectLikeUnknown(
      used.email,
      usedCode === (await latestOtp(t.client, used.email)) ? wrongCode(usedCode) : usedCode,
      'replaced code',
    );
  });

  it('answers forgot-password for a known and an unknown email in about the same time', async () => {
    const known = await createLearner(t.app);
    const time = async (email: string) => {
      const started = performance.now();
      const res = await t.client.post('/forgot-password-otp', { email });
      const ms = performance.now() - started;
      expect(res.statusCode).toBe(200);
      return ms;
    };
    // Warm both paths up, then interleave them so that load on the machine falls on both alike.
    // Each known request comes a minute after the last, so each makes and mails a new code.
    await time(known.email);
    await time(unknownEmail());
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    for (let i = 0; i < 15; i++) {
      t.clock.advance(MINUTE + 1_000);
      knownMs.push(await time(known.email));
      unknownMs.push(await time(unknownEmail()));
    }
    expect(await mailTo(t.client, known.email)).toHaveLength(16);

    const [k, u] = [median(knownMs), median(unknownMs)];
    const [fast, slow] = [Math.min(k, u), Math.max(k, u)];
    const report = `known median ${k.toFixed(1)} ms, unknown median ${u.toFixed(1)} ms`;
    console.info(`forgot-password timing: ${report}`);
    // Generous for a loaded 2-core machine, yet a known path that does its work in the open
    // (about 3x the unknown one here) fails it.
    expect(slow, report).toBeLessThan(1.5 * fast + 5);
  }, 60_000);
});

describe('abuse: a mail server that is down does not tell accounts apart', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every mail fails at once.
    t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers forgot-password the same for a known email whose mail fails', async () => {
    const known = await createLearner(t.app);
    const k = await t.client.post('/forgot-password-otp', { email: known.email });
    const u = await t.client.post('/forgot-password-otp', { email: unknownEmail() });
    expect(seen(k)).toEqual({
      statusCode: 200,
      body: { status: true, message: 'If this email is registered, an OTP has been sent to it.', data: null },
    });
    expect(seen(u)).toEqual(seen(k));
    // The mail was only queued (forgot-password answers at a fixed time: on a busy machine the queueing may finish
    // just after the answer). When the mail job gives up (its last attempt, run here at once rather than after the
    // queue's retries), the code that never arrived is withdrawn, so it holds no next request back for a minute.
    const mailJobs = () =>
      t.app.ctx.db.execute<{ id: string; data: JobDataMap['mail'] }>(
        sql`select id::text, data from pgboss.job where name = 'mail'`,
      );
    await waitFor(async () => (await mailJobs()).rows.length > 0);
    const queued = await mailJobs();
    expect(queued.rows).toHaveLength(1);
    const { id, data } = queued.rows[0]!;
    expect(await t.app.ctx.db.select().from(emailOtps).where(eq(emailOtps.userId, known.id))).toHaveLength(1);
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    await expect(mailJob.handler(t.app.ctx, data, { id, retryCount: 5, retryLimit: 5, log })).rejects.toThrow();
    expect(await t.app.ctx.db.select().from(emailOtps).where(eq(emailOtps.userId, known.id))).toEqual([]);
  });
});
