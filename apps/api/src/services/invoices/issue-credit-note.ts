import { and, eq } from 'drizzle-orm';
import { invoices, type Tx } from '@app/db';
import { creditNoteReducesGst, documentNumber, financialYearOf } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { nextDocumentSequence } from './next-document-sequence.ts';

/**
 * Issues the credit note of a refund, in the transaction that marks the purchase refunded
 * (markPurchaseRefunded): the full invoice is credited back (refunds are always in full), with the
 * invoice's seller, buyer, place of supply and amounts as issued, a number from the credit-note
 * series of the refund's financial year, and `invoice_id` pointing at the invoice. Null when the
 * purchase has no invoice (a free enrolment: nothing was paid, nothing is credited). A note issued
 * after the CGST Act s.34(2) time limit (30 November after the end of the invoice's financial year)
 * is issued all the same but records that it does not reduce GST (`reduces_gst` false; decision 063).
 */
export async function issueCreditNote(
  tx: Tx,
  ctx: AppContext,
  options: {
    purchaseId: number;
    /** The refund's instant (purchases.refunded_at): the note's date and financial year, read once for the refund. */
    at: Date;
  },
): Promise<number | null> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.purchaseId, options.purchaseId), eq(invoices.kind, 'invoice')));
  if (!invoice) return null;
  const now = options.at;
  const financialYear = financialYearOf(now);
  // Dated now, or the previous credit note's date if a refund that waited for the series took its number first.
  const { sequence, issuedAt } = await nextDocumentSequence(tx, { kind: 'credit_note', financialYear, at: now });
  const {
    id: _id,
    number: _number,
    kind: _kind,
    financialYear: _fy,
    sequence: _sequence,
    issuedAt: _issuedAt,
    invoiceId: _invoiceId,
    reducesGst: _reducesGst,
    ...copied
  } = invoice;
  const [created] = await tx
    .insert(invoices)
    .values({
      ...copied,
      kind: 'credit_note',
      number: documentNumber('credit_note', financialYear, sequence),
      financialYear,
      sequence,
      issuedAt,
      invoiceId: invoice.id,
      reducesGst: creditNoteReducesGst(invoice.issuedAt, issuedAt),
    })
    .returning({ id: invoices.id });
  return created!.id;
}
