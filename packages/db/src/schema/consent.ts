import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * A parent's or guardian's consent for a learner under 18. The learner names the guardian (email or
 * mobile); the guardian receives a link carrying a random token (only its SHA-256 is kept). The
 * newest row of a learner is the one that counts: pending until the guardian answers, then given,
 * and withdrawn if the guardian takes it back. Asking again replaces a pending request (superseded).
 */
export const guardianConsents = pgTable(
  'guardian_consents',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    guardianName: text('guardian_name').notNull(),
    guardianEmail: text('guardian_email'),
    guardianMobile: text('guardian_mobile'),
    /** SHA-256 (hex) of the link's token. */
    tokenHash: text('token_hash').notNull().unique(),
    /** pending | given | withdrawn | superseded */
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    givenAt: timestamp('given_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /**
     * The operator who named this guardian on a written request (decision 024), null when the learner
     * named them. Like a withdrawal, it puts the guardian on record: the learner may ask only them again.
     */
    namedBy: integer('named_by').references(() => users.id),
    /** Where the answer came from, kept as evidence. */
    answerIp: text('answer_ip'),
    answerUserAgent: text('answer_user_agent'),
  },
  (t) => [
    index('guardian_consents_user_idx').on(t.userId, t.createdAt),
    check('guardian_consents_status', sql`${t.status} IN ('pending','given','withdrawn','superseded')`),
    // An erased learner's rows keep only the status and its dates: no name, no contact (decision 066).
    check(
      'guardian_consents_contact',
      sql`${t.guardianEmail} IS NOT NULL OR ${t.guardianMobile} IS NOT NULL OR ${t.guardianName} = ''`,
    ),
  ],
);
