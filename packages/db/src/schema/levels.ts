import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { purchases } from './purchases.ts';

export const levels = pgTable('levels', {
  number: integer('number').primaryKey(),
  name: text('name').notNull(),
  days: integer('days').notNull(),
  node: integer('node').notNull(),
  rewardPoints: integer('reward_points').notNull().default(0),
  rewardPaise: bigint('reward_paise', { mode: 'number' }).notNull().default(0),
});

/** Where a user stands in the level ladder: the level being worked on and its current window. */
export const userLevels = pgTable('user_levels', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  levelNumber: integer('level_number').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  /** Set once every level is achieved. */
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

export const levelAchievements = pgTable(
  'level_achievements',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    levelNumber: integer('level_number').notNull(),
    achievedAt: timestamp('achieved_at', { withTimezone: true }).notNull().defaultNow(),
    /** The window the level was achieved in, so a refund inside the holding period can reopen it. */
    windowStart: timestamp('window_start', { withTimezone: true }),
    /** The purchase whose activation completed the level. */
    purchaseId: integer('purchase_id').references(() => purchases.id),
    /**
     * The sub-users its reward is shared by: the level's node when it was achieved, or the count then when larger (the
     * operator lowered the node while more were counted). A released reward is taken back share by share, reward ÷
     * this (decision 075), whatever the operator sets later.
     */
    node: integer('node'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.levelNumber] })],
);

/**
 * A level's window the ladder left before the level was achieved (decision 070): a level reopened by a refund while the
 * ladder works on a lower one, or the level the ladder was counting when a reopen moved it down. Its counted sub-users
 * (users.counted_level) stay with it, and the ladder resumes the window when it comes back to the level, if the window
 * has not ended by then. Deleted when the ladder comes back to the level or achieves it.
 */
export const levelWindows = pgTable(
  'level_windows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    levelNumber: integer('level_number').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.levelNumber] })],
);
