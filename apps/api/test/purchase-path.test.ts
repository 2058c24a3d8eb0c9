import { and, eq } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Logger } from 'drizzle-orm/logger';
import { beforeAll, describe, expect, it } from 'vitest';
import { userLevels, walletTransactions, type Db } from '@app/db';
import * as schema from '../../../packages/db/src/schema/index.ts';
import { markPurchasePaid } from '../src/services/purchases/index.ts';
import { waitFor } from './helpers.ts';
import { createLearner } from './fixtures.ts';
import { payPurchase, pendingPurchase, setUpLedgerTestApp, walletOf } from './wallet-fixtures.ts';

const payment = (amountPaise: number) => ({ paymentId: null, amountPaise, currency: 'INR' });

describe('the purchase path in two statements (decision 026)', () => {
  const t = setUpLedgerTestApp();

  /** The statements markPurchasePaid sends between BEGIN and COMMIT, through a second Drizzle handle on the same connections. */
  async function statementsOf(purchaseId: number, amountPaise: number): Promise<string[]> {
    const sent: string[] = [];
    const logger: Logger = {
      logQuery: (query) => {
        if (!/^(begin|commit|rollback)\b/i.test(query.trim())) sent.push(query);
      },
    };
    const { database } = t.app.ctx;
    const db = (database.pool
      ? drizzlePg(database.pool, { schema, logger })
      : drizzlePglite(database.pglite!, { schema, logger })) as unknown as Db;
    expect(
      await db.transaction((tx) => markPurchasePaid(tx, t.app.ctx, { purchaseId, payment: payment(amountPaise) })),
    ).toBe(true);
    return sent;
  }

  it('marks a referred first purchase paid, with commission, level count and invoice, in two statements', async () => {
    const a = await createLearner(t.app);
    // Two activations complete Starter and store A's level row; the third is counted for Bronze.
    for (let i = 0; i < 2; i++) await payPurchase(t.app, (await createLearner(t.app, { referrerId: a.id })).id, 10_000);
    const c = await createLearner(t.app, { referrerId: a.id });
    const sent = await statementsOf(await pendingPurchase(t.app, c.id, 10_000), 10_000);

    expect(sent).toHaveLength(2);
    expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 3 * 1_000 + 10_000, points: 100 });
    const [level] = await t.app.ctx.db.select().from(userLevels).where(eq(userLevels.userId, a.id));
    expect(level).toMatchObject({ levelNumber: 2 });
  });

  it('marks a purchase without a referrer paid (activation and invoice) in two statements, a free one in one', async () => {
    const learner = await createLearner(t.app);
    expect(await statementsOf(await pendingPurchase(t.app, learner.id, 25_000), 25_000)).toHaveLength(2);
    expect(await statementsOf(await pendingPurchase(t.app, learner.id, 0), 0)).toHaveLength(1);
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'the purchase path under a lock wait [PostgreSQL only: PGlite runs one transaction at a time]',
  () => {
    const t = setUpLedgerTestApp();
    beforeAll(async () => {
      // Starter is reached by one activation: a count on a stale level row would credit it twice.
      await t.app.ctx.database.exec(`UPDATE levels SET node = 1 WHERE number = 1`);
    });

    it('counts a first payment that waited for the referrer on the level row the payment before it created', async () => {
      const a = await createLearner(t.app);
      const b = await createLearner(t.app, { referrerId: a.id });
      const c = await createLearner(t.app, { referrerId: a.id });
      const first = await pendingPurchase(t.app, b.id, 10_000);
      const second = await pendingPurchase(t.app, c.id, 10_000);

      // The first payment holds A's row (and creates A's level row: Starter done, Bronze's window open)
      // until the second one is seen waiting for that lock.
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let isFirstMarked = false;
      const firstPaid = t.app.ctx.db.transaction(async (tx) => {
        await markPurchasePaid(tx, t.app.ctx, { purchaseId: first, payment: payment(10_000) });
        isFirstMarked = true;
        await held;
      });
      await waitFor(() => isFirstMarked);
      const secondPaid = t.app.ctx.db.transaction((tx) =>
        markPurchasePaid(tx, t.app.ctx, { purchaseId: second, payment: payment(10_000) }),
      );
      await waitFor(async () => {
        const { rows } = await t.app.ctx.database.pool!.query(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return rows.length > 0;
      });
      release();
      await Promise.all([firstPaid, secondPaid]);

      const rewards = await t.app.ctx.db
        .select()
        .from(walletTransactions)
        .where(and(eq(walletTransactions.userId, a.id), eq(walletTransactions.method, 'Level Reward')));
      expect(rewards).toHaveLength(1);
      const [level] = await t.app.ctx.db.select().from(userLevels).where(eq(userLevels.userId, a.id));
      expect(level).toMatchObject({ levelNumber: 2, completedAt: null });
      expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 2 * 1_000 + 10_000, points: 100 });
    });
  },
);
