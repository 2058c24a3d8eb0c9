import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { levelAchievements, levelWindows, userLevels, users, type DbOrTx } from '@app/db';
import { formatInr, ledgerDescription, levelWindowAt, paiseToRupees, type LevelWindow } from '@app/contracts';
import { asNumber, WriteBatch, type BatchValue } from '../database/index.ts';
import { addHeldCredit, refundWindowEnd } from '../wallet/index.ts';
import {
  countedSubUsersWhere,
  levelByNumber,
  loadLadder,
  type Ladder,
  type LevelRow,
  type LevelState,
} from './level-data.ts';

export interface LevelAdvance {
  achieved: LevelRow | null;
}

/** The level a referrer is working on at `now`, its window, and the levels after it, in order. */
interface LevelCount {
  state: LevelState;
  level: LevelRow;
  window: LevelWindow;
  above: LevelRow[];
}

/** Who earned a level reward: the purchase whose activation completed the level, held until its refund window ends. */
interface EarnedBy {
  purchaseId: number;
  availableAt: Date;
}

/**
 * Counts the referrer's current window and, when the count reaches the level's node, records the
 * achievement (with its window, so a refund in the holding period can reopen it), credits its
 * reward ('Level Reward', held as Pending until the refund window has passed) and starts the next
 * level's window at `now`. An expired window is rolled forward first (a new window of the same
 * level, the count restarts).
 *
 * The caller must hold the referrer's row lock (SELECT … FOR NO KEY UPDATE on users) so concurrent
 * activations are counted one after another and the reward is credited once. Used when an operator
 * releases a held sign-up who is already active (the reward is held from now, and belongs to the
 * purchase that made them active, so that its refund takes the reward back); a purchase's
 * activation is counted by addActivationCount, inside the purchase's own statements.
 *
 * The released sub-user (`subUserId`) counts for the level being worked on when the window holds their activation: it
 * is recorded on them (users.counted_level) before the count.
 */
export async function advanceLevel(
  tx: DbOrTx,
  options: { referrer: { id: number; createdAt: Date }; subUserId: number; now: Date; earnedByPurchaseId: number },
): Promise<LevelAdvance> {
  const { referrer, subUserId, now, earnedByPurchaseId } = options;
  const count = levelToCount(await loadLadder(tx, referrer, { forUpdate: true }), now);
  if (!count) return { achieved: null };
  await tx
    .update(users)
    .set({ countedLevel: count.level.number })
    .where(
      and(
        eq(users.id, subUserId),
        eq(users.referrerId, referrer.id),
        gt(users.activatedAt, count.window.start),
        lte(users.activatedAt, count.window.end),
      ),
    );
  const writes = new WriteBatch();
  addLadderWrite(writes, tx, referrer.id, count);
  const counted = addCount(writes, referrer.id, count);
  await writes.run(tx);
  if (counted.value < count.level.node) return { achieved: null };
  await achieveLevel(tx, {
    referrerId: referrer.id,
    count,
    counted: counted.value,
    now,
    earnedBy: { purchaseId: earnedByPurchaseId, availableAt: await refundWindowEnd(tx, now) },
  });
  return { achieved: count.level };
}

/**
 * advanceLevel for a sub-user whose activation is in the same batch of writes (onPurchasePaid): the
 * ladder row's write and the count join the batch, and the achievement, when the count reaches the
 * node, is written right after it. The count reads the database as it was before the batch's
 * statement, so the activation in that statement is added to it: the caller only counts a sub-user
 * who counts for levels and was not active before, and activationInstant keeps the instant inside
 * the window. The caller records on the sub-user the level they count for (countedLevelAt), in the same batch.
 */
export function addActivationCount(
  writes: WriteBatch,
  tx: DbOrTx,
  options: { referrer: { id: number }; ladder: Ladder; now: Date; earnedBy: EarnedBy },
): void {
  const { referrer, now, earnedBy } = options;
  const count = levelToCount(options.ladder, now);
  if (!count) return;
  addLadderWrite(writes, tx, referrer.id, count);
  const countedBefore = addCount(writes, referrer.id, count);
  writes.then(async (db) => {
    const counted = countedBefore.value + 1;
    if (counted >= count.level.node) await achieveLevel(db, { referrerId: referrer.id, count, counted, now, earnedBy });
  });
}

/**
 * The level an activation at `now` counts for (users.counted_level): the level the ladder is working on, or none
 * once every level is achieved (or none is configured). The same level addActivationCount counts.
 */
export function countedLevelAt(ladder: Ladder, now: Date): number | null {
  return levelToCount(ladder, now)?.level.number ?? null;
}

function levelToCount(ladder: Ladder, now: Date): LevelCount | null {
  const { all, state } = ladder;
  if (!state || state.completedAt) return null;
  const level = levelByNumber(all, state.levelNumber);
  if (!level) return null;
  return {
    state,
    level,
    window: levelWindowAt(state.windowStart, level.days, now),
    above: all.filter((candidate) => candidate.number > level.number),
  };
}

/** The ladder row is created by the first count, and moved when its window rolled or its level is gone. */
function addLadderWrite(writes: WriteBatch, tx: DbOrTx, referrerId: number, count: LevelCount): void {
  const { state, level, window } = count;
  if (!state.isStored) {
    writes.add(
      tx
        .insert(userLevels)
        .values({ userId: referrerId, levelNumber: level.number, windowStart: window.start })
        .onConflictDoNothing(),
    );
  } else if (window.rolled > 0 || level.number !== state.levelNumber) {
    writes.add(
      tx
        .update(userLevels)
        .set({ levelNumber: level.number, windowStart: window.start })
        .where(eq(userLevels.userId, referrerId)),
    );
  }
}

/** How many sub-users count for the level's window, as the batch's statement sees them. */
function addCount(writes: WriteBatch, referrerId: number, count: LevelCount): BatchValue<number> {
  const where = countedSubUsersWhere({
    referrerId,
    levelNumber: count.level.number,
    start: count.window.start,
    end: count.window.end,
  });
  return writes.output(sql`(SELECT count(*)::int FROM ${users} WHERE ${where})`, asNumber);
}

/**
 * The achievement, then its reward and the next level's window (or the end of the ladder) as one statement.
 *
 * A level pays its reward once. A refund inside the holding period can reopen a lower level while higher ones stay
 * achieved (reopenLevelsNoLongerReached); the ladder then moves on from the reopened level to the first level not yet
 * achieved, and a level found achieved already (its row is there: the ladder pointed at it, e.g. after an operator
 * removed the level below) is passed without a second reward.
 *
 * The next level's window starts now, unless the ladder left that level's window unfinished (level_windows: a level
 * reopened above the one reached again, or the level being counted when a reopen moved the ladder down) and it has
 * not ended: the ladder resumes it, with the sub-users counted for the level there (decision 070).
 */
async function achieveLevel(
  db: DbOrTx,
  options: { referrerId: number; count: LevelCount; counted: number; now: Date; earnedBy: EarnedBy },
): Promise<void> {
  const {
    referrerId,
    count: { level, window, above },
    now,
    earnedBy,
  } = options;
  const inserted = await db
    .insert(levelAchievements)
    .values({
      userId: referrerId,
      levelNumber: level.number,
      achievedAt: now,
      windowStart: window.start,
      purchaseId: earnedBy.purchaseId,
      // The sub-users its reward is shared by (decision 075): the node, or more when the operator lowered the node
      // while more were counted.
      node: Math.max(level.node, options.counted),
    })
    .onConflictDoNothing()
    .returning({ levelNumber: levelAchievements.levelNumber });
  // The achievements, and the windows left open (no achieved_at), in one round trip.
  const rows = await db
    .select({
      levelNumber: levelAchievements.levelNumber,
      windowStart: levelAchievements.windowStart,
      achievedAt: levelAchievements.achievedAt,
    })
    .from(levelAchievements)
    .where(eq(levelAchievements.userId, referrerId))
    .unionAll(
      db
        .select({
          levelNumber: levelWindows.levelNumber,
          windowStart: levelWindows.windowStart,
          achievedAt: sql<Date>`null::timestamptz`,
        })
        .from(levelWindows)
        .where(eq(levelWindows.userId, referrerId)),
    );
  const achieved = new Map(rows.filter((row) => row.achievedAt !== null).map((row) => [row.levelNumber, row]));
  const open = new Map(rows.filter((row) => row.achievedAt === null).map((row) => [row.levelNumber, row.windowStart]));
  const next = above.find((candidate) => !achieved.has(candidate.number));
  const left = next && open.get(next.number);
  const nextStart = left && levelWindowAt(left, next.days, now).rolled === 0 ? left : now;
  // The end of the ladder: it stands on the last level, as it was completed. A reopened lower level reached again
  // with every level above it achieved finishes the ladder too, and GET /level-status describes the last level then,
  // not the reopened one ("Starter", completed).
  const top = above.at(-1);
  const last = top && achieved.get(top.number);
  const finished = last
    ? { levelNumber: last.levelNumber, windowStart: last.windowStart ?? window.start, completedAt: last.achievedAt }
    : { completedAt: now };
  const writes = new WriteBatch();
  if (inserted.length > 0 && (level.rewardPaise > 0 || level.rewardPoints > 0)) {
    const reward = { number: level.number, level: level.name, points: level.rewardPoints };
    const amount = formatInr(paiseToRupees(level.rewardPaise));
    addHeldCredit(writes, db, {
      userId: referrerId,
      method: 'Level Reward',
      amountPaise: level.rewardPaise,
      points: level.rewardPoints,
      description:
        level.rewardPaise === 0
          ? ledgerDescription('levelRewardPoints', reward)
          : level.rewardPoints === 0
            ? ledgerDescription('levelRewardAmount', { ...reward, amount })
            : ledgerDescription('levelRewardBoth', { ...reward, amount }),
      purchaseId: earnedBy.purchaseId,
      availableAt: earnedBy.availableAt,
      at: now,
    });
  }
  writes.add(
    db
      .update(userLevels)
      .set(next ? { levelNumber: next.number, windowStart: nextStart } : finished)
      .where(eq(userLevels.userId, referrerId)),
  );
  // The ladder now holds the next level's window, and the achieved level has none open.
  const closed = [level.number, next?.number].filter((number) => number !== undefined && open.has(number));
  if (closed.length > 0)
    writes.add(
      db
        .delete(levelWindows)
        .where(and(eq(levelWindows.userId, referrerId), inArray(levelWindows.levelNumber, closed as number[]))),
    );
  await writes.run(db);
}

/**
 * The instant a sub-user becomes active: now, but always after the referrer's current window
 * start, so an activation in the same millisecond as the previous level's achievement still
 * counts for the new window (windows are (start, end]).
 */
export function activationInstant(state: LevelState | null, now: Date): Date {
  const floor = state ? state.windowStart.getTime() + 1 : 0;
  return new Date(Math.max(now.getTime(), floor));
}
