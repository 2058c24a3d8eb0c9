import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { courses } from './catalogue.ts';
import { offerCodes } from './checkout.ts';
import { batches } from './onboarding.ts';

export const purchases = pgTable(
  'purchases',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    courseId: integer('course_id').references(() => courses.id),
    batchId: integer('batch_id').references(() => batches.id),
    offerCodeId: integer('offer_code_id').references(() => offerCodes.id),
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull().default(0),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    /** pending -> paid -> refunded, or pending -> failed. Never backwards. */
    status: text('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id'),
    providerPaymentId: text('provider_payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchases_provider_order_key').on(t.provider, t.providerOrderId),
    uniqueIndex('purchases_one_paid_course')
      .on(t.userId, t.courseId)
      .where(sql`${t.status} = 'paid' AND ${t.courseId} IS NOT NULL`),
    uniqueIndex('purchases_one_paid_batch')
      .on(t.userId, t.batchId)
      .where(sql`${t.status} = 'paid' AND ${t.batchId} IS NOT NULL`),
    index('purchases_user_idx').on(t.userId, t.status),
    // Offer-code limits count paid uses and live reservations (pending checkouts) of a code.
    index('purchases_offer_code_idx')
      .on(t.offerCodeId, t.status, t.userId)
      .where(sql`${t.offerCodeId} IS NOT NULL`),
    index('purchases_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('purchases_status', sql`${t.status} IN ('pending','paid','failed','refunded')`),
    check('purchases_item', sql`(${t.courseId} IS NULL) <> (${t.batchId} IS NULL)`),
    check(
      'purchases_amounts',
      sql`${t.amountPaise} >= 0 AND ${t.discountPaise} >= 0 AND ${t.amountPaise} = ${t.pricePaise} - ${t.discountPaise}`,
    ),
  ],
);
