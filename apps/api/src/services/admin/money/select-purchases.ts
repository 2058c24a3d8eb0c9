import { and, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { batches, courses, invoices, offerCodes, purchases, users, type DbOrTx } from '@app/db';
import { paiseToRupees, type AdminPurchase } from '@app/contracts';
import { openDisputeOf } from '../../payments/index.ts';

const invoice = alias(invoices, 'invoice');
const creditNote = alias(invoices, 'credit_note');

/**
 * Purchases with their buyer, item, offer code, tax documents' numbers and a dispute open on the payment, as admin
 * lists show them.
 */
export function selectPurchases(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      purchase: purchases,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      courseName: courses.name,
      batchName: batches.name,
      offerCode: offerCodes.code,
      invoiceNumber: invoice.number,
      creditNoteNumber: creditNote.number,
      openDisputeId: openDisputeOf(),
    })
    .from(purchases)
    .innerJoin(users, eq(users.id, purchases.userId))
    .leftJoin(courses, eq(courses.id, purchases.courseId))
    .leftJoin(batches, eq(batches.id, purchases.batchId))
    .leftJoin(offerCodes, eq(offerCodes.id, purchases.offerCodeId))
    .leftJoin(invoice, and(eq(invoice.purchaseId, purchases.id), eq(invoice.kind, 'invoice')))
    .leftJoin(creditNote, and(eq(creditNote.purchaseId, purchases.id), eq(creditNote.kind, 'credit_note')))
    .where(where);
}

export type PurchaseRow = Awaited<ReturnType<typeof selectPurchases>>[number];

export function toAdminPurchase(row: PurchaseRow): AdminPurchase {
  const p = row.purchase;
  return {
    id: p.id,
    user: { id: p.userId, name: `${row.firstName} ${row.lastName}`, email: row.email },
    item:
      p.courseId !== null
        ? { type: 'course', id: p.courseId, name: row.courseName ?? '' }
        : { type: 'batch', id: p.batchId ?? 0, name: row.batchName ?? '' },
    price: paiseToRupees(p.pricePaise),
    discount: paiseToRupees(p.discountPaise),
    amount: paiseToRupees(p.amountPaise),
    currency: p.currency,
    status: p.status as AdminPurchase['status'],
    provider: p.provider,
    order_id: p.providerOrderId,
    payment_id: p.providerPaymentId,
    offer_code: row.offerCode,
    created_at: p.createdAt.toISOString(),
    paid_at: p.paidAt?.toISOString() ?? null,
    refunded_at: p.refundedAt?.toISOString() ?? null,
    invoice_number: row.invoiceNumber,
    credit_note_number: row.creditNoteNumber,
    open_dispute_id: row.openDisputeId,
  };
}
