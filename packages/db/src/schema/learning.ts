import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const subjectProgress = pgTable(
  'subject_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id').notNull(),
    courseId: integer('course_id').notNull(),
    positionSeconds: integer('position_seconds').notNull().default(0),
    /** Seconds of a video actually played (reported as deltas, capped at the duration). */
    watchedSeconds: integer('watched_seconds').notNull().default(0),
    /** A video's length as the player reported it. */
    durationSeconds: integer('duration_seconds'),
    /** A PDF's last page shown, and its page count. */
    page: integer('page'),
    pageCount: integer('page_count'),
    /** Set once the chapter counts as done (video 90% watched, PDF last page or marked, link opened). */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.subjectId] }),
    index('subject_progress_course_idx').on(t.userId, t.courseId, t.updatedAt),
  ],
);
