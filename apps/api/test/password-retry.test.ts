import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { idempotencyKeys } from '@app/db';
import { profileMessages } from '@app/contracts';
import { sha256Hex } from '../src/lib/crypto.ts';
import { defaultLimitRules } from '../src/lib/rate-limits.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, TEST_PASSWORD } from './fixtures.ts';
import { validBank } from './wallet-fixtures.ts';

/**
 * PUT /password sent again after its answer was lost on patchy 4G: the form keeps what was typed and the learner taps
 * 'Update' again (docs/product/profile.md#password, decision 061). With the same Idempotency-Key the retry gets the
 * first answer back; without one it is a new change, checked against the password now in force.
 */
describe('a password change sent again after its answer was lost', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { passwordChecksPerUser: defaultLimitRules.passwordChecksPerUser } });
  });
  afterAll(async () => {
    await t.close();
  });

  const body = { current_password: TEST_PASSWORD, password: 'Newpass@123', password_confirmation: 'Newpass@123' };
  const key = (value: string) => ({ 'idempotency-key': value });

  it('answers a retry with the same key as the change that went through, not "The current password is incorrect."', async () => {
    const a = await createLearner(t.app);
    const first = await t.client.as(a.token).put('/password', body, key('pw-1'));
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBe('false');
    // Same session (a change keeps the current token), same body, same key: a retry.
    const retry = await t.client.as(a.token).put('/password', body, key('pw-1'));
    expect(retry.statusCode, JSON.stringify(retry.body)).toBe(200);
    expect(retry.body.message).toBe(profileMessages.passwordChanged);
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });

  it('spends no password check on a replay: the bank details stay open after ten retries', async () => {
    const a = await createLearner(t.app);
    expect((await t.client.as(a.token).put('/password', body, key('pw-2'))).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect((await t.client.as(a.token).put('/password', body, key('pw-2'))).statusCode).toBe(200);
    }
    const bank = await t.client.as(a.token).post('/bank-details', { ...validBank, current_password: 'Newpass@123' });
    expect(bank.statusCode, JSON.stringify(bank.body)).toBe(200);
  });

  it('replays a wrong current password as the same refusal, counted once', async () => {
    const a = await createLearner(t.app);
    const guess = { ...body, current_password: 'Wrong@1234' };
    for (let i = 0; i < 12; i++) {
      const refused = await t.client.as(a.token).put('/password', guess, key('pw-guess'));
      expect(refused.statusCode).toBe(422);
      expect(refused.body.errors.current_password).toEqual([profileMessages.currentPasswordWrong]);
    }
    // Twelve answers, one check spent: the right password still goes through.
    expect((await t.client.as(a.token).put('/password', body, key('pw-right'))).statusCode).toBe(200);
  });

  it('is no way to test guesses: without a key, or with another body under the key, nothing is replayed', async () => {
    const a = await createLearner(t.app);
    expect((await t.client.as(a.token).put('/password', body, key('pw-3'))).statusCode).toBe(200);
    // The new password typed as the current one is not an answer to the first request: a change, checked as ever.
    const withoutKey = await t.client.as(a.token).put('/password', body);
    expect(withoutKey.statusCode).toBe(422);
    expect(withoutKey.body.errors.current_password).toEqual([profileMessages.currentPasswordWrong]);
    const otherBody = await t.client
      .as(a.token)
      .put('/password', { ...body, current_password: 'Guess@1234' }, key('pw-3'));
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.body.errors.idempotency_key).toBeDefined();
  });

  it('keeps no fast hash of the passwords with the key', async () => {
    const a = await createLearner(t.app);
    expect((await t.client.as(a.token).put('/password', body, key('pw-4'))).statusCode).toBe(200);
    const rows = await t.app.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, a.id));
    expect(rows).toHaveLength(1);
    const plain = (v: object) => sha256Hex(`PUT /password\n${JSON.stringify(v)}`);
    expect(rows[0]!.requestHash).not.toBe(plain(body));
    expect(JSON.stringify(rows[0])).not.toContain('Newpass@123');
  });
});

describe('a password change refused for too many wrong passwords', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { passwordChecksPerUser: { points: 1, durationSeconds: 1 } } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is not replayed once the limit has passed: the same key then runs the change', async () => {
    const a = await createLearner(t.app);
    const body = { current_password: TEST_PASSWORD, password: 'Newpass@123', password_confirmation: 'Newpass@123' };
    const wrong = { ...body, current_password: 'Wrong@1234' };
    expect((await t.client.as(a.token).put('/password', wrong, { 'idempotency-key': 'a' })).statusCode).toBe(422);
    expect((await t.client.as(a.token).put('/password', body, { 'idempotency-key': 'b' })).statusCode).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const later = await t.client.as(a.token).put('/password', body, { 'idempotency-key': 'b' });
    expect(later.statusCode, JSON.stringify(later.body)).toBe(200);
  });
});
