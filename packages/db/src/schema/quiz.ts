import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { subjects } from './catalogue.ts';

export const questions = pgTable(
  'questions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    option1: text('option_1').notNull(),
    option2: text('option_2').notNull(),
    option3: text('option_3'),
    option4: text('option_4'),
    option5: text('option_5'),
    correctOption: smallint('correct_option').notNull(),
    /** Why the correct option is right; shown with the result once the quiz is submitted. */
    explanation: text('explanation'),
  },
  (t) => [
    index('questions_subject_idx').on(t.subjectId),
    check('questions_correct_option', sql`${t.correctOption} BETWEEN 1 AND 5`),
  ],
);

export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id').notNull(),
    /** 1 for the first draw; each retake adds the next number. The highest is the current attempt. */
    attemptNumber: integer('attempt_number').notNull().default(1),
    /** The 10 question ids drawn for this learner, in order. */
    questionIds: integer('question_ids').array().notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    totalMark: integer('total_mark'),
    markInPercentage: numeric('mark_in_percentage', { precision: 5, scale: 2 }),
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('quiz_attempts_user_subject_attempt_key').on(t.userId, t.subjectId, t.attemptNumber)],
);

/**
 * One more attempt at one chapter quiz, granted by an operator to a learner who used every attempt without passing
 * (decision 062). Each row adds one to the learner's quiz_max_attempts for that subject; audited as
 * `quiz_attempt.grant`.
 */
export const quizAttemptGrants = pgTable(
  'quiz_attempt_grants',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** No foreign key, as quiz_attempts: the grant stays on record with the attempts it allowed. */
    subjectId: integer('subject_id').notNull(),
    /** The operator who granted it. */
    grantedBy: integer('granted_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quiz_attempt_grants_user_subject_idx').on(t.userId, t.subjectId)],
);
