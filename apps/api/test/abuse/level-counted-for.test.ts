import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelAchievements, userLevels, users } from '@app/db';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createLearner, type Learner } from '../fixtures.ts';
import { buyThroughSandbox, createAdmin } from '../admin-fixtures.ts';
import { ledgerOf, setReferenceData, signInNow } from '../wallet-fixtures.ts';
import { DAY_MS, expectBooksBalanced } from './abuse-fixtures.ts';
import { isUpdate, migrationStatements, runStatements } from '../migration-statements.ts';

/**
 * Decision 070: a sub-user records the level they counted for (users.counted_level). Decision 065 derived it from
 * time windows: a sub-user belonged to the first achievement whose window held them, and a reopened level's old
 * window, which holds the windows of the levels achieved above it, counted every sub-user of a level whose row a
 * second refund removed. An honest referrer then needed more sign-ups than fair: 14 kept sub-users paid ₹350 instead
 * of ₹850. And a level the ladder leaves (reopened above it, or being counted when a reopen moves it down) keeps
 * its window and its sub-users until the ladder comes back (level_windows).
 */
describe('levels: a sub-user counts for the level they were counted for', () => {
  let t: TestApp;
  let admin: Learner;

  beforeAll(async () => {
    t = await createTestApp();
    await setReferenceData(t.app, { refund_window_days: 7 });
    admin = await createAdmin(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  let referrer: Learner;
  const subUser = () => createLearner(t.app, { referrerId: referrer.id });
  const buy = async (buyer: Learner) => (await buyThroughSandbox(t, buyer, 100_000)).purchaseId;
  const buyNew = async (n: number) => {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) ids.push(await buy(await subUser()));
    return ids;
  };
  const refund = async (purchaseId: number) =>
    expect((await t.client.as(admin.token).post(`/admin/purchases/${purchaseId}/refund`)).statusCode).toBe(200);
  const status = async () => (await t.client.as(await signInNow(t.app, referrer.id)).get('/level-status')).body.data;
  /** The referrer's level rewards released once every hold is over, as [paise, points], and their wallet. */
  const paidAfterTheHolds = async () => {
    t.clock.advance(8 * DAY_MS);
    const wallet = (await t.client.as(await signInNow(t.app, referrer.id)).get('/transactions')).body.data;
    const rewards = (await ledgerOf(t.app, referrer.id))
      .filter((e) => e.method === 'Level Reward' && e.status === 'Done')
      .map((e) => [e.amountPaise, e.points]);
    return { rewards, balance: wallet.balance as number, points: wallet.points as number };
  };

  /**
   * Starter (A, B) and Bronze (C to F) achieved, their rewards held; S1 counted for Silver; then A and C refunded
   * inside the holding period: Starter reopened (B kept), the ladder moved down to it (Silver's window, with S1, left
   * open), then Bronze reopened (D, E, F kept) above it.
   */
  async function twoReopens() {
    referrer = await createLearner(t.app);
    const [a] = await buyNew(2);
    const [c] = await buyNew(4);
    await buyNew(1); // S1, for Silver
    expect(await status()).toMatchObject({ level_number: 3, completed_node: 1 });
    await refund(a!);
    await refund(c!);
  }

  it('an honest referrer with two reopens inside the holding periods is paid every level their kept sub-users complete', async () => {
    await twoReopens();
    // Starter counts B alone: D, E, F are Bronze's (decision 065's windows showed "4 of 2" here, paid one purchase later).
    expect(await status()).toMatchObject({ level_number: 1, completed_node: 1 });
    await buyNew(1); // G: Starter reached again with B and G
    // The ladder resumes Bronze's window, where D, E and F still count: one more completes it.
    const bronze = await status();
    expect(bronze).toMatchObject({ level_number: 2, completed_node: 3, node: 4 });
    await buyNew(1); // H: Bronze reached again with D, E, F and H
    // Silver's window, left when the first refund moved the ladder down, is resumed with S1.
    expect(await status()).toMatchObject({ level_number: 3, completed_node: 1, node: 8 });
    await buyNew(7);
    expect(await status()).toMatchObject({ level_number: 4, completed_node: 0 });

    // 14 kept sub-users (B, D, E, F, S1, G, H and 7 more) for 2 + 4 + 8: Starter, Bronze and Silver, ₹850 and 700
    // points, and ₹100 commission on each kept purchase. Decision 065's windows paid ₹350: Starter counted B, D, E, F,
    // S1 and G, Bronze started again at G's purchase and took four new ones, Silver had four of its eight.
    const paid = await paidAfterTheHolds();
    expect(paid.rewards).toEqual([
      [10_000, 100],
      [25_000, 200],
      [50_000, 400],
    ]);
    expect({ balance: paid.balance, points: paid.points }).toEqual({ balance: 14 * 100 + 850, points: 700 });
    await expectBooksBalanced(t);
  });

  it('a reopened level above the ladder loses the kept sub-users refunded meanwhile, and keeps the others', async () => {
    await twoReopens();
    const [d] = await bronzePurchases();
    await refund(d!); // D refunded inside its window while Bronze is reopened above the ladder
    await buyNew(1); // G: Starter again
    expect(await status()).toMatchObject({ level_number: 2, completed_node: 2 }); // E and F
    await buyNew(2);
    expect(await status()).toMatchObject({ level_number: 3, completed_node: 1 });
    const paid = await paidAfterTheHolds();
    expect(paid.rewards).toEqual([
      [10_000, 100],
      [25_000, 200],
    ]);
    await expectBooksBalanced(t);
  });

  /** The purchases of the referrer's sub-users counted for Bronze, in the order they were paid. */
  async function bronzePurchases(): Promise<number[]> {
    const rows = await t.app.ctx.db.execute<{ id: number }>(
      sql`select p.id from purchases p join users u on u.id = p.user_id
          where u.referrer_id = ${referrer.id} and u.counted_level = 2 and p.status = 'paid' order by p.paid_at, p.id`,
    );
    return rows.rows.map((row) => Number(row.id));
  }

  it('ATTACK: a sub-user counted for the re-reached Starter does not count for Bronze too, whose resumed window holds them', async () => {
    await twoReopens();
    await buyNew(1); // G: Starter reached again with B and G; G's activation lies inside Bronze's old window
    expect(await status()).toMatchObject({ level_number: 2, completed_node: 3 }); // D, E, F: not G
    const [h] = await buyNew(1); // H: Bronze with D, E, F and H
    expect(await status()).toMatchObject({ level_number: 3 });
    await refund(h!); // inside its window: Bronze no longer has four of its own
    expect(await status()).toMatchObject({ level_number: 2, completed_node: 3 });
    // Starter alone is paid: G paid for Starter, and D, E, F are three. Counted by window, G counted for both and
    // Bronze's reward stood on four sub-users of whom one was Starter's.
    expect((await paidAfterTheHolds()).rewards).toEqual([[10_000, 100]]);
    await expectBooksBalanced(t);
  });

  it('migration 0037 gives existing sub-users the level decision 065’s windows counted them for', async () => {
    const db = t.app.ctx.db;
    const base = t.clock.now().getTime() - 50 * DAY_MS;
    const at = (days: number) => new Date(base + days * DAY_MS);
    /** A sub-user of `of`, activated at day `day` (not active without one) with the referral status given. */
    const sub = async (of: Learner, day: number | null, referralStatus = 'counted') => {
      const learner = await createLearner(t.app, { referrerId: of.id });
      await db
        .update(users)
        .set({ activatedAt: day === null ? null : at(day), referralStatus })
        .where(eq(users.id, learner.id));
      return learner.id;
    };
    const achieve = (of: Learner, levelNumber: number, windowStart: number | null, day: number) =>
      db.insert(levelAchievements).values({
        userId: of.id,
        levelNumber,
        windowStart: windowStart === null ? null : at(windowStart),
        achievedAt: at(day),
      });
    const ladder = (of: Learner, levelNumber: number, windowStart: number, completedAt: number | null = null) =>
      db.insert(userLevels).values({
        userId: of.id,
        levelNumber,
        windowStart: at(windowStart),
        completedAt: completedAt === null ? null : at(completedAt),
      });

    // A climbing referrer: Starter in (0, 2], Bronze in (2, 6], the ladder on Silver since day 6.
    const climbing = await createLearner(t.app);
    await achieve(climbing, 1, 0, 2);
    await achieve(climbing, 2, 2, 6);
    await ladder(climbing, 3, 6);
    const expected = new Map<number, number | null>([
      [await sub(climbing, 1), 1],
      [await sub(climbing, 2), 1], // at Starter's achievement: inside its window
      [await sub(climbing, 3), 2],
      [await sub(climbing, 5, 'released'), 2],
      [await sub(climbing, 7), 3],
      [await sub(climbing, 4, 'held'), null],
      [await sub(climbing, 4, 'rejected'), null],
      [await sub(climbing, null), null],
    ]);
    // Decision 065's case: Starter reopened on its old window (0, …], Bronze achieved in (2, 6] above it: a sub-user
    // inside Bronze's window is Bronze's, the others the reopened Starter's.
    const reopened = await createLearner(t.app);
    await achieve(reopened, 2, 2, 6);
    await ladder(reopened, 1, 0);
    expected.set(await sub(reopened, 1), 1);
    expected.set(await sub(reopened, 3), 2);
    expected.set(await sub(reopened, 7), 1);
    // A finished ladder (Starter's row from before windows were kept), and a Starter window that ended unfinished:
    // a sub-user activated after the finish, or in the ended window, counts for nothing.
    const finished = await createLearner(t.app);
    await achieve(finished, 1, null, 2);
    await achieve(finished, 2, 2, 6);
    await ladder(finished, 2, 2, 6);
    expected.set(await sub(finished, 1), 1);
    expected.set(await sub(finished, 4), 2);
    expected.set(await sub(finished, 8), null);
    const restarted = await createLearner(t.app);
    await achieve(restarted, 1, 31, 40);
    await ladder(restarted, 2, 40);
    expected.set(await sub(restarted, 10), null);
    expected.set(await sub(restarted, 35), 1);
    expected.set(await sub(restarted, 41), 2);
    const ids = [...expected.keys()];
    // As before the migration: no level recorded.
    await db.update(users).set({ countedLevel: null }).where(inArray(users.id, ids));

    // The migration's backfill, as the migrator runs it: in one transaction.
    const backfill = migrationStatements('0037_counted_level.sql', isUpdate);
    expect(backfill).toHaveLength(1);
    await runStatements(db, backfill);
    const rows = await db
      .select({ id: users.id, countedLevel: users.countedLevel })
      .from(users)
      .where(inArray(users.id, ids));
    expect(new Map(rows.map((row) => [row.id, row.countedLevel]))).toEqual(expected);

    // What the screen counts follows: the climbing referrer's Silver has the sub-user of day 7.
    const screen = (await t.client.as(await signInNow(t.app, climbing.id)).get('/level-status')).body.data;
    expect(screen).toMatchObject({ level_number: 3, completed_node: 1 });
  });
});
