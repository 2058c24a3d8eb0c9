import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { batches, courses, invoices, purchases } from '@app/db';
import { consentMessages, paiseToRupees, type GuardianPurchasesData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { findConsentByToken } from './find-consent-by-token.ts';

// The purchase's two tax documents, joined as the learner's purchase history joins them (list-purchase-history.ts).
const invoice = alias(invoices, 'invoice');
const creditNote = alias(invoices, 'credit_note');

/**
 * The child behind a guardian's link that has been answered (given, or withdrawn since), for what the guardian may
 * see of their purchases; a pending link shows none (403).
 */
export async function answeredConsentChild(ctx: AppContext, options: { token: string }): Promise<{ userId: number }> {
  const { consent } = await findConsentByToken(ctx, options.token);
  if (consent.status === 'pending') throw AppError.forbidden(consentMessages.consentNotGiven);
  return { userId: consent.userId };
}

/**
 * GET /guardian/consent/{token}/purchases: the child's purchases (item, amount, date, status), newest
 * first, for a guardian who has answered (given, or withdrawn since); a pending link shows none (403). Each names
 * the PDFs of its GST tax invoice and credit note when issued, through the guardian's own link: the parent usually
 * paid, and the tax document is theirs to keep.
 */
export async function listChildPurchases(
  ctx: AppContext,
  options: { token: string; apiPrefix: string },
): Promise<GuardianPurchasesData> {
  const { userId } = await answeredConsentChild(ctx, options);
  const rows = await ctx.db
    .select({
      id: purchases.id,
      courseName: courses.name,
      batchName: batches.name,
      amountPaise: purchases.amountPaise,
      status: purchases.status,
      createdAt: purchases.createdAt,
      paidAt: purchases.paidAt,
      hasInvoice: invoice.id,
      hasCreditNote: creditNote.id,
    })
    .from(purchases)
    .leftJoin(courses, eq(courses.id, purchases.courseId))
    .leftJoin(batches, eq(batches.id, purchases.batchId))
    .leftJoin(invoice, and(eq(invoice.purchaseId, purchases.id), eq(invoice.kind, 'invoice')))
    .leftJoin(creditNote, and(eq(creditNote.purchaseId, purchases.id), eq(creditNote.kind, 'credit_note')))
    .where(eq(purchases.userId, userId))
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .limit(200);
  const documents = `${options.apiPrefix}/guardian/consent/${encodeURIComponent(options.token)}/invoices`;
  return rows.map((row) => ({
    id: row.id,
    item: row.courseName ?? row.batchName ?? '',
    kind: row.courseName ? ('course' as const) : ('batch' as const),
    amount: paiseToRupees(row.amountPaise),
    date: (row.paidAt ?? row.createdAt).toISOString(),
    status: row.status,
    invoice_url: row.hasInvoice === null ? null : `${documents}/${row.id}/pdf`,
    credit_note_url: row.hasCreditNote === null ? null : `${documents}/${row.id}/credit-note/pdf`,
  }));
}
