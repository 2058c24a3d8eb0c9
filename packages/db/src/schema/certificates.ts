import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { courses } from './catalogue.ts';
import { purchases } from './purchases.ts';

/**
 * Course certificates, one per learner and course. The holder's name is copied at issue, so later
 * profile edits leave the public certificate alone; only an operator's reissue (audited) changes it.
 */
export const certificates = pgTable(
  'certificates',
  {
    /** 128 random bits in hex: the public, unguessable id of the validation page. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    /** The purchase that opened the course (a course or a batch fee); null for a free batch's subject. */
    purchaseId: integer('purchase_id').references(() => purchases.id),
    /** The learner's name at issue, or as an operator corrected it. */
    holderName: text('holder_name').notNull(),
    /** The course's name at issue: a later rename of the course does not change what was certified. */
    courseName: text('course_name').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    reissuedAt: timestamp('reissued_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('certificates_user_course_key').on(t.userId, t.courseId)],
);
