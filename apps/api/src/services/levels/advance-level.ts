import { eq } from 'drizzle-orm';
import { levelAchievements, userLevels, type Tx } from '@app/db';
import { levelWindowAt, paiseToRupees } from '@app/contracts';
import { postHeldCredit, refundWindowEnd } from '../wallet/held-credits.ts';
import { countedSubUsers, levelByNumber, loadLadder, type Ladder, type LevelRow, type LevelState } from './level-data.ts';

export interface LevelAdvance {
  achieved: LevelRow | null;
}

/**
 * Counts the referrer's current window and, when the count reaches the level's node, records the
 * achievement (with its window, so a refund in the holding period can reopen it), credits its
 * reward ('Level Reward', held as Pending until the refund window of the purchase whose activation
 * completed the level has passed) and starts the next level's window at `now`.
 * An expired window is rolled forward first (a new window of the same level, the count restarts).
 *
 * The caller must hold the referrer's row lock (SELECT … FOR NO KEY UPDATE on users) so concurrent
 * activations are counted one after another and the reward is credited once. A caller that has
 * already read the referrer's ladder under that lock (loadLadder with forUpdate) passes it in.
 */
export async function advanceLevel(
  tx: Tx,
  options: {
    referrer: { id: number; createdAt: Date };
    now: Date;
    ladder?: Ladder;
    /** The purchase whose activation is being counted; without one (an operator's release) the reward is held from now. */
    earnedBy?: { purchaseId: number; availableAt: Date };
  },
): Promise<LevelAdvance> {
  const { referrer, now } = options;
  const { all, state } = options.ladder ?? await loadLadder(tx, referrer, { forUpdate: true });
  if (!state || state.completedAt) return { achieved: null };
  const level = levelByNumber(all, state.levelNumber);
  if (!level) return { achieved: null };

  const window = levelWindowAt(state.windowStart, level.days, now);
  if (!state.isStored) {
    await tx.insert(userLevels).values({ userId: referrer.id, levelNumber: level.number, windowStart: window.start })
      .onConflictDoNothing();
  } else if (window.rolled > 0 || level.number !== state.levelNumber) {
    await tx.update(userLevels).set({ levelNumber: level.number, windowStart: window.start }).where(eq(userLevels.userId, referrer.id));
  }

  const counted = await countedSubUsers(tx, referrer.id, window);
  if (counted.length < level.node) return { achieved: null };

  const purchaseId = options.earnedBy?.purchaseId ?? null;
  await tx.insert(levelAchievements)
    .values({ userId: referrer.id, levelNumber: level.number, achievedAt: now, windowStart: window.start, purchaseId })
    .onConflictDoNothing();
  if (level.rewardPaise > 0 || level.rewardPoints > 0) {
    const reward = [
      level.rewardPaise > 0 ? `₹${paiseToRupees(level.rewardPaise).toFixed(2)}` : '',
      level.rewardPoints > 0 ? `${level.rewardPoints} points` : '',
    ].filter(Boolean).join(' and ');
    await postHeldCredit(tx, {
      userId: referrer.id,
      method: 'Level Reward',
      amountPaise: level.rewardPaise,
      points: level.rewardPoints,
      description: `Level ${level.number} ${level.name} achieved: ${reward}`,
      purchaseId,
      availableAt: options.earnedBy?.availableAt ?? await refundWindowEnd(tx, now),
      at: now,
    });
  }
  const next = all.find((candidate) => candidate.number > level.number);
  await tx.update(userLevels)
    .set(next ? { levelNumber: next.number, windowStart: now } : { completedAt: now })
    .where(eq(userLevels.userId, referrer.id));
  return { achieved: level };
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
