import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { purchases } from './purchases.ts';

/** The seller as printed on a document: copied at issue, so a later change of configuration leaves it alone. */
export interface InvoiceSeller {
  legalName: string;
  address: string;
  gstin: string;
  /** The state's name and its two-digit GST code (e.g. Kerala, 32). */
  state: string;
  stateCode: string;
  sac: string;
}

/**
 * GST tax invoices (one per paid purchase) and credit notes (one per refund of an invoiced purchase).
 * Numbers run without gaps per kind and financial year: a document takes the next number from
 * invoice_series in the same transaction that makes the purchase paid (or refunded), so a rollback
 * gives the number back.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => purchases.id),
    /** invoice | credit_note */
    kind: text('kind').notNull(),
    /** The printed number, e.g. INV/26-27/000001 or CN/26-27/000001. */
    number: text('number').notNull().unique(),
    /** e.g. 2026-27 (April to March, India time). */
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    /** The buyer's state as given in the profile; null when unknown (then the seller's state is the place of supply). */
    buyerState: text('buyer_state'),
    /**
     * The GST code printed beside the buyer's state, worked out when the document was issued, so a later change to the
     * list of states never changes a reprint: '27'; '' when none is printed (a state not recognised, a buyer outside
     * India). Null on documents issued before migration 0045, whose code is worked out again when printed.
     */
    buyerStateCode: text('buyer_state_code'),
    /**
     * The buyer's address as the profile held it at issue (CGST Rules, rule 46(e); decision 049), each part as
     * given; null when not given, and on documents issued before migration 0028. The country is its English name.
     */
    buyerAddress: text('buyer_address'),
    buyerLandmark: text('buyer_landmark'),
    buyerCity: text('buyer_city'),
    buyerPin: text('buyer_pin'),
    buyerCountry: text('buyer_country'),
    /** 'Kerala (32)': a state and its GST code, or 'Outside India (96)' for a buyer living abroad. */
    placeOfSupply: text('place_of_supply').notNull(),
    itemDescription: text('item_description').notNull(),
    /** GST rate in basis points (1800 = 18%). */
    rateBasisPoints: smallint('rate_basis_points').notNull(),
    /** Price before the discount, GST included. */
    pricePaise: bigint('price_paise', { mode: 'number' }).notNull(),
    discountPaise: bigint('discount_paise', { mode: 'number' }).notNull(),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
    /** What was paid (or is credited back): taxable + taxes. */
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    paymentReference: text('payment_reference'),
    /** A credit note's invoice. */
    invoiceId: integer('invoice_id').references((): AnyPgColumn => invoices.id),
    /**
     * False for a credit note issued after the CGST Act s.34(2) time limit (30 November after the end of the supply's
     * financial year; decision 063): it refunds the money but does not reduce the output tax, so the GST register
     * counts no taxable value and no tax for it. True for every invoice and for credit notes issued in time (and
     * those issued before migration 0033).
     */
    reducesGst: boolean('reduces_gst').notNull().default(true),
  },
  (t) => [
    uniqueIndex('invoices_purchase_kind_key').on(t.purchaseId, t.kind),
    uniqueIndex('invoices_series_key').on(t.kind, t.financialYear, t.sequence),
    index('invoices_issued_idx').on(t.issuedAt),
    check('invoices_kind', sql`${t.kind} IN ('invoice','credit_note')`),
    check(
      'invoices_amounts',
      sql`${t.totalPaise} = ${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} + ${t.igstPaise} AND ${t.taxablePaise} >= 0`,
    ),
    check('invoices_tax_kind', sql`${t.igstPaise} = 0 OR (${t.cgstPaise} = 0 AND ${t.sgstPaise} = 0)`),
    check('invoices_reduces_gst', sql`${t.reducesGst} OR ${t.kind} = 'credit_note'`),
  ],
);

/** The last number issued per kind and financial year; the row is locked while a document takes its number. */
export const invoiceSeries = pgTable(
  'invoice_series',
  {
    kind: text('kind').notNull(),
    financialYear: text('financial_year').notNull(),
    lastSequence: integer('last_sequence').notNull().default(0),
    /**
     * The date of the last number taken: the next document is dated no earlier (a payment that waited for the series'
     * lock took its time before the wait; decision 063). Null on series last used before migration 0033.
     */
    lastIssuedAt: timestamp('last_issued_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.financialYear] })],
);
