import {
  dayNumber, daysRemaining, isoDay, levelWindowAt, levelProgressPercent, windowFirstDay, windowLastDay,
  type LevelStatusData,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { countedSubUsers, levelByNumber, loadLadder } from './level-data.ts';

/**
 * GET /level-status. Read-only: an expired window is rolled forward in the answer (lazily), and
 * stored the next time a sub-user becomes active.
 */
export async function getLevelStatus(ctx: AppContext, options: { user: { id: number; createdAt: Date } }): Promise<LevelStatusData> {
  const { user } = options;
  const now = ctx.now();
  const { all, state } = await loadLadder(ctx.db, user);
  const level = state ? levelByNumber(all, state.levelNumber) ?? all.at(-1) : undefined;
  if (!state || !level) throw AppError.notFound('Levels are not configured yet.');

  if (state.completedAt) {
    // Every level achieved: describe the last one as it was completed.
    const window = { start: state.windowStart, end: state.completedAt };
    const counted = await countedSubUsers(ctx.db, user.id, window);
    return {
      level_number: level.number,
      level_name: level.name,
      level_start: windowFirstDay(window),
      level_end: isoDay(dayNumber(state.completedAt)),
      level_days: level.days,
      difference: 0,
      node: level.node,
      completed_node: level.node,
      completed_users: counted.map((u) => u.name),
      progress_percent: 100,
      is_completed: true,
    };
  }

  const window = levelWindowAt(state.windowStart, level.days, now);
  const counted = await countedSubUsers(ctx.db, user.id, window);
  return {
    level_number: level.number,
    level_name: level.name,
    level_start: windowFirstDay(window),
    level_end: windowLastDay(window),
    level_days: level.days,
    difference: daysRemaining(window, now),
    node: level.node,
    completed_node: counted.length,
    completed_users: counted.map((u) => u.name),
    progress_percent: levelProgressPercent(counted.length, level.node),
    is_completed: false,
  };
}
