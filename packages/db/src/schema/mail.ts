import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Mails that must go out at most once (a purchase's receipt): the first job to run for a key claims
 * it here before it sends, so a second job for the same key (a webhook redelivered, the reconciler
 * confirming the purchase again, an operator re-running a job) finds the claim and sends nothing.
 * A retry of the claiming job itself (job_id equal) goes on sending.
 */
export const sentMails = pgTable('sent_mails', {
  /** What the mail is about, e.g. receipt:123 (purchase 123). */
  key: text('key').primaryKey(),
  /** The pg-boss job that claimed it. */
  jobId: text('job_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Outside production without SMTP_URL, sent mail lands here and GET /dev/mailbox lists it. */
export const devMailbox = pgTable('dev_mailbox', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  /** The learner the mail is about (SendOptions.aboutUserId): an erasure deletes their mails by it. */
  aboutUserId: integer('about_user_id'),
});

/**
 * The mail outbox: a notice about a change (a settled withdrawal, a changed password or email, a consent
 * link) is written here in the same transaction as the change, so it exists if and only if the change
 * committed. Right after the commit it is moved onto the mail queue; whatever a crash left here, the
 * reconciler moves on its next run. `data` is the queued mail as the mail job takes it (its parts sealed).
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  data: jsonb('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
