import { asc, eq, sql } from 'drizzle-orm';
import { levels, userLevels, users } from '@app/db';
import {
  dayNumber,
  daysRemaining,
  isoDay,
  levelMessages,
  levelWindowAt,
  levelProgressPercent,
  windowFirstDay,
  windowLastDay,
  type LevelStatusData,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { preparedPerDatabase } from '../database/index.ts';
import { countedSubUsersWhere, levelByNumber, levelStateOf } from './level-data.ts';

/** A counted sub-user as the statement gives it: name, and the activation instant in microseconds since 1970. */
type Candidate = [name: string, activatedAtMicros: number];

/**
 * Everything GET /level-status reads, in one round trip (a prepared statement): one row per level,
 * each carrying the user's user_levels row (if any) and the sub-users who count for the level it points at
 * (countedSubUsersWhere, the server's own rule: those recorded as counted for that level) and became active
 * after the stored window start (and, once every level is done, by completed_at). The current
 * window is worked out from those in TypeScript (levelWindowAt) and can only start at or after the
 * stored start, so this is every sub-user it can count (the bounds are widened to whole milliseconds,
 * as JavaScript reads the stored instants); the exact window is applied below. Activation instants
 * come as whole microseconds, so that comparison is the one PostgreSQL made when the window was a
 * query parameter.
 */
const levelStatusQuery = preparedPerDatabase((db) => {
  const state = db.$with('state').as(
    db
      .select({
        levelNumber: userLevels.levelNumber,
        windowStart: userLevels.windowStart,
        completedAt: userLevels.completedAt,
      })
      .from(userLevels)
      .where(eq(userLevels.userId, sql.placeholder('userId'))),
  );
  const candidates = db.$with('candidates').as(
    db
      .select({
        subUsers: sql<Candidate[]>`coalesce(json_agg(json_build_array(
        ${users.firstName} || ' ' || ${users.lastName},
        (extract(epoch from ${users.activatedAt}) * 1000000)::bigint
      ) order by ${users.activatedAt}, ${users.id}), '[]'::json)`.as('sub_users'),
      })
      .from(users)
      .where(
        countedSubUsersWhere({
          referrerId: sql.placeholder('userId'),
          // The level the ladder points at, as levelByNumber finds it (the next one up if operators removed it).
          levelNumber: sql`(select min(${levels.number}) from ${levels} where ${levels.number} >= (select ${state.levelNumber} from ${state}))`,
          start: sql`coalesce((select date_trunc('milliseconds', ${state.windowStart}) from ${state}), ${sql.placeholder('createdAt')}::timestamptz)`,
          end: sql`coalesce((select date_trunc('milliseconds', ${state.completedAt}) + interval '1 millisecond' from ${state}), 'infinity'::timestamptz)`,
        }),
      ),
  );
  return db
    .with(state, candidates)
    .select({
      level: levels,
      state: { levelNumber: state.levelNumber, windowStart: state.windowStart, completedAt: state.completedAt },
      subUsers: candidates.subUsers,
    })
    .from(levels)
    .leftJoin(state, sql`true`)
    .crossJoin(candidates)
    .orderBy(asc(levels.number))
    .prepare('level_status');
});

/** The names of the candidates active inside the window (start, end], in the order they became active. */
function countedIn(candidates: Candidate[], window: { start: Date; end: Date }): string[] {
  const after = window.start.getTime() * 1000;
  const until = window.end.getTime() * 1000;
  return candidates.filter(([, micros]) => micros > after && micros <= until).map(([name]) => name);
}

/**
 * GET /level-status. Read-only: an expired window is rolled forward in the answer (lazily), and
 * stored the next time a sub-user becomes active.
 */
export async function getLevelStatus(
  ctx: AppContext,
  options: { user: { id: number; createdAt: Date } },
): Promise<LevelStatusData> {
  const { user } = options;
  const now = ctx.now();
  const rows = await levelStatusQuery(ctx.db).execute({ userId: user.id, createdAt: user.createdAt.toISOString() });
  const all = rows.map((row) => row.level);
  const state = levelStateOf(rows[0]?.state ?? undefined, user, all);
  const candidates = rows[0]?.subUsers ?? [];
  const level = state ? (levelByNumber(all, state.levelNumber) ?? all.at(-1)) : undefined;
  if (!state || !level) throw AppError.notFound(levelMessages.notConfigured);

  if (state.completedAt) {
    // Every level achieved: describe the last one as it was completed.
    const window = { start: state.windowStart, end: state.completedAt };
    const counted = countedIn(candidates, window);
    return {
      level_number: level.number,
      level_name: level.name,
      level_start: windowFirstDay(window),
      level_end: isoDay(dayNumber(state.completedAt)),
      level_days: level.days,
      difference: 0,
      node: level.node,
      completed_node: level.node,
      completed_users: counted,
      progress_percent: 100,
      is_completed: true,
    };
  }

  const window = levelWindowAt(state.windowStart, level.days, now);
  const counted = countedIn(candidates, window);
  return {
    level_number: level.number,
    level_name: level.name,
    level_start: windowFirstDay(window),
    level_end: windowLastDay(window),
    level_days: level.days,
    difference: daysRemaining(window, now),
    node: level.node,
    completed_node: counted.length,
    completed_users: counted,
    progress_percent: levelProgressPercent(counted.length, level.node),
    is_completed: false,
  };
}
