import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const bankDetails = pgTable(
  'bank_details',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    bankName: text('bank_name').notNull(),
    bankBranch: text('bank_branch').notNull(),
    /** AES-256-GCM under APP_SECRET; only the last 4 digits are ever shown. */
    accountNumberEncrypted: text('account_number_encrypted').notNull(),
    accountLast4: text('account_last4').notNull(),
    /** HMAC of the account number, to match accounts across users without decrypting. */
    accountNumberHash: text('account_number_hash').notNull(),
    ifscCode: text('ifsc_code').notNull(),
    panCard: text('pan_card').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bank_details_account_hash_idx').on(t.accountNumberHash), index('bank_details_pan_idx').on(t.panCard)],
);
