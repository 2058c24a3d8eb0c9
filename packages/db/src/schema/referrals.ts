import { date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const referralSignups = pgTable(
  'referral_signups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    referrerId: integer('referrer_id')
      .notNull()
      .references(() => users.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ip: text('ip').notNull(),
    day: date('day').notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('referral_signups_ip_idx').on(t.referrerId, t.ip, t.createdAt)],
);
