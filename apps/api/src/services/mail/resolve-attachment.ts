import { eq, and } from 'drizzle-orm';
import { invoices } from '@app/db';
import type { AppContext } from '../../context.ts';
import { renderInvoicePdf } from '../invoices/index.ts';
import type { MailAttachment, MailAttachmentRef } from './mailer.ts';

/**
 * The file a queued mail refers to, made when the mail job runs: a purchase's GST tax invoice (the
 * receipt's) or credit note (the refund notice's) as a PDF named after its number (INV/26-27/000001 →
 * INV-26-27-000001.pdf). A missing document fails the attempt (the job retries, then stays failed for
 * the operator) rather than sending without it.
 */
export async function resolveAttachment(ctx: AppContext, ref: MailAttachmentRef): Promise<MailAttachment> {
  const content = await renderInvoicePdf(ctx, { purchaseId: ref.purchaseId, kind: ref.kind });
  const [document] = await ctx.db
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.purchaseId, ref.purchaseId), eq(invoices.kind, ref.kind)));
  const name = (document?.number ?? `${ref.kind}-${ref.purchaseId}`).replace(/[^A-Za-z0-9-]+/g, '-');
  return { filename: `${name}.pdf`, contentType: 'application/pdf', content };
}
