import { invoices, type DbOrTx } from '@app/db';
import {
  buyerStateCodeOf,
  documentNumber,
  financialYearOf,
  formatPlaceOfSupply,
  placeOfSupplyOf,
  splitGst,
} from '@app/contracts';
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
  /** The buyer's profile as it is now; the address parts are copied onto the invoice as given. */
  buyer: {
    firstName: string;
    lastName: string;
    email: string;
    state: string | null;
    address: string | null;
    landmark: string | null;
    city: string | null;
    pin: string | null;
    /** The profile's country (English name, ISO code), null when not chosen. */
    countryName: string | null;
    countryIsoCode: string | null;
  };
  /** The course's or the batch's name, as sold. */
  itemName: string;
  /** Taken from the invoice series of the paid date's financial year (takeDocumentSequence), under its row lock. */
  sequence: number;
  /**
   * The invoice's date, returned with the number: the purchase's paid time, or the previous invoice's date when that
   * is later (a payment that waited for the series while another took a number; decision 063).
   */
  issuedAt: Date;
}

/**
 * Issues the GST tax invoice of a purchase that has just become paid, in the transaction that made it
 * paid (markPurchasePaid, which takes the number from the invoice series in the same statement that
 * marks the purchase paid): if that transaction rolls back, so do the invoice and its number. A free
 * enrolment (amount 0) is no taxable supply for consideration: it gets no invoice and no number.
 *
 * The price includes GST: the paid amount is split into taxable value and tax by splitGst. The
 * place of supply comes from the profile (placeOfSupplyOf): outside India (IGST) for a buyer whose
 * country is on record and is not India, else the state they typed (or its abbreviation), else the
 * state of their PIN when its leading digits belong to one state (decision 063); with neither, the
 * seller's state (the supplier's location, the rule for services to an unregistered buyer whose
 * address is not on record), so CGST + SGST. The buyer's address is copied as it is
 * now (CGST Rules, rule 46(e); decision 049): a later change of profile leaves the invoice alone.
 * Added to `writes`: the row is inserted when the caller runs the batch.
 */
export function addInvoice(writes: WriteBatch, tx: DbOrTx, ctx: AppContext, options: InvoicedPurchase): void {
  const { purchase: p, buyer, sequence } = options;
  if (p.amountPaise === 0) return;
  const { seller, rateBasisPoints } = invoiceConfigOf(ctx.env);
  const given = (text: string | null) => text?.trim() || null;
  const buyerState = given(buyer.state);
  const buyerPin = given(buyer.pin);
  const place = placeOfSupplyOf({
    buyerState,
    buyerPin,
    buyerCountryIsoCode: buyer.countryIsoCode,
    sellerState: { name: seller.state, code: seller.stateCode },
  });
  const split = splitGst({
    totalPaise: p.amountPaise,
    rateBasisPoints,
    intraState: place.code === seller.stateCode,
  });

  const { issuedAt } = options;
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
      buyerStateCode: buyerStateCodeOf(buyerState, place.code),
      buyerAddress: given(buyer.address),
      buyerLandmark: given(buyer.landmark),
      buyerCity: given(buyer.city),
      buyerPin,
      buyerCountry: given(buyer.countryName),
      placeOfSupply: formatPlaceOfSupply(place),
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
