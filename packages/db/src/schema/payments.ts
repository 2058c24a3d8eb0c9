import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Provider webhook events already handled, so a redelivery changes nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    payload: jsonb('payload'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * The sandbox payment provider's own books (PAYMENT_PROVIDER=sandbox): orders and payment attempts,
 * shaped like Razorpay's order and payment entities so the same confirmation code reads both.
 * Nothing else joins these tables; purchases refer to an order by its provider id only.
 */
export const sandboxOrders = pgTable(
  'sandbox_orders',
  {
    /** order_ + 14 characters, as Razorpay's. */
    id: text('id').primaryKey(),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    receipt: text('receipt'),
    /** created -> attempted -> paid, or expired (closed unpaid by the reconciler). */
    status: text('status').notNull().default('created'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    check('sandbox_orders_status', sql`${t.status} IN ('created','attempted','paid','expired')`),
    check('sandbox_orders_amount', sql`${t.amountPaise} > 0`),
  ],
);

export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    /** pay_ + 14 characters, as Razorpay's. */
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => sandboxOrders.id),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('INR'),
    /** captured | failed */
    status: text('status').notNull(),
    /** card | upi | netbanking, as Razorpay's payment entity; 'card' for attempts made before there was a choice. */
    method: text('method').notNull().default('card'),
    /** The UPI ID of a 'upi' payment. */
    vpa: text('vpa'),
    /** The bank code of a 'netbanking' payment (SBIN, HDFC, ...). */
    bank: text('bank'),
    amountRefundedPaise: bigint('amount_refunded_paise', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_payments_order_idx').on(t.orderId),
    /** An order is paid once, however many times the pay button is pressed. */
    uniqueIndex('sandbox_payments_one_capture')
      .on(t.orderId)
      .where(sql`${t.status} = 'captured'`),
    check('sandbox_payments_status', sql`${t.status} IN ('captured','failed')`),
    check('sandbox_payments_method', sql`${t.method} IN ('card','upi','netbanking')`),
    check(
      'sandbox_payments_refund',
      sql`${t.amountRefundedPaise} >= 0 AND ${t.amountRefundedPaise} <= ${t.amountPaise}`,
    ),
  ],
);
