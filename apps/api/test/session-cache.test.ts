import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, users } from '@app/db';
import { sha256Hex } from '../src/lib/crypto.ts';
import { issueToken } from '../src/services/accounts/issue-token.ts';
import { CHANGE_FEED_APPLICATION_NAME } from '../src/services/database/change-feed.ts';
import { createTestApp, waitFor, type TestApp } from './helpers.ts';
import { createLearner, TEST_PASSWORD } from './fixtures.ts';
import { createAdmin } from './admin-fixtures.ts';
import { createBatch, createCourse } from './catalogue-fixtures.ts';
import { latestOtp, withDevMailbox } from './accounts-helpers.ts';

/**
 * The session cache (decision 025): a session cached by one request and changed by the next is
 * refused or answered as changed on the request after, on the same instance, whoever wrote the
 * change (a route, another request's side effect, or SQL from outside the API).
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await withDevMailbox(t.app);
});
afterAll(async () => t?.close());

/** Whether this process holds the token's session: the precondition that makes each case about the cache. */
const isCached = (token: string) => t.app.ctx.caches.sessions.get(sha256Hex(token)) !== undefined;

/** A request that caches the session, checked to have done so. */
async function cacheSession(token: string): Promise<void> {
  expect((await t.client.as(token).get('/me')).statusCode).toBe(200);
  expect(isCached(token)).toBe(true);
}

describe('session cache', () => {
  it('refuses a token on the request after its logout', async () => {
    const learner = await createLearner(t.app);
    await cacheSession(learner.token);
    expect((await t.client.as(learner.token).post('/logout')).statusCode).toBe(200);
    expect((await t.client.as(learner.token).get('/me')).statusCode).toBe(401);
  });

  it('refuses the other tokens of a learner whose password changed, and keeps the one that changed it', async () => {
    const learner = await createLearner(t.app);
    const otherDevice = await issueToken(t.app.ctx.db, learner.id, t.app.ctx.now());
    await cacheSession(otherDevice);
    await cacheSession(learner.token);
    const changed = await t.client.as(learner.token).put('/password', {
      current_password: TEST_PASSWORD,
      password: 'NewSecret@456',
      password_confirmation: 'NewSecret@456',
    });
    expect(changed.statusCode, JSON.stringify(changed.body)).toBe(200);
    expect((await t.client.as(otherDevice).get('/me')).statusCode).toBe(401);
    expect((await t.client.as(learner.token).get('/me')).statusCode).toBe(200);
  });

  it('answers with the new e-mail, unverified, on the request after an e-mail change', async () => {
    const learner = await createLearner(t.app);
    await cacheSession(learner.token);
    expect((await t.client.as(learner.token).get('/course')).statusCode).toBe(200);
    const newEmail = `moved-${learner.id}@example.com`;
    const changed = await t.client.as(learner.token).put('/profile', {
      first_name: 'Test',
      last_name: 'Learner',
      mobile: '9876501234',
      email: newEmail,
      current_password: TEST_PASSWORD,
    });
    expect(changed.statusCode, JSON.stringify(changed.body)).toBe(200);
    const me = await t.client.as(learner.token).get('/me');
    expect(me.body.data).toMatchObject({ email: newEmail, email_verified_at: null });
    expect((await t.client.as(learner.token).get('/course')).statusCode).toBe(417);
  });

  it('lets a learner in on the request after verifying their e-mail', async () => {
    const learner = await createLearner(t.app, { verified: false });
    const me = t.client.as(learner.token);
    expect((await me.get('/course')).statusCode).toBe(417);
    expect(isCached(learner.token)).toBe(true);
    expect((await me.get('/send-email-otp')).statusCode).toBe(200);
    const verified = await me.post('/verify-email-otp', {
      email: learner.email,
      otp: await latestOtp(t.client, learner.email),
    });
    expect(verified.statusCode).toBe(200);
    expect((await me.get('/course')).statusCode).toBe(200);
  });

  it('takes the console away on the request after an operator removes the admin role', async () => {
    const operator = await createAdmin(t.app);
    const colleague = await createAdmin(t.app);
    expect((await t.client.as(colleague.token).get('/admin/users')).statusCode).toBe(200);
    expect(isCached(colleague.token)).toBe(true);
    const demoted = await t.client.as(operator.token).put(`/admin/users/${colleague.id}/roles`, { roles: ['learner'] });
    expect(demoted.statusCode, JSON.stringify(demoted.body)).toBe(200);
    expect((await t.client.as(colleague.token).get('/admin/users')).statusCode).toBe(403);
  });

  it("shows a learner their new batch's subjects on the request after they choose it", async () => {
    const learner = await createLearner(t.app);
    const batch = await createBatch(t.app);
    const subject = await createCourse(t.app, { batchId: batch.id });
    const before = await t.client.as(learner.token).get('/course');
    expect(before.body.data.school).toEqual([]);
    expect(isCached(learner.token)).toBe(true);
    const chosen = await t.client
      .as(learner.token)
      .post('/add-class', { syllabus: batch.syllabusId, standard: batch.standardId, date_of_birth: '1990-01-01' });
    expect(chosen.statusCode, JSON.stringify(chosen.body)).toBe(200);
    expect((await t.client.as(learner.token).get('/me')).body.data.isStandardPicked).toBe(true);
    const after = await t.client.as(learner.token).get('/course');
    expect(after.body.data.school.map((c: { id: number }) => c.id)).toEqual([subject.id]);
  });

  it('sees writes made outside any request: a token revoked and a role granted by SQL', async () => {
    const learner = await createLearner(t.app);
    await cacheSession(learner.token);
    expect((await t.client.as(learner.token).get('/admin/users')).statusCode).toBe(403);
    await t.app.ctx.db
      .update(users)
      .set({ roles: ['admin', 'learner'] })
      .where(eq(users.id, learner.id));
    expect((await t.client.as(learner.token).get('/admin/users')).statusCode).toBe(200);
    await t.app.ctx.db
      .update(accessTokens)
      .set({ revokedAt: t.app.ctx.now() })
      .where(eq(accessTokens.userId, learner.id));
    expect((await t.client.as(learner.token).get('/me')).statusCode).toBe(401);
  });

  it('still expires an idle token and still touches last_used_at once a minute when the session is cached', async () => {
    const learner = await createLearner(t.app);
    await cacheSession(learner.token);
    const lastUsed = async () =>
      (
        await t.app.ctx.db
          .select({ at: accessTokens.lastUsedAt })
          .from(accessTokens)
          .where(eq(accessTokens.tokenHash, sha256Hex(learner.token)))
      )[0]!.at;
    const first = await lastUsed();
    t.clock.advance(2 * 60_000);
    expect((await t.client.as(learner.token).get('/me')).statusCode).toBe(200);
    expect((await lastUsed()).getTime()).toBeGreaterThan(first.getTime());
    // The touch is not a change the cache hears of: the session is still cached.
    expect(isCached(learner.token)).toBe(true);
    t.clock.advance(31 * 86_400_000);
    expect((await t.client.as(learner.token).get('/me')).statusCode).toBe(401);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('session cache when the change feed drops (PostgreSQL)', () => {
  const listenerPids = async () => {
    const result = await t.app.ctx.db.execute(sql`
      SELECT pid FROM pg_stat_activity WHERE application_name = ${CHANGE_FEED_APPLICATION_NAME} AND datname = current_database()`);
    return (result.rows as { pid: number }[]).map((row) => Number(row.pid));
  };

  it('flushes what it holds when the listening connection is killed, then reconnects and caches again', async () => {
    const learner = await createLearner(t.app);
    await cacheSession(learner.token);
    const [pid] = await listenerPids();
    expect(pid).toBeDefined();
    await t.app.ctx.db.execute(sql`SELECT pg_terminate_backend(${pid}::int)`);
    await waitFor(() => !t.app.ctx.caches.feed.isLive, 5_000, 1);
    // Revoked while nobody listens: this notification is lost, so only the flush can keep the token out.
    await t.app.ctx.db
      .update(accessTokens)
      .set({ revokedAt: t.app.ctx.now() })
      .where(eq(accessTokens.userId, learner.id));
    expect((await t.client.as(learner.token).get('/me')).statusCode).toBe(401);

    await waitFor(async () => t.app.ctx.caches.feed.isLive && (await listenerPids()).some((p) => p !== pid), 10_000);
    const again = await createLearner(t.app);
    await cacheSession(again.token);
    expect((await t.client.as(again.token).post('/logout')).statusCode).toBe(200);
    expect((await t.client.as(again.token).get('/me')).statusCode).toBe(401);
  });
});
