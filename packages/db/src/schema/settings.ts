import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Business rates, editable by operators: commission_percent, convert_value_paise, pass_mark_percent, minimum_withdrawal_paise... */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
