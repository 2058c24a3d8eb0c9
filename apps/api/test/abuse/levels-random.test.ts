import { and, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelAchievements, levels, levelWindows, userLevels, users, walletTransactions } from '@app/db';
import { levelWindowAt } from '@app/contracts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createLearner } from '../fixtures.ts';
import { payPurchase, refundPurchase, setReferenceData } from '../wallet-fixtures.ts';
import { getLevelStatus } from '../../src/services/levels/index.ts';
import { releaseHeldCredits } from '../../src/services/wallet/index.ts';
import { DAY_MS, expectBooksBalanced } from './abuse-fixtures.ts';

const SEQUENCES = 100;
const STEPS = 10;
const HOUR_MS = 3_600_000;
/** Replay a failure with LEVELS_SEED=<seed>. */
const SEED = Number(process.env.LEVELS_SEED ?? 70_070);

/** mulberry32: a small seeded generator, the same sequence on every machine. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A short ladder, so that a dozen steps climb it, reopen it and climb it again. */
const LADDER = [
  { number: 1, name: 'Starter', days: 30, node: 2, rewardPoints: 100, rewardPaise: 10_000 },
  { number: 2, name: 'Bronze', days: 60, node: 3, rewardPoints: 200, rewardPaise: 25_000 },
  { number: 3, name: 'Silver', days: 90, node: 3, rewardPoints: 400, rewardPaise: 50_000 },
];
const PRICE = 100_000;
const REFUND_WINDOW_DAYS = 7;

/**
 * Decision 070's invariants after every step of random sequences on one referrer: sub-users buying (new ones, and
 * bought ones again), refunds inside and after the holding period, time moving by hours, days or more than a window.
 */
describe('levels: invariants after random buys, refunds and time (seeded)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await setReferenceData(t.app, { refund_window_days: REFUND_WINDOW_DAYS });
    await t.app.ctx.db.delete(levels).where(gt(levels.number, LADDER.length));
    for (const level of LADDER) await t.app.ctx.db.update(levels).set(level).where(eq(levels.number, level.number));
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * What must hold for `referrer` now; each broken rule as a sentence.
   *
   * 1. A level paid (its reward Pending or Done, not taken back) has at least its node of sub-users still counted for
   *    it (active, counted, recorded for that level) inside its window (start, achieved].
   * 2. The paid levels can be paid by disjoint sets of kept sub-users, each inside the level's window: no sub-user is
   *    needed by two paid levels (checked from activation instants alone, whatever the server recorded).
   * 3. A level is paid once: at most one live reward per level, each with its achievement.
   * 4. The ladder is on the lowest level not achieved (finished only when every level is).
   * 5. GET /level-status counts what the server counts, and shows a level full only once it is achieved.
   * 6. A window left open (level_windows) belongs to a level neither achieved nor being worked on.
   */
  async function check(referrer: { id: number; createdAt: Date }): Promise<{ found: string[]; achieved: number }> {
    const db = t.app.ctx.db;
    const found: string[] = [];
    const now = t.clock.now();
    const node = new Map(LADDER.map((level) => [level.number, level.node]));
    const achievements = await db.select().from(levelAchievements).where(eq(levelAchievements.userId, referrer.id));
    const ledger = await db
      .select()
      .from(walletTransactions)
      .where(
        and(
          eq(walletTransactions.userId, referrer.id),
          inArray(walletTransactions.method, ['Level Reward', 'Level Reward Reversal']),
        ),
      );
    const reversed = new Set(ledger.filter((e) => e.method === 'Level Reward Reversal').map((e) => e.purchaseId));
    const live = ledger.filter(
      (e) => e.method === 'Level Reward' && e.status !== 'Rejected' && !reversed.has(e.purchaseId),
    );
    const subs = (
      await db
        .select({
          id: users.id,
          activatedAt: users.activatedAt,
          status: users.referralStatus,
          countedLevel: users.countedLevel,
        })
        .from(users)
        .where(eq(users.referrerId, referrer.id))
    ).filter((s) => s.activatedAt !== null && (s.status === 'counted' || s.status === 'released'));
    const inside = (at: Date, start: Date | null, end: Date) =>
      (start === null || at.getTime() > start.getTime()) && at.getTime() <= end.getTime();

    // 3.
    const liveLevels = live.map((e) => Number(/^Level (\d+) /.exec(e.description)?.[1]));
    if (new Set(liveLevels).size !== liveLevels.length) found.push(`a level paid twice: ${liveLevels.join(', ')}`);
    const paid = achievements.filter((a) => live.some((e) => e.purchaseId === a.purchaseId));
    if (paid.length !== live.length) found.push(`${live.length} live rewards for ${paid.length} achievements`);

    // 1.
    for (const a of paid) {
      const own = subs.filter(
        (s) => s.countedLevel === a.levelNumber && inside(s.activatedAt!, a.windowStart, a.achievedAt),
      );
      if (own.length < node.get(a.levelNumber)!)
        found.push(`level ${a.levelNumber} paid on ${own.length} kept sub-users of ${node.get(a.levelNumber)}`);
    }

    // 2. Windows are intervals and sub-users points: taking, level by level in the order the windows end, the
    // earliest sub-users not yet taken inside the window finds disjoint sets whenever any exist.
    const taken = new Set<number>();
    const byActivation = [...subs].sort((x, y) => x.activatedAt!.getTime() - y.activatedAt!.getTime());
    for (const a of [...paid].sort((x, y) => x.achievedAt.getTime() - y.achievedAt.getTime())) {
      const mine = byActivation
        .filter((s) => !taken.has(s.id) && inside(s.activatedAt!, a.windowStart, a.achievedAt))
        .slice(0, node.get(a.levelNumber)!);
      mine.forEach((s) => taken.add(s.id));
      if (mine.length < node.get(a.levelNumber)!)
        found.push(`level ${a.levelNumber} paid, but only ${mine.length} kept sub-users are left for it`);
    }

    // 4.
    const [ladder] = await db.select().from(userLevels).where(eq(userLevels.userId, referrer.id));
    const achieved = new Set(achievements.map((a) => a.levelNumber));
    const lowestOpen = LADDER.find((level) => !achieved.has(level.number));
    if (ladder) {
      if (lowestOpen && (ladder.completedAt !== null || ladder.levelNumber !== lowestOpen.number))
        found.push(
          `the ladder on ${ladder.levelNumber} (finished: ${ladder.completedAt !== null}), ${lowestOpen.number} open`,
        );
      if (!lowestOpen && ladder.completedAt === null) found.push('every level achieved, the ladder not finished');
    } else if (achievements.length > 0) found.push('achievements without a ladder');

    // 5.
    const status = await getLevelStatus(t.app.ctx, { user: referrer });
    if (!status.is_completed) {
      const window = levelWindowAt(ladder?.windowStart ?? referrer.createdAt, lookup(status.level_number).days, now);
      const counted = subs.filter(
        (s) => s.countedLevel === status.level_number && inside(s.activatedAt!, window.start, window.end),
      );
      if (status.completed_node !== counted.length)
        found.push(`the screen shows ${status.completed_node}, the server counts ${counted.length}`);
      if (status.completed_node >= status.node)
        found.push(`level ${status.level_number} shown ${status.completed_node} of ${status.node}, not achieved`);
    }

    // 6.
    const open = await db.select().from(levelWindows).where(eq(levelWindows.userId, referrer.id));
    for (const w of open) {
      if (achieved.has(w.levelNumber)) found.push(`an open window for achieved level ${w.levelNumber}`);
      if (ladder && ladder.completedAt === null && ladder.levelNumber === w.levelNumber)
        found.push(`an open window for level ${w.levelNumber}, which the ladder is on`);
    }
    return { found, achieved: achievements.length };
  }
  const lookup = (number: number) => LADDER.find((level) => level.number === number)!;

  it(`keeps them over ${SEQUENCES} sequences of ${STEPS} steps (replay with LEVELS_SEED=<seed>)`, async () => {
    const random = seededRandom(SEED);
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
    const done = { buy: 0, again: 0, refundInside: 0, refundAfter: 0, wait: 0, achieved: 0, reopened: 0 };
    for (let sequence = 0; sequence < SEQUENCES; sequence++) {
      // Registered now, on the test clock (the referrer's Starter window starts there).
      const referrer = { id: (await createLearner(t.app)).id, createdAt: t.clock.now() };
      await t.app.ctx.db.update(users).set({ createdAt: referrer.createdAt }).where(eq(users.id, referrer.id));
      const bought: number[] = [];
      const purchases: Array<{ id: number; subId: number; paidAt: number }> = [];
      const history: string[] = [];
      let before = 0;
      for (let step = 0; step < STEPS; step++) {
        const roll = random();
        if (roll < 0.45 || purchases.length === 0) {
          const sub = await createLearner(t.app, { referrerId: referrer.id });
          bought.push(sub.id);
          purchases.push({
            id: await payPurchase(t.app, sub.id, PRICE),
            subId: sub.id,
            paidAt: t.clock.now().getTime(),
          });
          history.push(`buy ${sub.id}`);
          done.buy += 1;
        } else if (roll < 0.55) {
          const sub = pick(bought);
          purchases.push({ id: await payPurchase(t.app, sub, PRICE), subId: sub, paidAt: t.clock.now().getTime() });
          history.push(`again ${sub}`);
          done.again += 1;
        } else if (roll < 0.8) {
          const purchase = purchases.splice(Math.floor(random() * purchases.length), 1)[0]!;
          const isInside = t.clock.now().getTime() < purchase.paidAt + REFUND_WINDOW_DAYS * DAY_MS;
          await refundPurchase(t.app, purchase.id);
          history.push(`refund ${purchase.subId}'s #${purchase.id} ${isInside ? 'inside' : 'after'}`);
          done[isInside ? 'refundInside' : 'refundAfter'] += 1;
        } else {
          const span = random();
          const ms =
            span < 0.6
              ? (1 + random() * 71) * HOUR_MS
              : span < 0.9
                ? (5 + random() * 5) * DAY_MS
                : (25 + random() * 40) * DAY_MS;
          t.clock.advance(ms);
          await releaseHeldCredits(t.app.ctx.db, { userId: referrer.id, now: t.clock.now() });
          history.push(`wait ${(ms / HOUR_MS).toFixed(0)} h`);
          done.wait += 1;
        }
        const { found, achieved } = await check(referrer);
        expect(found, `seed ${SEED}, sequence ${sequence}: ${history.join('; ')}`).toEqual([]);
        if (achieved > before) done.achieved += 1;
        if (achieved < before) done.reopened += 1;
        before = achieved;
      }
    }
    await expectBooksBalanced(t);
    // The sequences did what they claim: levels achieved and reopened, refunds on both sides of the holding period.
    console.info(`[levels-random] seed ${SEED}: ${JSON.stringify(done)}`);
    for (const [what, times] of Object.entries(done)) expect(times, what).toBeGreaterThan(SEQUENCES / 10);
    // About 40 s on PostgreSQL and three times that on PGlite, one thread in the test's process: 143 s there on a slow
    // machine with the rest of the suite running beside it (2026-12-02), past the 120 s this had.
  }, 360_000);
});
