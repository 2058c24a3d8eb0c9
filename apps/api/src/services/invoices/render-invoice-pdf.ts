import {
  buyerStateCodeOf,
  chargesUtgst,
  formatGstRate,
  formatIndiaLongDate,
  formatInr,
  lastDayToReduceGst,
  OUTSIDE_INDIA_CODE,
  paiseToRupees,
  placeOfSupplyCode,
  type InvoiceKind,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { createPdfDocument, drawTextLine, wrapTextLines, type TextLineOptions } from '../../lib/pdf-fonts.ts';
import { languageOf, translator } from '../../lib/i18n.ts';
import { findTaxDocument, type TaxDocumentRecord } from './find-tax-document.ts';

/**
 * The PDF of a purchase's GST tax invoice or credit note, labelled in the buyer's language (the
 * amounts, numbers and names as issued). 404 when the purchase has no such document. For the
 * routes and for the receipt mail, which attaches it.
 */
export async function renderInvoicePdf(
  ctx: AppContext,
  options: { purchaseId: number; kind: InvoiceKind; userId?: number },
): Promise<Buffer> {
  const record = await findTaxDocument(ctx, options);
  return drawInvoicePdf(record, { appName: ctx.env.APP_NAME });
}

/** One A4 page: seller and document, buyer and place of supply, the line, the tax, the total. */
export async function drawInvoicePdf(record: TaxDocumentRecord, options: { appName: string }): Promise<Buffer> {
  const { document: d } = record;
  const kind = d.kind as InvoiceKind;
  const language = languageOf(record.language);
  const t = translator(language);
  const money = (paise: number) => formatInr(paiseToRupees(paise), language);
  const rate = formatGstRate(d.rateBasisPoints);
  const halfRate = formatGstRate(d.rateBasisPoints / 2);

  const { doc, bytes } = await createPdfDocument({
    size: 'A4',
    margin: 0,
    info: {
      Title: `${t(`invoice:title.${kind}`)} ${d.number}`,
      Author: d.seller.legalName,
      Subject: `${d.number}: ${d.buyerName}`,
      Creator: options.appName,
      CreationDate: d.issuedAt,
    },
  });

  const { width } = doc.page;
  const left = 50;
  const right = width - 50;
  const inner = right - left;
  const ink = '#212529';
  const muted = '#495057';
  const accent = '#0d6efd';
  const rule = (y: number, color = '#dee2e6') =>
    doc.save().lineWidth(0.75).strokeColor(color).moveTo(left, y).lineTo(right, y).stroke().restore();
  type Style = Partial<Omit<TextLineOptions, 'baseline'>>;
  // Every line goes through the Noto faces (names and labels in any script), shrunk to fit, never wrapped.
  const line = (text: string, baseline: number, style: Style = {}) =>
    drawTextLine(doc, text, { x: left, width: inner, size: 10, color: ink, ...style, baseline });

  // Seller on the left, the document's title, number and date on the right.
  const half = inner / 2;
  line(d.seller.legalName, 70, { size: 13, weight: 'bold', width: half + 20 });
  line(d.seller.address, 88, { color: muted, width: half + 20 });
  line(`${t('invoice:gstin')}: ${d.seller.gstin}`, 103, { width: half + 20 });
  line(
    `${t('invoice:state')}: ${t('invoice:stateWithCode', { state: d.seller.state, code: d.seller.stateCode })}`,
    118,
    { width: half + 20 },
  );
  const rightCol: Style = { x: left + half + 40, width: half - 40, align: 'right' };
  line(t(`invoice:title.${kind}`), 72, { ...rightCol, size: 20, weight: 'bold', color: accent });
  line(`${t(`invoice:number.${kind}`)}: ${d.number}`, 96, { ...rightCol, weight: 'bold' });
  line(`${t('invoice:date')}: ${formatIndiaLongDate(d.issuedAt, language)}`, 111, rightCol);
  if (kind === 'credit_note' && record.invoice) {
    line(
      t('invoice:againstInvoice', {
        number: record.invoice.number,
        date: formatIndiaLongDate(record.invoice.issuedAt, language),
      }),
      126,
      { ...rightCol, size: 9, color: muted },
    );
  }
  rule(140);

  // Buyer (name, address as given at issue, email, state with its code) and place of supply. The address is
  // printed whenever the invoice kept one (rule 46(e) asks for it from ₹50,000 to an unregistered buyer; decision
  // 049); documents issued before it was kept have none, and their lines move up.
  const supplyCode = placeOfSupplyCode(d.placeOfSupply);
  const isOutsideIndia = supplyCode === OUTSIDE_INDIA_CODE;
  line(t('invoice:buyer'), 162, { size: 9, color: muted, weight: 'bold' });
  line(d.buyerName, 180, { size: 13, weight: 'bold' });
  let y = 196;
  const street = [d.buyerAddress, d.buyerLandmark].filter(Boolean).join(', ');
  const town = [[d.buyerCity, d.buyerPin].filter(Boolean).join(' '), d.buyerCountry].filter(Boolean).join(', ');
  for (const text of [...wrapTextLines(doc, street, { width: inner, size: 10, maxLines: 3 }), town].filter(Boolean)) {
    line(text, y);
    y += 14;
  }
  line(d.buyerEmail, y, { color: muted });
  y += 16;
  // As issued; a document from before the code was stored has it worked out again.
  const buyerStateCode = d.buyerStateCode ?? buyerStateCodeOf(d.buyerState, supplyCode);
  const buyerState = !d.buyerState
    ? t('invoice:stateNotGiven')
    : buyerStateCode
      ? t('invoice:stateWithCode', { state: d.buyerState, code: buyerStateCode })
      : d.buyerState;
  line(`${t('invoice:state')}: ${buyerState}`, y);
  y += 16;
  const placeOfSupply = isOutsideIndia ? `${t('invoice:outsideIndia')} (${supplyCode})` : d.placeOfSupply;
  line(`${t('invoice:placeOfSupply')}: ${placeOfSupply}`, y);
  y += 16;
  line(t('invoice:reverseCharge'), y, { color: muted, size: 9 });

  // The line: description and SAC, then price, discount and amount (GST included).
  const cols = {
    description: { x: left + 6, width: 200 },
    sac: { x: left + 210, width: 55 },
    price: { x: left + 270, width: 70 },
    discount: { x: left + 345, width: 70 },
    amount: { x: left + 420, width: inner - 426 },
  };
  const headY = y + 36;
  doc
    .save()
    .rect(left, headY - 16, inner, 24)
    .fill('#f1f3f5')
    .restore();
  const head: Style = { size: 9, weight: 'bold', color: muted };
  line(t('invoice:description'), headY, { ...head, ...cols.description });
  line(t('invoice:sac'), headY, { ...head, ...cols.sac });
  line(t('invoice:price'), headY, { ...head, ...cols.price, align: 'right' });
  line(t('invoice:discount'), headY, { ...head, ...cols.discount, align: 'right' });
  line(t('invoice:amount'), headY, { ...head, ...cols.amount, align: 'right' });
  const rowY = headY + 26;
  // A course's name wraps (up to four lines; a name of 191 characters would shrink to 2 pt on one line).
  const description = t(`invoice:${record.item}`, { name: d.itemDescription });
  const descriptionLines = wrapTextLines(doc, description, { width: cols.description.width, size: 10, maxLines: 4 });
  descriptionLines.forEach((text, i) => line(text, rowY + i * 13, cols.description));
  line(d.seller.sac, rowY, cols.sac);
  line(money(d.pricePaise), rowY, { ...cols.price, align: 'right' });
  line(d.discountPaise > 0 ? `−${money(d.discountPaise)}` : money(0), rowY, { ...cols.discount, align: 'right' });
  line(money(d.totalPaise), rowY, { ...cols.amount, align: 'right' });
  const rowBottom = rowY + (descriptionLines.length - 1) * 13;
  rule(rowBottom + 12);

  // The tax: taxable value, CGST + SGST or IGST, total.
  const labelCol: Style = { x: left + 230, width: 180 };
  const valueCol: Style = { x: left + 420, width: inner - 426, align: 'right' };
  y = rowBottom + 36;
  const sum = (label: string, paise: number, style: Style = {}) => {
    line(label, y, { ...labelCol, ...style });
    line(money(paise), y, { ...valueCol, ...style });
    y += 18;
  };
  sum(t('invoice:taxableValue'), d.taxablePaise);
  if (d.igstPaise > 0 || (d.cgstPaise === 0 && d.sgstPaise === 0 && supplyCode !== d.seller.stateCode)) {
    sum(t('invoice:igst', { rate }), d.igstPaise);
  } else {
    sum(t('invoice:cgst', { rate: halfRate }), d.cgstPaise);
    // A seller in a union territory without a legislature charges UTGST where others charge SGST (same column).
    sum(t(chargesUtgst(d.seller.stateCode) ? 'invoice:utgst' : 'invoice:sgst', { rate: halfRate }), d.sgstPaise);
  }
  doc
    .save()
    .lineWidth(0.75)
    .strokeColor(ink)
    .moveTo(left + 230, y - 10)
    .lineTo(right, y - 10)
    .stroke()
    .restore();
  y += 6;
  sum(t(`invoice:total.${kind}`), d.totalPaise, { weight: 'bold', size: 12 });

  y += 14;
  line(t('invoice:pricesIncludeGst', { rate }), y, { size: 9, color: muted });
  y += 16;
  if (kind === 'credit_note') {
    line(t('invoice:creditReason'), y, { size: 9, color: muted });
    y += 16;
  }
  // Issued after the CGST Act s.34(2) time limit: the refund stands, the tax is not reduced (decision 063).
  if (kind === 'credit_note' && !d.reducesGst && record.invoice) {
    const lastDay = new Date(`${lastDayToReduceGst(record.invoice.issuedAt)}T12:00:00+05:30`);
    line(t('invoice:lateCreditNote', { date: formatIndiaLongDate(lastDay, language) }), y, { size: 9, weight: 'bold' });
    y += 16;
  }
  if (d.paymentReference) line(`${t('invoice:paymentReference')}: ${d.paymentReference}`, y, { size: 10 });

  rule(770);
  line(t('invoice:computerGenerated'), 790, { size: 8, color: muted, align: 'center' });

  doc.end();
  return bytes;
}
