import { z } from 'zod';
import { positiveId } from '../common/rules.ts';
import { purchaseMessages } from './messages.ts';

/** GET /invoices/{purchase_id}/pdf and …/credit-note/pdf */
export const invoiceParams = z.object({
  purchase_id: positiveId(purchaseMessages.purchaseInvalid),
});

/**
 * The signed link's query (pdf_url carries it, because a browser's link or download cannot send the
 * bearer token): u = the learner, t = the session it was made in, e = expiry (Unix seconds),
 * s = signature. Without them the request needs the learner's bearer token.
 */
export const invoicePdfQuery = z.object({
  u: z.string().max(12).optional(),
  t: z.string().max(12).optional(),
  e: z.string().max(14).optional(),
  s: z.string().max(128).optional(),
});

/** A tax invoice or credit note as the purchase list shows it. */
export const taxDocument = z.object({
  /** e.g. INV/26-27/000001 or CN/26-27/000001 */
  number: z.string(),
  issued_at: z.string(),
  /** A short-lived signed link to the PDF (works in a plain link, without the bearer token). */
  pdf_url: z.string(),
});
export type TaxDocument = z.infer<typeof taxDocument>;

/** One of the learner's purchases (GET /purchases, newest first). */
export const purchaseHistoryItem = z.object({
  purchase_id: z.number(),
  item: z.enum(['course', 'batch']),
  /** The course's or the batch's name. */
  name: z.string(),
  course_id: z.number().nullable(),
  batch_id: z.number().nullable(),
  /** Rupees: the price before the offer code, the discount, and what was charged. */
  price: z.number(),
  discount: z.number(),
  amount: z.number(),
  currency: z.string(),
  status: z.enum(['pending', 'paid', 'failed', 'refunded']),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  /** The payment provider's payment id; null for a free enrolment or an unpaid purchase. */
  payment_reference: z.string().nullable(),
  /** Null for a free enrolment (nothing paid, no tax invoice) and an unpaid purchase. */
  invoice: taxDocument.nullable(),
  /** Issued when an invoiced purchase is refunded. */
  credit_note: taxDocument.nullable(),
});
export type PurchaseHistoryItem = z.infer<typeof purchaseHistoryItem>;

export const purchaseHistory = z.array(purchaseHistoryItem);
