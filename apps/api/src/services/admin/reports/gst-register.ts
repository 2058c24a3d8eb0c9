import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { invoices, type DbOrTx } from '@app/db';
import { formatGstRate, lastDayToReduceGst } from '@app/contracts';
import type { Period } from './period.ts';
import { indiaDay, toCsv } from './to-csv.ts';

const original = alias(invoices, 'original');

const HEADER = [
  'Document',
  'Number',
  'Date',
  'Against invoice',
  'Invoice date',
  'Seller GSTIN',
  'Buyer',
  'Buyer email',
  'Buyer state',
  'Place of supply',
  'Description',
  'SAC',
  'GST rate',
  'Price (₹)',
  'Discount (₹)',
  'Taxable value (₹)',
  'CGST (₹)',
  'SGST/UTGST (₹)',
  'IGST (₹)',
  'Total (₹)',
  'Payment reference',
  'Credited without reducing GST (₹)',
  'Remark',
] as const;

/**
 * The GST register of a period: every tax invoice and credit note issued in it, in the order they were issued, as
 * they were printed (the documents keep their seller, buyer and amounts). A credit note's amounts are negative, so
 * that a column's sum is the period's net; its original invoice is named with its date (GSTR-1 asks for both). A
 * seller in a union territory without a legislature charges UTGST, kept in the SGST column (decision 023).
 *
 * A credit note issued after the CGST Act s.34(2) time limit (`reduces_gst` false, decision 063) refunds the money
 * but reduces no tax: its price, discount, taxable value, taxes and total are 0, so that the columns' sums stay the
 * period's net; what it credited is in 'Credited without reducing GST', and the remark says why.
 */
export async function gstRegister(db: DbOrTx, period: Period): Promise<string> {
  const rows = await db
    .select({
      kind: invoices.kind,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      originalNumber: original.number,
      originalIssuedAt: original.issuedAt,
      sellerGstin: sql<string>`${invoices.seller}->>'gstin'`,
      sac: sql<string>`${invoices.seller}->>'sac'`,
      buyerName: invoices.buyerName,
      buyerEmail: invoices.buyerEmail,
      buyerState: invoices.buyerState,
      placeOfSupply: invoices.placeOfSupply,
      description: invoices.itemDescription,
      rateBasisPoints: invoices.rateBasisPoints,
      pricePaise: invoices.pricePaise,
      discountPaise: invoices.discountPaise,
      taxablePaise: invoices.taxablePaise,
      cgstPaise: invoices.cgstPaise,
      sgstPaise: invoices.sgstPaise,
      igstPaise: invoices.igstPaise,
      totalPaise: invoices.totalPaise,
      paymentReference: invoices.paymentReference,
      reducesGst: invoices.reducesGst,
    })
    .from(invoices)
    .leftJoin(original, eq(original.id, invoices.invoiceId))
    .where(and(gte(invoices.issuedAt, period.start), lt(invoices.issuedAt, period.end)))
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
  return toCsv(
    HEADER,
    rows.map((row) => {
      // A late credit note counts for nothing in the GST columns.
      const sign = row.kind !== 'credit_note' ? 1 : row.reducesGst ? -1 : 0;
      const late = !row.reducesGst && row.originalIssuedAt;
      return [
        row.kind === 'credit_note' ? 'Credit note' : 'Tax invoice',
        row.number,
        indiaDay(row.issuedAt),
        row.originalNumber,
        row.originalIssuedAt && indiaDay(row.originalIssuedAt),
        row.sellerGstin,
        row.buyerName,
        row.buyerEmail,
        row.buyerState,
        row.placeOfSupply,
        row.description,
        row.sac,
        formatGstRate(row.rateBasisPoints),
        sign * row.pricePaise,
        sign * row.discountPaise,
        sign * row.taxablePaise,
        sign * row.cgstPaise,
        sign * row.sgstPaise,
        sign * row.igstPaise,
        sign * row.totalPaise,
        row.paymentReference,
        late ? -row.totalPaise : null,
        late ? `Issued after the CGST Act s.34(2) time limit (${lastDayToReduceGst(late)}): does not reduce GST` : null,
      ];
    }),
  );
}
