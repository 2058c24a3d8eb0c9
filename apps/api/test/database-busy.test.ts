import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { walletTransactions } from '@app/db';
import { createLearner } from './fixtures.ts';
import { lockWaits, postgresUrlOf, waitFor } from './helpers.ts';
import { fundWithBank, walletOf } from './wallet-fixtures.ts';
import { setUpAdminTestApp } from './admin-fixtures.ts';

const onPostgres = process.env.TEST_DB === 'postgres';

// A deadlock needs two connections: PostgreSQL only (PGlite has one).
describe.skipIf(!onPostgres)('a transaction PostgreSQL gives up on (a deadlock)', () => {
  const t = setUpAdminTestApp();

  it('answers 503 with Retry-After and the busy message, changes nothing, and the same request then goes through', async () => {
    const learner = await createLearner(t.app);
    await fundWithBank(t, learner);
    expect((await t.client.as(learner.token).post('/withdraw', { amount: 200 })).statusCode).toBe(200);
    const [withdrawal] = await t.app.ctx.db
      .select({ id: walletTransactions.id })
      .from(walletTransactions)
      .where(and(eq(walletTransactions.userId, learner.id), eq(walletTransactions.method, 'Withdraw')));
    const id = withdrawal!.id;

    // Another connection takes the two locks a rejection takes (the learner's row, then the withdrawal's) in the
    // other order. It waits 20 s before looking for a deadlock, the API's connection 1 s: the API's is the one
    // PostgreSQL kills.
    const other = new pg.Client({ connectionString: postgresUrlOf(t.app.ctx.database) });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(`SET LOCAL deadlock_timeout = '20s'`);
      await other.query('SELECT 1 FROM wallet_transactions WHERE id = $1 FOR UPDATE', [id]);
      const rejecting = t.as().post(`/admin/withdrawals/${id}/settle`, { status: 'Rejected', reason: 'Wrong IFSC' });
      await waitFor(async () => (await lockWaits(t)) > 0);
      const otherLocks = other.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [learner.id]);

      const busy = await rejecting;
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('1');
      expect(busy.body).toEqual({
        status: false,
        message: 'The server is busy. Nothing was changed: please try again.',
      });
      await otherLocks;
      await other.query('ROLLBACK');
    } finally {
      await other.end();
    }

    // Nothing of the rejection stayed: the withdrawal waits, the money is still out of the wallet.
    expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 30_000, points: 0 });
    const again = await t.as().post(`/admin/withdrawals/${id}/settle`, { status: 'Rejected', reason: 'Wrong IFSC' });
    expect(again.statusCode).toBe(200);
    expect(await walletOf(t.app, learner.id)).toEqual({ balancePaise: 50_000, points: 0 });
  });
});
