import { invoices, type DbOrTx } from '@app/db';
import { documentNumber, financialYearOf, findIndianState, splitGst } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import type { WriteBatch } from '../database/index.ts';
import { invoiceConfigOf } from './invoice-config-of.ts';

/** What a tax invoice is made of, as read in the statement that made the purchase paid. */
export interface InvoicedPurchase {
  purchase: {
    id: number;
    amountPaise: number;
    pricePaise: number;
    discountPaise: number;
    providerPaymentId: string | null;
    providerOrderId: string | null;
    paidAt: Date;
  };
  buyer: { firstName: string; lastName: string; email: string; state: string | null };
  /** The course's or the batch's name, as sold. */
  itemName: string;
  /** Taken from the invoice series of the paid date's financial year (takeDocumentSequence), under its row lock. */
  sequence: number;
}

/**
 * Issues the GST tax invoice of a purchase that has just become paid, in the transaction that made it
 * paid (markPurchasePaid, which takes the number from the invoice series in the same statement that
 * marks the purchase paid): if that transaction rolls back, so do the invoice and its number. A free
 * enrolment (amount 0) is no taxable supply for consideration: it gets no invoice and no number.
 *
 * The price includes GST: the paid amount is split into taxable value and tax by splitGst. The
 * buyer's state is the profile's `state`, matched against the list of states; when it is empty or
 * unknown, the place of supply is taken to be the seller's state (the supplier's location, the
 * rule for services to an unregistered buyer whose address is not on record), so CGST + SGST.
 * Added to `writes`: the row is inserted when the caller runs the batch.
 */
export function addInvoice(writes: WriteBatch, tx: DbOrTx, ctx: AppContext, options: InvoicedPurchase): void {
  const { purchase: p, buyer, sequence } = options;
  if (p.amountPaise === 0) return;
  const { seller, rateBasisPoints } = invoiceConfigOf(ctx.env);
  const buyerState = buyer.state?.trim() || null;
  const known = findIndianState(buyerState);
  // Unknown or empty state: the seller's state is the place of supply (see above).
  const supplyState = known ?? { name: seller.state, code: seller.stateCode };
  const split = splitGst({
    totalPaise: p.amountPaise,
    rateBasisPoints,
    intraState: supplyState.code === seller.stateCode,
  });

  const issuedAt = p.paidAt;
  const financialYear = financialYearOf(issuedAt);
  writes.add(
    tx.insert(invoices).values({
      purchaseId: p.id,
      kind: 'invoice',
      number: documentNumber('invoice', financialYear, sequence),
      financialYear,
      sequence,
      issuedAt,
      seller,
      buyerName: `${buyer.firstName} ${buyer.lastName}`.trim(),
      buyerEmail: buyer.email,
      buyerState,
      placeOfSupply: `${supplyState.name} (${supplyState.code})`,
      // The item's name as sold; the PDF says 'Course: …' or 'Batch fee: …' in the buyer's language.
      itemDescription: options.itemName,
      rateBasisPoints,
      pricePaise: p.pricePaise,
      discountPaise: p.discountPaise,
      ...split,
      paymentReference: p.providerPaymentId ?? p.providerOrderId,
    }),
  );
}
