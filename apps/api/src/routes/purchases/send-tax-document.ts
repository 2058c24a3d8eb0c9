import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { InvoiceKind } from '@app/contracts';
import { renderInvoicePdf } from '../../services/invoices/index.ts';

/**
 * Answers the PDF of a purchase's GST tax invoice or credit note, shown in the browser's viewer and never cached:
 * for the learner (routes/purchases) and for the guardian who consented (routes/consent). 404 unless the purchase is
 * `userId`'s and the document was issued.
 */
export async function sendTaxDocument(
  ctx: AppContext,
  reply: FastifyReply,
  options: { purchaseId: number; kind: InvoiceKind; userId: number },
) {
  const pdf = await renderInvoicePdf(ctx, options);
  const name = options.kind === 'invoice' ? 'invoice' : 'credit-note';
  return reply
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `inline; filename="${name}-${options.purchaseId}.pdf"`)
    .type('application/pdf')
    .send(pdf);
}
