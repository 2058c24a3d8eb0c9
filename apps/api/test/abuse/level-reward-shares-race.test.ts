import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@app/db';
import { createTestApp, lockWaits, waitFor, type TestApp } from '../helpers.ts';
import { createLearner } from '../fixtures.ts';
import { ledgerOf, payPurchase, refundPurchase, setReferenceData } from '../wallet-fixtures.ts';
import { DAY_MS } from './abuse-fixtures.ts';

/**
 * Decision 075, found by its second review (session 57): onPurchaseRefunded read the buyer's other paid purchase
 * (`otherPaid`) before it took the referrer's row lock, so two refunds of the same sub-user's two purchases in flight
 * together (two chargebacks' webhooks, or a chargeback and the console's Refund) each saw the other purchase still
 * paid: neither took the sub-user's share of the released level reward. It is now read after the lock.
 * PostgreSQL only: the race needs two connections.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')(
  'abuse: two refunds of one sub-user at once (two connections)',
  () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp();
      await setReferenceData(t.app, { refund_window_days: 7 });
    });
    afterAll(async () => {
      await t.close();
    });

    it("ATTACK: a sub-user's two purchases refunded together after the window: their share of Starter (₹50 + 50 points) goes back once", async () => {
      const referrer = await createLearner(t.app);
      const a = await createLearner(t.app, { referrerId: referrer.id });
      const b = await createLearner(t.app, { referrerId: referrer.id });
      const first = await payPurchase(t.app, a.id, 39_900);
      await payPurchase(t.app, b.id, 39_900); // completes Starter: ₹100 + 100 points
      const second = await payPurchase(t.app, a.id, 39_900);
      t.clock.advance(7 * DAY_MS + 60_000);

      let refunds: Promise<unknown>[] = [];
      await t.app.ctx.db.transaction(async (tx) => {
        // Another refund of the referrer's holds their row a moment: both of A's refunds are marked, then wait on it.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, referrer.id)).for('no key update');
        refunds = [refundPurchase(t.app, first), refundPurchase(t.app, second)];
        await waitFor(async () => (await lockWaits(t)) >= 2, 10_000);
      });
      await Promise.all(refunds);

      const shares = (await ledgerOf(t.app, referrer.id)).filter((e) => e.method === 'Level Reward Reversal');
      // A has no paid purchase left: their share of the released reward goes back (as one refund after the other does).
      expect(shares.map((e) => [e.amountPaise - e.shortfallPaise, e.points])).toEqual([[-5_000, -50]]);
    });
  },
);
