import { and, asc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { levels, userLevels, users, type DbOrTx } from '@app/db';

export type LevelRow = typeof levels.$inferSelect;

/** Sign-ups that count for levels: not held for review and not rejected (e.g. as a self-referral). */
export const COUNTED_REFERRAL_STATUSES = ['counted', 'released'] as const;

export async function loadLevels(db: DbOrTx): Promise<LevelRow[]> {
  return db.select().from(levels).orderBy(asc(levels.number));
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
export async function loadLevelState(
  db: DbOrTx,
  user: { id: number; createdAt: Date },
  all: LevelRow[],
  options: { forUpdate?: boolean } = {},
): Promise<LevelState | null> {
  const query = db.select().from(userLevels).where(eq(userLevels.userId, user.id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (row) return { levelNumber: row.levelNumber, windowStart: row.windowStart, completedAt: row.completedAt, isStored: true };
  const first = all[0];
  return first ? { levelNumber: first.number, windowStart: user.createdAt, completedAt: null, isStored: false } : null;
}

/**
 * Direct sub-users of `referrerId` that became active inside the window (start, end] and count
 * for levels, in the order they became active.
 */
export async function countedSubUsers(db: DbOrTx, referrerId: number, window: { start: Date; end: Date }) {
  return db
    .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(and(
      eq(users.referrerId, referrerId),
      isNotNull(users.activatedAt),
      gt(users.activatedAt, window.start),
      lte(users.activatedAt, window.end),
      inArray(users.referralStatus, [...COUNTED_REFERRAL_STATUSES]),
    ))
    .orderBy(asc(users.activatedAt), asc(users.id));
}
