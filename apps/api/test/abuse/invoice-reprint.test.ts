import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, users } from '@app/db';
import { splitGst } from '@app/contracts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createLearner } from '../fixtures.ts';
import { pendingPurchase, setReferenceData } from '../wallet-fixtures.ts';
import { markPurchasePaid, markPurchaseRefunded } from '../../src/services/purchases/index.ts';
import { renderInvoicePdf } from '../../src/services/invoices/index.ts';
import { assertPopplerInstalled, pdfTextLines } from '../pdf-text.ts';

/**
 * An issued document prints what it printed when it was issued (found by the GST-auditor review, session 57). The
 * buyer's state code was worked out again from today's list of state names on every download: an invoice issued when
 * 'MH' was not recognised (place of supply Kerala, CGST + SGST) printed 'State: MH', and printed 'State: MH (code 27)'
 * beside 'Place of supply: Kerala (32)' once the abbreviations were added. Every name added later would change the
 * reprints of documents already issued. The code is now stored with the document (`buyer_state_code`).
 */
describe('abuse: a tax document prints the buyer state code it was issued with', () => {
  let t: TestApp;
  beforeAll(async () => {
    assertPopplerInstalled();
    t = await createTestApp();
    await setReferenceData(t.app);
  });
  afterAll(async () => t?.close());

  const paidBy = async (state: string) => {
    const buyer = await createLearner(t.app);
    await t.app.ctx.db.update(users).set({ state }).where(eq(users.id, buyer.id));
    const purchaseId = await pendingPurchase(t.app, buyer.id, 118_000);
    await t.app.ctx.db.transaction((tx) =>
      markPurchasePaid(tx, t.app.ctx, {
        purchaseId,
        payment: { paymentId: `pay_reprint_${purchaseId}`, amountPaise: 118_000, currency: 'INR' },
      }),
    );
    return purchaseId;
  };
  const documentOf = (purchaseId: number, kind: 'invoice' | 'credit_note') =>
    and(eq(invoices.purchaseId, purchaseId), eq(invoices.kind, kind));
  /** The buyer's 'State:' line (the seller's comes first). */
  const stateLine = async (purchaseId: number, kind: 'invoice' | 'credit_note') =>
    pdfTextLines(await renderInvoicePdf(t.app.ctx, { purchaseId, kind }))
      .filter((line) => line.startsWith('State: '))
      .at(-1);

  it('stores the code it prints, and its credit note prints the same', async () => {
    const purchaseId = await paidBy('MH');
    const [invoice] = await t.app.ctx.db.select().from(invoices).where(documentOf(purchaseId, 'invoice'));
    expect(invoice).toMatchObject({ buyerState: 'MH', buyerStateCode: '27', placeOfSupply: 'Maharashtra (27)' });
    expect(await stateLine(purchaseId, 'invoice')).toBe('State: MH (code 27)');
    await t.app.ctx.db.transaction((tx) => markPurchaseRefunded(tx, t.app.ctx, { purchaseId }));
    const [note] = await t.app.ctx.db.select().from(invoices).where(documentOf(purchaseId, 'credit_note'));
    expect(note).toMatchObject({ buyerState: 'MH', buyerStateCode: '27' });
    expect(await stateLine(purchaseId, 'credit_note')).toBe('State: MH (code 27)');
  });

  it("ATTACK: an invoice issued when its buyer's state was not recognised still prints it without a code", async () => {
    const purchaseId = await paidBy('MH');
    // As issued when 'MH' matched no state: the seller's state, CGST + SGST, no code printed.
    const split = splitGst({ totalPaise: 118_000, rateBasisPoints: 1800, intraState: true });
    await t.app.ctx.db
      .update(invoices)
      .set({ placeOfSupply: 'Kerala (32)', buyerStateCode: '', ...split })
      .where(documentOf(purchaseId, 'invoice'));
    const lines = pdfTextLines(await renderInvoicePdf(t.app.ctx, { purchaseId, kind: 'invoice' }));
    expect(lines).toContain('Place of supply: Kerala (32)');
    expect(lines.filter((line) => line.startsWith('State: '))).toEqual(['State: Kerala (code 32)', 'State: MH']);
  });

  it('a state not recognised, or a buyer outside India, stores no code', async () => {
    const purchaseId = await paidBy('Atlantis');
    const [invoice] = await t.app.ctx.db.select().from(invoices).where(documentOf(purchaseId, 'invoice'));
    expect(invoice).toMatchObject({ buyerState: 'Atlantis', buyerStateCode: '' });
    expect(await stateLine(purchaseId, 'invoice')).toBe('State: Atlantis');
  });
});
