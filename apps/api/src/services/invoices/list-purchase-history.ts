import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { batches, courses, invoices, purchases } from '@app/db';
import { paiseToRupees, type InvoiceKind, type PurchaseHistoryItem, type TaxDocument } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { signInvoicePdfUrl } from './invoice-pdf-url.ts';

const invoice = alias(invoices, 'invoice');
const creditNote = alias(invoices, 'credit_note');

/**
 * GET /purchases: every purchase of the learner, newest first (by when it was started), with its tax
 * invoice and credit note and a signed link to each PDF. Every status is listed (a pending payment,
 * a failed one), so the learner sees what happened to each attempt.
 */
export async function listPurchaseHistory(
  ctx: AppContext,
  options: { userId: number; tokenId: number; apiPrefix: string },
): Promise<PurchaseHistoryItem[]> {
  const rows = await ctx.db
    .select({
      purchase: purchases,
      courseName: courses.name,
      batchName: batches.name,
      invoiceNumber: invoice.number,
      invoiceIssuedAt: invoice.issuedAt,
      creditNoteNumber: creditNote.number,
      creditNoteIssuedAt: creditNote.issuedAt,
    })
    .from(purchases)
    .leftJoin(courses, eq(courses.id, purchases.courseId))
    .leftJoin(batches, eq(batches.id, purchases.batchId))
    .leftJoin(invoice, and(eq(invoice.purchaseId, purchases.id), eq(invoice.kind, 'invoice')))
    .leftJoin(creditNote, and(eq(creditNote.purchaseId, purchases.id), eq(creditNote.kind, 'credit_note')))
    .where(eq(purchases.userId, options.userId))
    .orderBy(desc(purchases.createdAt), desc(purchases.id));

  const now = ctx.now();
  const document = (
    kind: InvoiceKind,
    purchaseId: number,
    number: string | null,
    issuedAt: Date | null,
  ): TaxDocument | null =>
    number === null || issuedAt === null
      ? null
      : {
          number,
          issued_at: issuedAt.toISOString(),
          pdf_url: signInvoicePdfUrl(ctx.env, {
            apiPrefix: options.apiPrefix,
            kind,
            purchaseId,
            userId: options.userId,
            tokenId: options.tokenId,
            now,
          }),
        };

  return rows.map(({ purchase: p, ...row }) => ({
    purchase_id: p.id,
    item: p.courseId !== null ? 'course' : 'batch',
    name: (p.courseId !== null ? row.courseName : row.batchName) ?? '',
    course_id: p.courseId,
    batch_id: p.batchId,
    price: paiseToRupees(p.pricePaise),
    discount: paiseToRupees(p.discountPaise),
    amount: paiseToRupees(p.amountPaise),
    currency: p.currency,
    status: p.status as PurchaseHistoryItem['status'],
    created_at: p.createdAt.toISOString(),
    paid_at: p.paidAt?.toISOString() ?? null,
    refunded_at: p.refundedAt?.toISOString() ?? null,
    payment_reference: p.providerPaymentId,
    invoice: document('invoice', p.id, row.invoiceNumber, row.invoiceIssuedAt),
    credit_note: document('credit_note', p.id, row.creditNoteNumber, row.creditNoteIssuedAt),
  }));
}
