import { sql } from 'drizzle-orm';
import {
  bigint, check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { purchases } from './purchases.ts';

/**
 * Append-only wallet ledger. Rows are never deleted; only a Pending withdrawal's status may change
 * (a trigger in the migrations enforces it). users.balance_paise and users.points are its running sums.
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Public id shown to the learner. */
    transactionId: text('transaction_id').notNull().unique(),
    userId: integer('user_id').notNull().references(() => users.id),
    /** Referral Commission | Level Reward | Point Redeem | Withdraw | Quiz Points | Withdraw Reversal | Commission Reversal */
    method: text('method').notNull(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull().default(0),
    points: integer('points').notNull().default(0),
    /** Done | Pending | Rejected */
    status: text('status').notNull().default('Done'),
    description: text('description').notNull().default(''),
    purchaseId: integer('purchase_id').references(() => purchases.id),
    /** A withdrawal's bank reference once settled. */
    bankReference: text('bank_reference'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /**
     * A held credit (commission, level reward) becomes Done, and enters the wallet, at this time:
     * the end of the refund window of the purchase that earned it. Null for everything else.
     */
    availableAt: timestamp('available_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_transactions_user_idx').on(t.userId, t.createdAt),
    // One commission, one level reward and one of each reversal per purchase; Quiz Points come once per subject.
    uniqueIndex('wallet_transactions_one_commission').on(t.purchaseId, t.method)
      .where(sql`${t.purchaseId} IS NOT NULL AND ${t.method} <> 'Quiz Points'`),
    index('wallet_transactions_held_idx').on(t.availableAt).where(sql`${t.status} = 'Pending' AND ${t.availableAt} IS NOT NULL`),
    index('wallet_transactions_purchase_idx').on(t.purchaseId).where(sql`${t.purchaseId} IS NOT NULL`),
    check('wallet_transactions_status', sql`${t.status} IN ('Done','Pending','Rejected')`),
  ],
);

/** The first answer to a money-moving request, replayed for the same Idempotency-Key. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

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
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  levelNumber: integer('level_number').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  /** Set once every level is achieved. */
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

export const levelAchievements = pgTable(
  'level_achievements',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    levelNumber: integer('level_number').notNull(),
    achievedAt: timestamp('achieved_at', { withTimezone: true }).notNull().defaultNow(),
    /** The window the level was achieved in, so a refund inside the holding period can reopen it. */
    windowStart: timestamp('window_start', { withTimezone: true }),
    /** The purchase whose activation completed the level. */
    purchaseId: integer('purchase_id').references(() => purchases.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.levelNumber] })],
);

/** Business rates, editable by operators: commission_percent, convert_value_paise, pass_mark_percent, minimum_withdrawal_paise... */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const auditLog = pgTable('audit_log', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  actorId: integer('actor_id').references(() => users.id),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('audit_log_created_idx').on(t.createdAt)]);

export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
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

export const subjectProgress = pgTable(
  'subject_progress',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
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
  (t) => [primaryKey({ columns: [t.userId, t.subjectId] }), index('subject_progress_course_idx').on(t.userId, t.courseId, t.updatedAt)],
);

/** Outside production without SMTP_URL, sent mail lands here and GET /dev/mailbox lists it. */
export const devMailbox = pgTable('dev_mailbox', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

export const referralSignups = pgTable('referral_signups', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  referrerId: integer('referrer_id').notNull().references(() => users.id),
  userId: integer('user_id').notNull().references(() => users.id),
  ip: text('ip').notNull(),
  day: date('day').notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('referral_signups_ip_idx').on(t.referrerId, t.ip, t.createdAt)]);
