import { and, asc, eq, gt, inArray, isNotNull, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { levels, userLevels, users, type DbOrTx } from '@app/db';
import { preparedPerDatabase } from '../database/index.ts';

export type LevelRow = typeof levels.$inferSelect;

/** Sign-ups that count for levels: not held for review and not rejected (e.g. as a self-referral). */
export const COUNTED_REFERRAL_STATUSES = ['counted', 'released'] as const;

// GET /level-status reads the levels, the user's state and the counted sub-users on every dashboard
// visit: each is a prepared statement (see preparedPerDatabase).
const levelsQuery = preparedPerDatabase((db) =>
  db.select().from(levels).orderBy(asc(levels.number)).prepare('levels_all'),
);

const levelStateQuery = preparedPerDatabase((db) =>
  db
    .select()
    .from(userLevels)
    .where(eq(userLevels.userId, sql.placeholder('userId')))
    .prepare('user_level_state'),
);

/** The ladder's levels, lowest first. */
export async function loadLevels(db: DbOrTx): Promise<LevelRow[]> {
  return levelsQuery(db).execute();
}

/** The level a stored number points at, or the next one up if operators removed it. */
export function levelByNumber(all: LevelRow[], number: number): LevelRow | undefined {
  return all.find((level) => level.number >= number);
}

export interface LevelState {
  levelNumber: number;
  /** Start (exclusive) of the level's current or last known window. */
  windowStart: Date;
  completedAt: Date | null;
  isStored: boolean;
}

/**
 * Where a user stands: their user_levels row, or before any activation the first level with
 * its window starting at registration. `forUpdate` locks the row (the caller holds the user's lock).
 */
async function loadLevelState(
  db: DbOrTx,
  user: { id: number; createdAt: Date },
  all: LevelRow[],
  options: { forUpdate?: boolean } = {},
): Promise<LevelState | null> {
  const [row] = options.forUpdate
    ? await db.select().from(userLevels).where(eq(userLevels.userId, user.id)).for('update')
    : await levelStateQuery(db).execute({ userId: user.id });
  return levelStateOf(row, user, all);
}

/** Where a user stands, from their user_levels row (undefined: none yet, the first level from registration). */
export function levelStateOf(
  row: Pick<typeof userLevels.$inferSelect, 'levelNumber' | 'windowStart' | 'completedAt'> | undefined,
  user: { createdAt: Date },
  all: LevelRow[],
): LevelState | null {
  if (row)
    return { levelNumber: row.levelNumber, windowStart: row.windowStart, completedAt: row.completedAt, isStored: true };
  const first = all[0];
  return first ? { levelNumber: first.number, windowStart: user.createdAt, completedAt: null, isStored: false } : null;
}

/** The levels and where a user stands on them: read together wherever both are needed. */
export interface Ladder {
  all: LevelRow[];
  state: LevelState | null;
}

export async function loadLadder(
  db: DbOrTx,
  user: { id: number; createdAt: Date },
  options: { forUpdate?: boolean } = {},
): Promise<Ladder> {
  const all = await loadLevels(db);
  return { all, state: await loadLevelState(db, user, all, options) };
}

/**
 * The users who count for level `levelNumber` of `referrerId` in the window (start, end]: values, placeholders of a
 * prepared query, or SQL (GET /level-status's statement).
 *
 * A sub-user counts for one level (decisions 065, 070): the level their activation was counted for is recorded on
 * them (users.counted_level, set under the referrer's row lock by the purchase that activates them, or an operator's
 * release), so a level's count is its own sub-users active inside its window. A reopened level goes back to its old
 * window, which may hold the windows of levels achieved above it since: their sub-users are theirs, not its; and a
 * window the ladder resumes (level_windows) holds sub-users counted meanwhile for the levels below it.
 */
export function countedSubUsersWhere(options: {
  referrerId: number | Placeholder;
  levelNumber: number | Placeholder | SQL;
  start: Date | Placeholder | SQL;
  end: Date | Placeholder | SQL;
}) {
  const { referrerId, levelNumber, start, end } = options;
  return and(
    eq(users.referrerId, referrerId),
    isNotNull(users.activatedAt),
    gt(users.activatedAt, start),
    lte(users.activatedAt, end),
    inArray(users.referralStatus, [...COUNTED_REFERRAL_STATUSES]),
    eq(users.countedLevel, levelNumber),
  );
}

const countedSubUsersQuery = preparedPerDatabase((db) =>
  db
    .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(
      countedSubUsersWhere({
        referrerId: sql.placeholder('referrerId'),
        levelNumber: sql.placeholder('levelNumber'),
        start: sql.placeholder('start'),
        end: sql.placeholder('end'),
      }),
    )
    .orderBy(asc(users.activatedAt), asc(users.id))
    .prepare('counted_sub_users'),
);

/**
 * Direct sub-users of `referrerId` that became active inside the window (start, end] and count
 * for level `levelNumber` (countedSubUsersWhere), in the order they became active.
 */
export async function countedSubUsers(
  db: DbOrTx,
  referrerId: number,
  levelNumber: number,
  window: { start: Date; end: Date },
) {
  // Placeholders skip the column's encoder: timestamps go in as the ISO text it would produce.
  return countedSubUsersQuery(db).execute({
    referrerId,
    levelNumber,
    start: window.start.toISOString(),
    end: window.end.toISOString(),
  });
}
