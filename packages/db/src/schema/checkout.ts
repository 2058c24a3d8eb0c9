import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { batches } from './onboarding.ts';

export const offerCodes = pgTable(
  'offer_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: text('code').notNull(),
    isFixedAmount: boolean('is_fixed_amount').notNull(),
    /** Paise when fixed; hundredths of a percent (basis points) when a percentage. */
    discountValue: integer('discount_value').notNull(),
    minimumAmountPaise: bigint('minimum_amount_paise', { mode: 'number' }).notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerUser: integer('max_uses_per_user'),
    /** A batch's own code, usable only for that batch's fee. */
    batchId: integer('batch_id').references(() => batches.id),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('offer_codes_code_upper_key').on(sql`upper(${t.code})`),
    check(
      'offer_codes_discount_valid',
      sql`${t.discountValue} >= 0 AND (${t.isFixedAmount} OR ${t.discountValue} <= 10000)`,
    ),
  ],
);
