import { eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hi } from '@app/contracts/i18n/hi';
import { levels, userLevels, walletTransactions } from '@app/db';
import { createLearner, getUser, type Learner } from './fixtures.ts';
import { payPurchase, setReferenceData, setUpLedgerTestApp, signInNow, walletOf } from './wallet-fixtures.ts';

const DAY = 86_400_000;
/** The IST calendar date of an instant, `plusDays` later, written independently of the code under test. */
const istDate = (instant: Date, plusDays = 0) =>
  new Date(instant.getTime() + 5.5 * 3_600_000 + plusDays * DAY).toISOString().slice(0, 10);

describe('level windows: expiry, restart and progression', () => {
  const t = setUpLedgerTestApp();

  /** Signs in at the current (moved) clock and reads the level card. */
  const status = async (who: Learner) => {
    const res = await t.client.as(await signInNow(t.app, who.id)).get('/level-status');
    expect(res.statusCode).toBe(200);
    return res.body.data;
  };
  const rewardsOf = async (userId: number) =>
    (await t.app.ctx.db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId))).filter(
      (e) => e.method === 'Level Reward',
    );

  it('restarts the count in a new window the day after an expired one, as often as needed', async () => {
    const a = await createLearner(t.app);
    const registered = (await getUser(t.app, a.id)).createdAt;
    const [s1, s2, s3] = await Promise.all([1, 2, 3].map(() => createLearner(t.app, { referrerId: a.id })));

    expect(await status(a)).toMatchObject({
      level_start: istDate(registered),
      level_end: istDate(registered, 29),
      difference: 30,
    });
    await payPurchase(t.app, s1!.id, 10_000);
    expect(await status(a)).toMatchObject({ completed_node: 1, difference: 30 });

    // 31 days on, the Starter window (days 0..29) has expired with 1 of 2: a new one runs days 30..59.
    t.clock.advance(31 * DAY);
    expect(await status(a)).toMatchObject({
      level_name: 'Starter',
      level_start: istDate(registered, 30),
      level_end: istDate(registered, 59),
      difference: 29,
      completed_node: 0,
      completed_users: [],
      progress_percent: 0,
    });

    // S1 does not carry over: S2 is the only one in this window, no reward yet.
    await payPurchase(t.app, s2!.id, 10_000);
    expect(await status(a)).toMatchObject({ level_name: 'Starter', completed_node: 1 });
    expect(await rewardsOf(a.id)).toHaveLength(0);
    // The rolled window was stored on activation.
    const [stored] = await t.app.ctx.db.select().from(userLevels).where(eq(userLevels.userId, a.id));
    expect(istDate(stored!.windowStart)).toBe(istDate(registered, 30));

    // S3 completes the new window: Starter achieved, Bronze starts today.
    await payPurchase(t.app, s3!.id, 10_000);
    expect(await rewardsOf(a.id)).toHaveLength(1);
    const bronzeStart = t.app.ctx.now();
    expect(await status(a)).toMatchObject({
      level_name: 'Bronze',
      level_start: istDate(bronzeStart),
      level_end: istDate(bronzeStart, 59),
      difference: 60,
      completed_node: 0,
    });
    expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 3 * 1_000 + 10_000, points: 100 });

    // 200 days later, three 60-day Bronze windows have expired; the fourth runs days 180..239.
    t.clock.advance(200 * DAY);
    expect(await status(a)).toMatchObject({
      level_name: 'Bronze',
      level_start: istDate(bronzeStart, 180),
      level_end: istDate(bronzeStart, 239),
      difference: 40,
      completed_node: 0,
    });
  });

  it('describes the last level once every level is achieved, and rewards nothing more', async () => {
    const a = await createLearner(t.app);
    // A short ladder: two levels of one sub-user each.
    await t.app.ctx.db.delete(levels).where(gt(levels.number, 2));
    await t.app.ctx.db.update(levels).set({ node: 1 });
    try {
      const subs = await Promise.all([1, 2, 3].map(() => createLearner(t.app, { referrerId: a.id })));
      for (const sub of subs) await payPurchase(t.app, sub.id, 10_000);
      expect((await rewardsOf(a.id)).map((r) => r.description)).toEqual([
        'Level 1 Starter achieved: ₹100.00 and 100 points',
        'Level 2 Bronze achieved: ₹250.00 and 200 points',
      ]);
      expect(await status(a)).toMatchObject({
        level_number: 2,
        level_name: 'Bronze',
        node: 1,
        completed_node: 1,
        difference: 0,
        progress_percent: 100,
        is_completed: true,
      });
      expect(await walletOf(t.app, a.id)).toEqual({ balancePaise: 3 * 1_000 + 10_000 + 25_000, points: 300 });
    } finally {
      await setReferenceData(t.app);
    }
  });

  it('answers 404, not 500, when no levels are configured', async () => {
    const a = await createLearner(t.app);
    await t.app.ctx.db.delete(levels);
    try {
      const token = await signInNow(t.app, a.id);
      const res = await t.client.as(token).get('/level-status');
      expect(res.statusCode).toBe(404);
      expect(res.body).toEqual({ status: false, message: 'Levels are not configured yet.' });
      const hindi = await t.client.as(token).get('/level-status', { 'accept-language': 'hi' });
      expect(hindi.body).toEqual({ status: false, message: hi.messages.levels.notConfigured });
      // Purchases still work and pay commission without levels.
      const b = await createLearner(t.app, { referrerId: a.id });
      await payPurchase(t.app, b.id, 10_000);
      expect((await walletOf(t.app, a.id)).balancePaise).toBe(1_000);
    } finally {
      await setReferenceData(t.app);
    }
  });
});
