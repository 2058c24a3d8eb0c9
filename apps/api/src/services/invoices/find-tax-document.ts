import { and, eq } from 'drizzle-orm';
import { invoices, purchases, users } from '@app/db';
import type { InvoiceKind } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * A purchase's tax invoice or credit note with what its PDF needs besides the stored document (the
 * buyer's language, the item's kind, the invoice a credit note is against). With `userId`, only that
 * learner's own: anyone else's, like a missing one, is 404 (nobody learns that the purchase exists).
 */
export async function findTaxDocument(
  ctx: AppContext,
  options: { purchaseId: number; kind: InvoiceKind; userId?: number },
) {
  const [row] = await ctx.db
    .select({
      document: invoices,
      userId: purchases.userId,
      courseId: purchases.courseId,
      language: users.language,
    })
    .from(invoices)
    .innerJoin(purchases, eq(purchases.id, invoices.purchaseId))
    .innerJoin(users, eq(users.id, purchases.userId))
    .where(and(eq(invoices.purchaseId, options.purchaseId), eq(invoices.kind, options.kind)));
  if (!row || (options.userId !== undefined && row.userId !== options.userId)) throw AppError.notFound();
  let invoice: { number: string; issuedAt: Date } | null = null;
  if (row.document.invoiceId !== null) {
    [invoice = null] = await ctx.db
      .select({ number: invoices.number, issuedAt: invoices.issuedAt })
      .from(invoices)
      .where(eq(invoices.id, row.document.invoiceId));
  }
  return { ...row, item: row.courseId !== null ? ('course' as const) : ('batch' as const), invoice };
}

export type TaxDocumentRecord = Awaited<ReturnType<typeof findTaxDocument>>;
