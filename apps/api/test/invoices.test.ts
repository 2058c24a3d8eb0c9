import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'csv-parse/sync';
import { and, asc, eq } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import { countries, courses, invoices, invoiceSeries, purchases, sandboxPayments, users } from '@app/db';
import { financialYearOf } from '@app/contracts';
import { createTestApp, type TestApp } from './helpers.ts';
import { createLearner, TEST_PASSWORD, type Learner } from './fixtures.ts';
import { createCourse, createOfferCode } from './catalogue-fixtures.ts';
import { payThroughSandbox } from './checkout-fixtures.ts';
import { pendingPurchase, refundPurchase, setReferenceData, signInNow } from './wallet-fixtures.ts';
import { createAdmin } from './admin-fixtures.ts';
import { mailTo } from './accounts-helpers.ts';
import {
  createRazorpayTestApp,
  deliverWebhook,
  type FakeRazorpay,
  type WebhookDelivery,
} from './payments-fake-razorpay.ts';
import { markPurchasePaid } from '../src/services/purchases/index.ts';
import { reconcilePendingPurchases } from '../src/services/payments/reconcile-pending-purchases.ts';
import { renderInvoicePdf } from '../src/services/invoices/index.ts';
import { assertPopplerInstalled, pdfFonts, pdfTextLines } from './pdf-text.ts';
import type { App } from '../src/app.ts';

const HOUR_MS = 3_600_000;

let t: TestApp;

beforeAll(async () => {
  assertPopplerInstalled();
  t = await createTestApp();
  await setReferenceData(t.app);
});
afterAll(async () => t?.close());

async function learnerIn(
  app: App,
  state: string | null,
  name?: { firstName: string; lastName: string },
  language = 'en',
): Promise<Learner> {
  const learner = await createLearner(app);
  await app.ctx.db
    .update(users)
    .set({ state, language, ...name })
    .where(eq(users.id, learner.id));
  return learner;
}

async function invoiceOf(app: App, purchaseId: number, kind: 'invoice' | 'credit_note' = 'invoice') {
  const [row] = await app.ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.purchaseId, purchaseId), eq(invoices.kind, kind)));
  return row;
}

async function countryId(isoCode: string): Promise<number> {
  const [country] = await t.app.ctx.db.select().from(countries).where(eq(countries.isoCode, isoCode));
  return country!.id;
}

const pay = (app: App, purchaseId: number, amountPaise: number) =>
  app.ctx.db.transaction((tx) =>
    markPurchasePaid(tx, app.ctx, {
      purchaseId,
      payment: { paymentId: `pay_${purchaseId}`, amountPaise, currency: 'INR' },
    }),
  );

async function sequencesOf(app: App, financialYear: string, kind = 'invoice') {
  const rows = await app.ctx.db
    .select({ sequence: invoices.sequence })
    .from(invoices)
    .where(and(eq(invoices.kind, kind), eq(invoices.financialYear, financialYear)))
    .orderBy(asc(invoices.sequence));
  return rows.map((r) => r.sequence);
}

describe('tax invoice on payment', () => {
  it('issues INV/<year>/000001 within the seller’s state: CGST + SGST in equal halves, discount shown', async () => {
    const buyer = await learnerIn(t.app, 'kerala');
    // ₹1,110.00 less 10% = ₹999.00: CGST 7619 + SGST 7619 (equal halves at 9% each), taxable 84662.
    const course = await createCourse(t.app, { name: 'Physics', pricePaise: 111_000 });
    const code = await createOfferCode(t.app, { discountValue: 1_000 });
    const { purchaseId } = await payThroughSandbox(t, buyer, '/checkout', {
      course_id: course.id,
      offer_code: code.code,
    });

    const [purchase] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, purchaseId));
    const invoice = await invoiceOf(t.app, purchaseId);
    const year = financialYearOf(purchase!.paidAt!);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      number: `INV/${year.slice(2)}/000001`,
      financialYear: year,
      sequence: 1,
      buyerName: 'Test Learner',
      buyerEmail: buyer.email,
      buyerState: 'kerala',
      placeOfSupply: 'Kerala (32)',
      itemDescription: 'Physics',
      rateBasisPoints: 1800,
      pricePaise: 111_000,
      discountPaise: 11_100,
      totalPaise: 99_900,
      taxablePaise: 84_662,
      cgstPaise: 7_619,
      sgstPaise: 7_619,
      igstPaise: 0,
      paymentReference: purchase!.providerPaymentId,
      invoiceId: null,
    });
    // Dated when the provider took the payment (a moment before /pay-now confirmed it), which paid_at is not.
    const [payment] = await t.app.ctx.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, purchase!.providerPaymentId!));
    expect(invoice!.issuedAt.toISOString()).toBe(payment!.createdAt.toISOString());
    expect(invoice!.issuedAt.getTime()).toBeLessThanOrEqual(purchase!.paidAt!.getTime());
    expect(invoice!.seller).toMatchObject({
      state: 'Kerala',
      stateCode: '32',
      sac: '999293',
      gstin: '32AAACL1234A1ZI',
    });
    expect(invoice!.paymentReference).toMatch(/^pay_/);
  });

  it('charges IGST to a buyer in another state, and takes the seller’s state when the profile names none or an unknown one', async () => {
    const elsewhere = await learnerIn(t.app, 'Maharashtra');
    const id1 = await pendingPurchase(t.app, elsewhere.id, 33_333);
    expect(await pay(t.app, id1, 33_333)).toBe(true);
    expect(await invoiceOf(t.app, id1)).toMatchObject({
      placeOfSupply: 'Maharashtra (27)',
      taxablePaise: 28_248,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 5_085,
      totalPaise: 33_333,
    });

    // A learner using the app in Hindi or Malayalam types the state in it: the tax is the same as in English.
    for (const state of ['उत्तर प्रदेश', 'U.P.']) {
      const buyer = await learnerIn(t.app, state);
      const id = await pendingPurchase(t.app, buyer.id, 118_000);
      await pay(t.app, id, 118_000);
      expect(await invoiceOf(t.app, id), state).toMatchObject({
        buyerState: state,
        placeOfSupply: 'Uttar Pradesh (09)',
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 18_000,
      });
    }

    for (const state of [null, '', 'Atlantis']) {
      const buyer = await learnerIn(t.app, state);
      const id = await pendingPurchase(t.app, buyer.id, 118_000);
      await pay(t.app, id, 118_000);
      expect(await invoiceOf(t.app, id)).toMatchObject({
        buyerState: state || null,
        placeOfSupply: 'Kerala (32)',
        taxablePaise: 100_000,
        cgstPaise: 9_000,
        sgstPaise: 9_000,
        igstPaise: 0,
      });
    }
  });

  it('takes the state from its abbreviation or, when none is recognised, from the PIN on record (IGST Act s.12(2)(b))', async () => {
    const india = await countryId('IN');
    const course = await createCourse(t.app, { name: 'Chemistry', pricePaise: 118_000 });
    // A learner in Mumbai who wrote 'MH', and one who left the state blank or misspelt it but gave the PIN 400001:
    // each was charged CGST + SGST at the seller's state, Kerala, with a Mumbai address on the invoice.
    for (const [state, pin] of [
      ['MH', '400001'],
      [null, '400001'],
      ['Maharastra', null],
      ['Bombay', '400 001'],
    ] as const) {
      const buyer = await learnerIn(t.app, state);
      await t.app.ctx.db
        .update(users)
        .set({ address: '5 Marine Drive', city: 'Mumbai', pin, countryId: india })
        .where(eq(users.id, buyer.id));
      const { purchaseId } = await payThroughSandbox(t, buyer, '/checkout', { course_id: course.id });
      expect(await invoiceOf(t.app, purchaseId), `${state} ${pin}`).toMatchObject({
        buyerState: state,
        buyerPin: pin,
        placeOfSupply: 'Maharashtra (27)',
        taxablePaise: 100_000,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 18_000,
      });
    }

    // No state and no PIN, or a PIN whose prefix two territories share (605: Tamil Nadu and Puducherry): the
    // seller's state, as before.
    for (const pin of [null, '605001']) {
      const buyer = await learnerIn(t.app, null);
      await t.app.ctx.db.update(users).set({ pin, countryId: india }).where(eq(users.id, buyer.id));
      const { purchaseId } = await payThroughSandbox(t, buyer, '/checkout', { course_id: course.id });
      expect(await invoiceOf(t.app, purchaseId), String(pin)).toMatchObject({
        placeOfSupply: 'Kerala (32)',
        cgstPaise: 9_000,
        sgstPaise: 9_000,
        igstPaise: 0,
      });
    }
  });

  it("copies the buyer's address as it was at issue (rule 46(e)), and nothing when the profile has none", async () => {
    const buyer = await learnerIn(t.app, 'Maharashtra', { firstName: 'Ravi', lastName: 'Kumar' });
    const india = await countryId('IN');
    await t.app.ctx.db
      .update(users)
      .set({ address: ' 12 MG Road ', landmark: 'Near the bus stand', city: 'Pune', pin: '411001', countryId: india })
      .where(eq(users.id, buyer.id));
    const id = await pendingPurchase(t.app, buyer.id, 5_900_000);
    await pay(t.app, id, 5_900_000);
    // A later move changes the profile, not the document.
    await t.app.ctx.db.update(users).set({ address: '1 New Street', city: 'Mumbai' }).where(eq(users.id, buyer.id));
    expect(await invoiceOf(t.app, id)).toMatchObject({
      buyerAddress: '12 MG Road',
      buyerLandmark: 'Near the bus stand',
      buyerCity: 'Pune',
      buyerPin: '411001',
      buyerCountry: 'India',
      placeOfSupply: 'Maharashtra (27)',
      taxablePaise: 5_000_000,
      igstPaise: 900_000,
    });

    const bare = await learnerIn(t.app, null);
    const id2 = await pendingPurchase(t.app, bare.id, 118_000);
    await pay(t.app, id2, 118_000);
    expect(await invoiceOf(t.app, id2)).toMatchObject({
      buyerAddress: null,
      buyerLandmark: null,
      buyerCity: null,
      buyerPin: null,
      buyerCountry: null,
    });
  });

  it('charges IGST with the place of supply outside India (96) to a buyer whose country is not India', async () => {
    // The free-text state names no Indian state: the seller's state (Kerala, CGST + SGST) was taken before.
    const dubai = await learnerIn(t.app, 'Dubai');
    const uae = await countryId('AE');
    await t.app.ctx.db.update(users).set({ countryId: uae, city: 'Dubai' }).where(eq(users.id, dubai.id));
    const id = await pendingPurchase(t.app, dubai.id, 118_000);
    await pay(t.app, id, 118_000);
    expect(await invoiceOf(t.app, id)).toMatchObject({
      buyerState: 'Dubai',
      buyerCity: 'Dubai',
      buyerCountry: 'United Arab Emirates',
      placeOfSupply: 'Outside India (96)',
      taxablePaise: 100_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 18_000,
    });

    // An Indian buyer with no state on record keeps the seller's state (decision 023); one in India, their state.
    const india = await countryId('IN');
    for (const [state, place] of [
      [null, 'Kerala (32)'],
      ['Goa', 'Goa (30)'],
    ] as const) {
      const buyer = await learnerIn(t.app, state);
      await t.app.ctx.db.update(users).set({ countryId: india }).where(eq(users.id, buyer.id));
      const id2 = await pendingPurchase(t.app, buyer.id, 118_000);
      await pay(t.app, id2, 118_000);
      expect(await invoiceOf(t.app, id2), String(state)).toMatchObject({ placeOfSupply: place });
    }
  });

  it('issues nothing for a free enrolment and spends no number on it', async () => {
    const year = financialYearOf(t.app.ctx.now());
    const before = await sequencesOf(t.app, year);
    const buyer = await createLearner(t.app);
    const course = await createCourse(t.app, { pricePaise: 0 });
    const free = await t.client.as(buyer.token).post('/checkout', { course_id: course.id });
    expect(free.body.data.payment).toBe(false);
    expect(await invoiceOf(t.app, free.body.data.purchase_id)).toBeUndefined();
    expect(await sequencesOf(t.app, year)).toEqual(before);
  });

  it('gives the number back when the paying transaction fails: the series stays gapless', async () => {
    const year = financialYearOf(t.app.ctx.now());
    const before = await sequencesOf(t.app, year);
    const buyer = await createLearner(t.app);
    const failing = await pendingPurchase(t.app, buyer.id, 50_000);
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        await markPurchasePaid(tx, t.app.ctx, {
          purchaseId: failing,
          payment: { paymentId: 'pay_x', amountPaise: 50_000, currency: 'INR' },
        });
        throw new Error('the provider call after the flip failed');
      }),
    ).rejects.toThrow('the provider call after the flip failed');
    expect(await invoiceOf(t.app, failing)).toBeUndefined();

    const next = await pendingPurchase(t.app, buyer.id, 50_000);
    await pay(t.app, next, 50_000);
    const after = await sequencesOf(t.app, year);
    expect(after).toEqual([...before, before.length + 1]);
    expect(after).toEqual(after.map((_, i) => i + 1));
  });
});

describe('numbering under concurrency and across financial years (fresh database)', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp();
    await setReferenceData(fresh.app);
  });
  afterAll(async () => fresh?.close());

  it('numbers 10 purchases paid at once 1..10, and 10 more of which half fail 11..15', async () => {
    const year = financialYearOf(fresh.app.ctx.now());
    const buyers = await Promise.all(Array.from({ length: 10 }, () => createLearner(fresh.app)));
    const ids = await Promise.all(buyers.map((b) => pendingPurchase(fresh.app, b.id, 49_900)));
    expect(await Promise.all(ids.map((id) => pay(fresh.app, id, 49_900)))).toEqual(ids.map(() => true));
    expect(await sequencesOf(fresh.app, year)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

    const more = await Promise.all(buyers.map((b) => pendingPurchase(fresh.app, b.id, 20_000)));
    const results = await Promise.allSettled(
      more.map((id, i) =>
        fresh.app.ctx.db.transaction(async (tx) => {
          await markPurchasePaid(tx, fresh.app.ctx, {
            purchaseId: id,
            payment: { paymentId: null, amountPaise: 20_000, currency: 'INR' },
          });
          // Hold the number a moment, then half of them fail after taking it.
          await new Promise((resolve) => setTimeout(resolve, 5));
          if (i % 2 === 1) throw new Error('later step failed');
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(5);
    expect(await sequencesOf(fresh.app, year)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    const [series] = await fresh.app.ctx.db
      .select()
      .from(invoiceSeries)
      .where(and(eq(invoiceSeries.kind, 'invoice'), eq(invoiceSeries.financialYear, year)));
    expect(series!.lastSequence).toBe(15);
    // Numbers are unique and match their sequence.
    const rows = await fresh.app.ctx.db.select({ number: invoices.number, sequence: invoices.sequence }).from(invoices);
    for (const row of rows) expect(row.number).toBe(`INV/${year.slice(2)}/${String(row.sequence).padStart(6, '0')}`);
  });

  it('restarts at 1 in a new financial year (1 April, India time)', async () => {
    const now = fresh.app.ctx.now();
    const year = financialYearOf(now);
    const startYear = Number(year.slice(0, 4));
    // 1 April 00:00:30 IST of the next financial year.
    const nextApril = new Date(`${startYear + 1}-04-01T00:00:30+05:30`);
    fresh.clock.advance(nextApril.getTime() - now.getTime());
    const nextYear = financialYearOf(fresh.app.ctx.now());
    expect(nextYear).toBe(`${startYear + 1}-${String((startYear + 2) % 100).padStart(2, '0')}`);

    const buyer = await createLearner(fresh.app);
    const id = await pendingPurchase(fresh.app, buyer.id, 10_000);
    await pay(fresh.app, id, 10_000);
    expect((await invoiceOf(fresh.app, id))!.number).toBe(`INV/${nextYear.slice(2)}/000001`);
    expect(await sequencesOf(fresh.app, year)).toHaveLength(15);
  });
});

describe('credit note on refund', () => {
  it('credits the full invoice under its own series, linked to the invoice; a free purchase gets none', async () => {
    const buyer = await learnerIn(t.app, 'Tamil Nadu');
    const id = await pendingPurchase(t.app, buyer.id, 76_543);
    await pay(t.app, id, 76_543);
    const invoice = await invoiceOf(t.app, id);
    t.clock.advance(HOUR_MS);
    await refundPurchase(t.app, id);

    const note = await invoiceOf(t.app, id, 'credit_note');
    const year = financialYearOf(t.app.ctx.now());
    expect(note).toMatchObject({
      kind: 'credit_note',
      number: `CN/${year.slice(2)}/000001`,
      sequence: 1,
      invoiceId: invoice!.id,
      placeOfSupply: 'Tamil Nadu (33)',
      totalPaise: 76_543,
      taxablePaise: invoice!.taxablePaise,
      igstPaise: invoice!.igstPaise,
      buyerName: invoice!.buyerName,
      paymentReference: invoice!.paymentReference,
    });
    expect(note!.issuedAt.getTime()).toBeGreaterThan(invoice!.issuedAt.getTime());
    // A second refund attempt does nothing (the purchase is no longer paid): still one credit note.
    expect(await refundPurchase(t.app, id)).toBeNull();
    expect(
      await t.app.ctx.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.purchaseId, id), eq(invoices.kind, 'credit_note'))),
    ).toHaveLength(1);

    const freeBuyer = await createLearner(t.app);
    const freeCourse = await createCourse(t.app, { pricePaise: 0 });
    const free = await t.client.as(freeBuyer.token).post('/checkout', { course_id: freeCourse.id });
    await refundPurchase(t.app, free.body.data.purchase_id);
    expect(await invoiceOf(t.app, free.body.data.purchase_id, 'credit_note')).toBeUndefined();
  });
});

describe('credit note after the CGST Act s.34(2) time limit (fresh database, the clock moved on)', () => {
  let late: TestApp;
  beforeAll(async () => {
    late = await createTestApp();
    await setReferenceData(late.app);
  });
  afterAll(async () => late?.close());

  /** The GST register of one India day, through the console, as rows keyed by header. */
  async function registerOf(day: string) {
    const admin = await createLearner(late.app, { roles: ['learner', 'admin'] });
    const res = await late.client.as(admin.token).get(`/admin/reports/gst?from=${day}&to=${day}`);
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parse(res.body as string, { bom: true }) as string[][];
    return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
  }
  const creditNotePdf = async (purchaseId: number) =>
    pdfTextLines(await renderInvoicePdf(late.app.ctx, { purchaseId, kind: 'credit_note' })).join('\n');

  it('reduces GST on 30 November after the supply’s financial year, and from 1 December records that it does not', async () => {
    const buyer = await learnerIn(late.app, 'Kerala');
    const [inTime, tooLate] = [
      await pendingPurchase(late.app, buyer.id, 118_000),
      await pendingPurchase(late.app, buyer.id, 118_000),
    ];
    await pay(late.app, inTime, 118_000);
    await pay(late.app, tooLate, 118_000);
    const invoice = (await invoiceOf(late.app, inTime))!;
    const lastDay = `${Number(invoice.financialYear.slice(0, 4)) + 1}-11-30`;

    // 30 November, 23:59 India time: the last minute a credit note still reduces the output tax.
    const moveTo = (at: string) => late.clock.advance(new Date(at).getTime() - late.app.ctx.now().getTime());
    moveTo(`${lastDay}T23:59:00+05:30`);
    await refundPurchase(late.app, inTime);
    expect(await invoiceOf(late.app, inTime, 'credit_note')).toMatchObject({ reducesGst: true, cgstPaise: 9_000 });
    const [onTime] = (await registerOf(lastDay)).filter((row) => row['Document'] === 'Credit note');
    expect(onTime).toMatchObject({
      'Taxable value (₹)': '-1000.00',
      'CGST (₹)': '-90.00',
      'SGST/UTGST (₹)': '-90.00',
      'Total (₹)': '-1180.00',
      'Credited without reducing GST (₹)': '',
      Remark: '',
    });
    expect(await creditNotePdf(inTime)).not.toContain('34(2)');

    // One minute later it is 1 December in India: the credit note is issued, keeps the invoice's amounts, and
    // records that it does not reduce GST.
    moveTo(`${Number(lastDay.slice(0, 4))}-12-01T00:00:00+05:30`);
    await refundPurchase(late.app, tooLate);
    const note = (await invoiceOf(late.app, tooLate, 'credit_note'))!;
    expect(note).toMatchObject({ reducesGst: false, taxablePaise: 100_000, cgstPaise: 9_000, sgstPaise: 9_000 });
    const rows = await registerOf(`${lastDay.slice(0, 4)}-12-01`);
    expect(rows.map((row) => row['Number'])).toEqual([note.number]);
    expect(rows[0]).toMatchObject({
      Document: 'Credit note',
      'Against invoice': (await invoiceOf(late.app, tooLate))!.number,
      'Price (₹)': '0.00',
      'Discount (₹)': '0.00',
      'Taxable value (₹)': '0.00',
      'CGST (₹)': '0.00',
      'SGST/UTGST (₹)': '0.00',
      'IGST (₹)': '0.00',
      'Total (₹)': '0.00',
      'Credited without reducing GST (₹)': '-1180.00',
      Remark: `Issued after the CGST Act s.34(2) time limit (${lastDay}): does not reduce GST`,
    });
    const text = await creditNotePdf(tooLate);
    expect(text).toContain('Credit Note');
    expect(text.replace(/\s+/g, ' ')).toContain(
      `Issued after the time limit of section 34(2) of the CGST Act (30 November ${lastDay.slice(0, 4)}): this credit note does not reduce GST.`,
    );
  });
});

describe('invoice dates follow their numbers (fresh database)', () => {
  let dated: TestApp;
  beforeAll(async () => {
    dated = await createTestApp();
    await setReferenceData(dated.app);
  });
  afterAll(async () => dated?.close());

  it('dates a document that took its number after a later-timed one no earlier than it; the purchase keeps its time', async () => {
    // A payment takes its time before waiting for the series' lock: one timed 23:55 that waited while another, timed
    // 00:05, took a number, got the next number and the earlier day. The clock moved back 10 minutes plays that wait.
    const year = Number(financialYearOf(dated.app.ctx.now()).slice(0, 4)) + 1;
    dated.clock.advance(new Date(`${year}-10-02T00:05:00+05:30`).getTime() - dated.app.ctx.now().getTime());
    const buyer = await learnerIn(dated.app, 'Kerala');
    const first = await pendingPurchase(dated.app, buyer.id, 10_000);
    const waited = await pendingPurchase(dated.app, buyer.id, 10_000);
    await pay(dated.app, first, 10_000);
    dated.clock.advance(-10 * 60_000);
    await pay(dated.app, waited, 10_000);

    const [a, b] = [(await invoiceOf(dated.app, first))!, (await invoiceOf(dated.app, waited))!];
    expect(b.sequence).toBe(a.sequence + 1);
    expect(b.issuedAt.getTime()).toBe(a.issuedAt.getTime());
    const [paid] = await dated.app.ctx.db.select().from(purchases).where(eq(purchases.id, waited));
    expect(paid!.paidAt!.getTime()).toBeLessThan(a.issuedAt.getTime());

    // The same for credit notes: a refund timed before the previous credit note is dated as it.
    dated.clock.advance(20 * 60_000);
    await refundPurchase(dated.app, first);
    dated.clock.advance(-10 * 60_000);
    await refundPurchase(dated.app, waited);
    const [c, d] = [
      (await invoiceOf(dated.app, first, 'credit_note'))!,
      (await invoiceOf(dated.app, waited, 'credit_note'))!,
    ];
    expect(d.sequence).toBe(c.sequence + 1);
    expect(d.issuedAt.getTime()).toBe(c.issuedAt.getTime());

    // In order, each is dated its own time.
    dated.clock.advance(20 * 60_000);
    const later = await pendingPurchase(dated.app, buyer.id, 10_000);
    await pay(dated.app, later, 10_000);
    const [laterPaid] = await dated.app.ctx.db.select().from(purchases).where(eq(purchases.id, later));
    expect((await invoiceOf(dated.app, later))!.issuedAt.getTime()).toBe(laterPaid!.paidAt!.getTime());
  });
});

describe('GET /purchases', () => {
  it("lists the learner's purchases newest first with invoice and credit note links, and only their own", async () => {
    const buyer = await learnerIn(t.app, 'Kerala');
    const other = await createLearner(t.app);
    const course = await createCourse(t.app, { name: 'Biology', pricePaise: 59_000 });
    const { purchaseId: paidId } = await payThroughSandbox(t, buyer, '/checkout', { course_id: course.id });
    const refunded = await pendingPurchase(t.app, buyer.id, 30_000);
    await pay(t.app, refunded, 30_000);
    await refundPurchase(t.app, refunded);
    const freeCourse = await createCourse(t.app, { name: 'Free maths', pricePaise: 0 });
    const free = (await t.client.as(buyer.token).post('/checkout', { course_id: freeCourse.id })).body.data
      .purchase_id as number;
    await pendingPurchase(t.app, other.id, 10_000);

    const res = await t.client.as(buyer.token).get('/purchases');
    expect(res.statusCode).toBe(200);
    expect(res.body.status).toBe(true);
    const list = res.body.data as any[];
    expect(list.map((p) => p.purchase_id)).toEqual([free, refunded, paidId]);
    const paid = list[2];
    const invoice = await invoiceOf(t.app, paidId);
    expect(paid).toMatchObject({
      purchase_id: paidId,
      item: 'course',
      name: 'Biology',
      course_id: course.id,
      batch_id: null,
      price: 590,
      discount: 0,
      amount: 590,
      currency: 'INR',
      status: 'paid',
      refunded_at: null,
      payment_reference: expect.stringMatching(/^pay_/),
      invoice: {
        number: invoice!.number,
        issued_at: invoice!.issuedAt.toISOString(),
        pdf_url: expect.stringMatching(
          new RegExp(`^/live-connect/api/invoices/${paidId}/pdf\\?u=${buyer.id}&t=\\d+&e=\\d+&s=[0-9a-f]+$`),
        ),
      },
      credit_note: null,
    });
    expect(paid.paid_at).toEqual(expect.any(String));
    expect(list[1]).toMatchObject({
      status: 'refunded',
      invoice: { number: expect.stringMatching(/^INV\//) },
      credit_note: {
        number: expect.stringMatching(/^CN\//),
        pdf_url: expect.stringContaining(`/invoices/${refunded}/credit-note/pdf?`),
      },
    });
    expect(list[1].refunded_at).toEqual(expect.any(String));
    expect(list[0]).toMatchObject({
      name: 'Free maths',
      amount: 0,
      status: 'paid',
      payment_reference: null,
      invoice: null,
      credit_note: null,
    });

    // The signed link works without the token, as a browser's link does.
    const pdf = await t.app.inject({ method: 'GET', url: paid.invoice.pdf_url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const note = await t.app.inject({ method: 'GET', url: list[1].credit_note.pdf_url });
    expect(note.statusCode).toBe(200);

    expect((await t.client.as(other.token).get('/purchases')).body.data).toHaveLength(1);
    expect((await t.client.get('/purchases')).statusCode).toBe(401);
    const unverified = await createLearner(t.app, { verified: false });
    expect((await t.client.as(unverified.token).get('/purchases')).statusCode).toBe(417);
  });
});

describe('invoice PDF access (attacks)', () => {
  it("is 404 for someone else's invoice, for a purchase without one, and 401 without token or link", async () => {
    const owner = await learnerIn(t.app, 'Kerala');
    const attacker = await createLearner(t.app);
    const id = await pendingPurchase(t.app, owner.id, 25_000);
    await pay(t.app, id, 25_000);

    const own = await t.client.as(owner.token).get(`/invoices/${id}/pdf`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');

    expect(await t.client.as(attacker.token).get(`/invoices/${id}/pdf`)).toMatchObject({
      statusCode: 404,
      body: { status: false, message: 'Not found.' },
    });
    expect((await t.client.as(owner.token).get(`/invoices/${id}/credit-note/pdf`)).statusCode).toBe(404);
    expect((await t.client.as(owner.token).get('/invoices/999999/pdf')).statusCode).toBe(404);
    expect((await t.client.get(`/invoices/${id}/pdf`)).statusCode).toBe(401);
    expect((await t.client.as(owner.token).get('/invoices/abc/pdf')).statusCode).toBe(422);
    const unverified = await createLearner(t.app, { verified: false });
    expect((await t.client.as(unverified.token).get(`/invoices/${id}/pdf`)).statusCode).toBe(417);
  });

  it('refuses a signed link altered to another learner or purchase or kind, and an expired one', async () => {
    const owner = await learnerIn(t.app, 'Kerala');
    const attacker = await createLearner(t.app);
    const id = await pendingPurchase(t.app, owner.id, 25_000);
    await pay(t.app, id, 25_000);
    const theirs = await pendingPurchase(t.app, attacker.id, 25_000);
    await pay(t.app, theirs, 25_000);
    const list = (await t.client.as(attacker.token).get('/purchases')).body.data as any[];
    const link = list.find((p) => p.purchase_id === theirs).invoice.pdf_url as string;
    const get = (url: string) => t.app.inject({ method: 'GET', url });

    expect((await get(link)).statusCode).toBe(200);
    // Their own valid signature, pointed at the owner's purchase: refused.
    expect((await get(link.replace(`/invoices/${theirs}/`, `/invoices/${id}/`))).statusCode).toBe(403);
    // Claiming to be the owner without the owner's signature: refused.
    expect((await get(link.replace(`u=${attacker.id}`, `u=${owner.id}`))).statusCode).toBe(403);
    // An invoice link is not a credit-note link.
    expect((await get(link.replace('/pdf?', '/credit-note/pdf?'))).statusCode).toBe(403);
    expect((await get(link.replace(/s=[0-9a-f]+/, 's=00'))).statusCode).toBe(403);
    // Expired after an hour (rounded up to 5 minutes).
    t.clock.advance(HOUR_MS + 10 * 60_000);
    expect((await get(link)).statusCode).toBe(403);
    expect((await t.client.as(attacker.token).get(`/invoices/${theirs}/pdf`)).statusCode).toBe(200);
  });

  it('dies with the session it was made in: after logout, on a shared phone, the link opens nothing', async () => {
    const owner = await learnerIn(t.app, 'Kerala');
    const id = await pendingPurchase(t.app, owner.id, 25_000);
    await pay(t.app, id, 25_000);
    const linkOf = async (token: string) =>
      ((await t.client.as(token).get('/purchases')).body.data as any[]).find((p) => p.purchase_id === id).invoice
        .pdf_url as string;
    const get = (url: string) => t.app.inject({ method: 'GET', url });
    const link = await linkOf(owner.token);
    expect((await get(link)).statusCode).toBe(200);
    // The same learner signed in on another device: that session's id does not fit this link's signature.
    const other = await t.client.post('/login', { email: owner.email, password: TEST_PASSWORD });
    const otherLink = await linkOf(other.body.data.token);
    const otherSession = /[?&]t=(\d+)/.exec(otherLink)![1]!;
    expect((await get(link.replace(/([?&])t=\d+/, `$1t=${otherSession}`))).statusCode).toBe(403);

    expect((await t.client.as(owner.token).post('/logout')).statusCode).toBe(200);
    const afterLogout = await get(link);
    expect(afterLogout.statusCode).toBe(403);
    expect(afterLogout.json()).toEqual({
      status: false,
      message: 'This link has expired. Open the invoice again from your purchases.',
    });
    // The other device's session lives on, and so does its link.
    expect((await get(otherLink)).statusCode).toBe(200);
  });
});

describe('invoice PDF content', () => {
  it('prints UTGST, not SGST, for a seller in a union territory without a legislature (Chandigarh)', async () => {
    const chandigarh = await createTestApp({ env: { INVOICE_SELLER_STATE: 'Chandigarh' } });
    try {
      const buyer = await learnerIn(chandigarh.app, 'चंडीगढ़', { firstName: 'Simran', lastName: 'Kaur' });
      const id = await pendingPurchase(chandigarh.app, buyer.id, 118_000);
      await pay(chandigarh.app, id, 118_000);
      expect(await invoiceOf(chandigarh.app, id)).toMatchObject({ placeOfSupply: 'Chandigarh (04)', sgstPaise: 9_000 });
      const res = await chandigarh.app.inject({
        method: 'GET',
        url: `/live-connect/api/invoices/${id}/pdf`,
        headers: { authorization: `Bearer ${buyer.token}` },
      });
      const text = pdfTextLines(Buffer.from(res.rawPayload)).join('\n');
      expect(text).toContain('CGST @ 9%');
      expect(text).toContain('UTGST @ 9%');
      expect(text).not.toMatch(/(^|[^T])SGST/m);
    } finally {
      await chandigarh.close();
    }
  });

  it('prints seller, GSTIN, a Devanagari buyer name that copies back out, SAC, the split and the payment reference', async () => {
    const buyer = await learnerIn(t.app, 'Maharashtra', { firstName: 'अनन्या', lastName: 'शर्मा' }, 'hi');
    const id = await pendingPurchase(t.app, buyer.id, 99_900);
    await pay(t.app, id, 99_900);
    const invoice = await invoiceOf(t.app, id);
    const res = await t.client.as(buyer.token).get(`/invoices/${id}/pdf`);
    expect(res.statusCode).toBe(200);
    const pdf = Buffer.from(
      (
        await t.app.inject({
          method: 'GET',
          url: `/live-connect/api/invoices/${id}/pdf`,
          headers: { authorization: `Bearer ${buyer.token}` },
        })
      ).rawPayload,
    );
    const text = pdfTextLines(pdf).join('\n');
    expect(text).toContain('अनन्या शर्मा');
    expect(text).toContain('32AAACL1234A1ZI');
    expect(text).toContain(invoice!.number);
    expect(text).toContain('999293');
    expect(text).toContain('कर बीजक'); // "Tax Invoice" in Hindi: the buyer's language
    expect(text).toContain('IGST @ 18%');
    expect(text).toContain('₹846.61'); // taxable value
    expect(text).toContain('₹152.39'); // IGST
    expect(text).toContain('₹999.00');
    expect(text).toContain('Maharashtra (27)');
    expect(text).toContain('pay_' + id);
    const fonts = pdfFonts(pdf);
    expect(fonts.every((f) => f.embedded)).toBe(true);
    expect(fonts.map((f) => f.name).join(' ')).toMatch(/NotoSansDevanagari/);

    // The credit note, in English for an English buyer, CGST + SGST within Kerala.
    const english = await learnerIn(t.app, 'Kerala', { firstName: 'Meera', lastName: 'മീര' });
    const id2 = await pendingPurchase(t.app, english.id, 118_000);
    await pay(t.app, id2, 118_000);
    await refundPurchase(t.app, id2);
    const note = await t.app.inject({
      method: 'GET',
      url: `/live-connect/api/invoices/${id2}/credit-note/pdf`,
      headers: { authorization: `Bearer ${english.token}` },
    });
    expect(note.statusCode).toBe(200);
    const noteText = pdfTextLines(Buffer.from(note.rawPayload)).join('\n');
    const inv2 = await invoiceOf(t.app, id2);
    expect(noteText).toContain('Credit Note');
    expect(noteText).toContain('Meera മീര');
    expect(noteText).toContain(`Against invoice ${inv2!.number}`);
    expect(noteText).toContain('CGST @ 9%');
    expect(noteText).toContain('SGST @ 9%');
    expect(noteText).toContain('₹90.00');
    expect(noteText).toContain('₹1,000.00');
    expect(noteText).toContain('Total credited');
  });

  it("wraps a long course name over lines in its column, at the body's size, instead of shrinking it", async () => {
    const buyer = await learnerIn(t.app, 'Kerala', { firstName: 'Asha', lastName: 'Nair' });
    const id = await pendingPurchase(t.app, buyer.id, 49_900);
    const name =
      'Kerala State Syllabus Standard 10 Complete Mathematics and Science Revision Course with Model Examinations';
    const [purchase] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, id));
    await t.app.ctx.db.update(courses).set({ name }).where(eq(courses.id, purchase!.courseId!));
    await pay(t.app, id, 49_900);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/live-connect/api/invoices/${id}/pdf`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    const lines = pdfTextLines(Buffer.from(pdf.rawPayload));
    // Shrunk to one line, the whole name was one text line (at about 4 pt); wrapped, it takes several.
    expect(lines.some((line) => line.includes(name))).toBe(false);
    const first = lines.findIndex((line) => line.includes('Kerala State Syllabus'));
    const wrapped = lines.slice(first).join(' ');
    for (const word of ['Mathematics', 'Revision', 'Examinations']) expect(wrapped).toContain(word);
    // The tax lines follow the name's last line.
    expect(lines.findIndex((line) => line.startsWith('Taxable value'))).toBeGreaterThan(first);
  });

  it("prints the buyer's address on the invoice and its credit note, and a place of supply outside India", async () => {
    const pdfText = async (learner: Learner, purchaseId: number, path = 'pdf') =>
      pdfTextLines(
        Buffer.from(
          (
            await t.app.inject({
              method: 'GET',
              url: `/live-connect/api/invoices/${purchaseId}/${path}`,
              headers: { authorization: `Bearer ${learner.token}` },
            })
          ).rawPayload,
        ),
      ).join('\n');
    const buyer = await learnerIn(t.app, 'maharashtra', { firstName: 'Ravi', lastName: 'Kumar' });
    await t.app.ctx.db
      .update(users)
      .set({
        address: 'Flat 4B, Sai Krupa Apartments, 12 Mahatma Gandhi Road, behind the old municipal office, Shivajinagar',
        landmark: 'Near the bus stand',
        city: 'Pune',
        pin: '411001',
        countryId: await countryId('IN'),
      })
      .where(eq(users.id, buyer.id));
    // A year's batch fee of ₹59,000: taxable value ₹50,000, the figure from which rule 46(e) asks for the address.
    const id = await pendingPurchase(t.app, buyer.id, 5_900_000);
    await pay(t.app, id, 5_900_000);
    const text = await pdfText(buyer, id);
    expect(text).toContain('₹50,000.00');
    expect(text).toContain('Ravi Kumar');
    // The long address is wrapped at a space, every word printed.
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Flat 4B, Sai Krupa Apartments, 12 Mahatma Gandhi Road, behind the old municipal office, Shivajinagar, Near the bus stand',
    );
    expect(text).toContain('Pune 411001, India');
    expect(text).toContain('State: maharashtra (code 27)');
    expect(text).toContain('Place of supply: Maharashtra (27)');
    await refundPurchase(t.app, id);
    const note = await pdfText(buyer, id, 'credit-note/pdf');
    expect(note).toContain('Credit Note');
    expect(note).toContain('Pune 411001, India');

    // A learner abroad, reading the app in Hindi.
    const abroad = await learnerIn(t.app, 'Dubai', { firstName: 'Fatima', lastName: 'Khan' }, 'hi');
    await t.app.ctx.db
      .update(users)
      .set({ address: 'Villa 7, Street 12, Al Barsha', city: 'Dubai', countryId: await countryId('AE') })
      .where(eq(users.id, abroad.id));
    const id2 = await pendingPurchase(t.app, abroad.id, 118_000);
    await pay(t.app, id2, 118_000);
    const hindi = await pdfText(abroad, id2);
    expect(hindi).toContain('Villa 7, Street 12, Al Barsha');
    expect(hindi).toContain('Dubai, United Arab Emirates');
    expect(hindi).toContain('राज्य: Dubai');
    expect(hindi).toContain('आपूर्ति का स्थान: भारत से बाहर (96)');
    expect(hindi).toContain('IGST @ 18%');
    expect(hindi).not.toContain('CGST');
  });
});

describe('operator console', () => {
  it('shows the numbers in the purchase list and serves any purchase’s PDFs to an admin only', async () => {
    const admin = await createLearner(t.app, { roles: ['learner', 'admin'] });
    const buyer = await learnerIn(t.app, 'Goa');
    const id = await pendingPurchase(t.app, buyer.id, 40_000);
    await pay(t.app, id, 40_000);
    await refundPurchase(t.app, id);
    const invoice = await invoiceOf(t.app, id);
    const note = await invoiceOf(t.app, id, 'credit_note');

    const list = await t.client.as(admin.token).get(`/admin/purchases?user=${buyer.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.body.data.data[0]).toMatchObject({
      id,
      invoice_number: invoice!.number,
      credit_note_number: note!.number,
    });

    const pdf = await t.client.as(admin.token).get(`/admin/invoices/${id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await t.client.as(admin.token).get(`/admin/invoices/${id}/credit-note/pdf`)).statusCode).toBe(200);
    expect((await t.client.as(buyer.token).get(`/admin/invoices/${id}/pdf`)).statusCode).toBe(403);
  });
});

/** The financial year that ends on 31 March of `year`, as invoices name it: 2027 → '2026-27'. */
const yearEndingIn = (year: number) => `${year - 1}-${String(year % 100).padStart(2, '0')}`;
/** The calendar year of the next 31 March at the app's clock. */
const nextMarchOf = (app: App) => Number(financialYearOf(app.ctx.now()).slice(0, 4)) + 1;

/** The GST register of a period, as the operator downloads it: the numbers of its documents. */
async function registerNumbers(test: TestApp, admin: Learner, from: string, to: string): Promise<string[]> {
  const res = await test.client.as(await signInNow(test.app, admin.id)).get(`/admin/reports/gst?from=${from}&to=${to}`);
  expect(res.statusCode).toBe(200);
  const [header, ...rows] = parse(res.body as string, { bom: true }) as string[][];
  const column = header!.indexOf('Number');
  return rows.map((row) => row[column]!);
}

async function paidAtOf(app: App, purchaseId: number): Promise<Date> {
  const [row] = await app.ctx.db
    .select({ paidAt: purchases.paidAt })
    .from(purchases)
    .where(eq(purchases.id, purchaseId));
  return row!.paidAt!;
}

describe('a payment confirmed late is invoiced when the provider took it (fresh database, sandbox)', () => {
  // The accountant's review: a learner pays at 23:55 IST on 31 March, the browser closes before /pay-now; the
  // reconciler confirms at 00:15. The invoice was INV/<new year>/000001 dated 1 April, while Razorpay's report shows
  // the payment on 31 March: GST's time of supply for a service is the earlier of the invoice and the payment.
  let late: TestApp;
  let admin: Learner;
  beforeAll(async () => {
    late = await createTestApp();
    await setReferenceData(late.app);
    admin = await createAdmin(late.app);
  });
  afterAll(async () => late?.close());

  const moveTo = (iso: string) => late.clock.advance(new Date(iso).getTime() - late.app.ctx.now().getTime());

  /** Checkout and the sandbox's pay call, as the browser does; /pay-now is left to the caller. */
  async function payAtSandbox(pricePaise: number) {
    const buyer = await learnerIn(late.app, 'Kerala');
    const course = await createCourse(late.app, { pricePaise });
    const checkout = await late.client.as(buyer.token).post('/checkout', { course_id: course.id });
    expect(checkout.statusCode).toBe(200);
    const paid = await late.client.post('/sandbox/pay', { order_id: checkout.body.data.order_id, outcome: 'success' });
    expect(paid.statusCode).toBe(200);
    const [payment] = await late.app.ctx.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, paid.body.razorpay_payment_id));
    return {
      buyer,
      purchaseId: checkout.body.data.purchase_id as number,
      capturedAt: payment!.createdAt,
      payNow: async () => {
        const res = await late.client.as(await signInNow(late.app, buyer.id)).post('/pay-now', {
          payment_id: paid.body.razorpay_payment_id,
          order_id: paid.body.razorpay_order_id,
          signature: paid.body.razorpay_signature,
        });
        expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
      },
    };
  }

  it('the reconciler after midnight IST: numbered and dated in March and its financial year; paid_at stays', async () => {
    const year = nextMarchOf(late.app);
    moveTo(`${year}-03-31T23:55:00+05:30`);
    const payment = await payAtSandbox(118_000);
    moveTo(`${year}-04-01T00:15:00+05:30`);
    expect((await reconcilePendingPurchases(late.app.ctx)).paid).toBe(1);

    const invoice = (await invoiceOf(late.app, payment.purchaseId))!;
    expect(invoice).toMatchObject({
      number: `INV/${yearEndingIn(year).slice(2)}/000001`,
      financialYear: yearEndingIn(year),
    });
    expect(invoice.issuedAt.getTime()).toBe(payment.capturedAt.getTime());
    expect(invoice.issuedAt.getTime()).toBeLessThan(new Date(`${year}-04-01T00:00:00+05:30`).getTime());
    // The purchase was paid, for the refund window and the holding periods, when it was confirmed.
    expect((await paidAtOf(late.app, payment.purchaseId)).getTime()).toBeGreaterThanOrEqual(
      new Date(`${year}-04-01T00:15:00+05:30`).getTime(),
    );
    // The GST register, by invoice date, has it in March.
    expect(await registerNumbers(late, admin, `${year}-03-01`, `${year}-03-31`)).toContain(invoice.number);
    expect(await registerNumbers(late, admin, `${year}-04-01`, `${year}-04-30`)).not.toContain(invoice.number);
    // The receipt mail says what its invoice says: paid on 31 March.
    await vi.waitFor(async () => expect(await mailTo(late.client, payment.buyer.email)).not.toHaveLength(0));
    const [receipt] = await mailTo(late.client, payment.buyer.email);
    expect(receipt!.text).toMatch(/Paid on\s*:?\s*31 Mar/);
  });

  it('March payments confirmed after April invoices were numbered: the old series, dated in March, in order', async () => {
    const year = nextMarchOf(late.app);
    const [oldYear, newYear] = [yearEndingIn(year), yearEndingIn(year + 1)];
    moveTo(`${year}-03-31T23:50:00+05:30`);
    const onTime = await payAtSandbox(10_000);
    await onTime.payNow();
    moveTo(`${year}-03-31T23:52:00+05:30`);
    const first = await payAtSandbox(20_000);
    moveTo(`${year}-03-31T23:55:00+05:30`);
    const second = await payAtSandbox(30_000);
    moveTo(`${year}-04-01T00:05:00+05:30`);
    const april = await payAtSandbox(40_000);
    await april.payNow();
    moveTo(`${year}-04-01T00:20:00+05:30`);
    expect((await reconcilePendingPurchases(late.app.ctx)).paid).toBe(2);

    const [a, b, c, d] = await Promise.all(
      [onTime, first, second, april].map(async (p) => (await invoiceOf(late.app, p.purchaseId))!),
    );
    expect([a!, b!, c!].map((i) => [i.financialYear, i.sequence])).toEqual([
      [oldYear, 1],
      [oldYear, 2],
      [oldYear, 3],
    ]);
    expect([d!.financialYear, d!.sequence]).toEqual([newYear, 1]);
    // Each dated when it was paid at the provider: after the number before it (decision 063's rule holds), in March.
    expect([b!.issuedAt, c!.issuedAt]).toEqual([first.capturedAt, second.capturedAt]);
    expect(a!.issuedAt.getTime()).toBeLessThan(b!.issuedAt.getTime());
    const [series] = await late.app.ctx.db
      .select()
      .from(invoiceSeries)
      .where(and(eq(invoiceSeries.kind, 'invoice'), eq(invoiceSeries.financialYear, oldYear)));
    expect(series!.lastIssuedAt).toEqual(second.capturedAt);
    expect(await registerNumbers(late, admin, `${year}-03-01`, `${year}-03-31`)).toEqual(
      [a, b, c].map((i) => i!.number),
    );
    expect(await registerNumbers(late, admin, `${year}-04-01`, `${year}-04-30`)).toEqual([d!.number]);
  });

  it('/pay-now after midnight: across 31 March → 1 April and across a month end, dated the day it was paid', async () => {
    // A year on: both financial years' series are still empty.
    const year = nextMarchOf(late.app) + 1;
    moveTo(`${year}-03-31T23:59:50+05:30`);
    const march = await payAtSandbox(10_000);
    moveTo(`${year}-04-01T00:00:20+05:30`); // the browser comes back slowly
    await march.payNow();
    const marchInvoice = (await invoiceOf(late.app, march.purchaseId))!;
    expect(marchInvoice).toMatchObject({ financialYear: yearEndingIn(year), sequence: 1 });
    expect(marchInvoice.issuedAt).toEqual(march.capturedAt);

    moveTo(`${year}-04-30T23:59:40+05:30`);
    const april = await payAtSandbox(10_000);
    moveTo(`${year}-05-01T00:00:30+05:30`);
    await april.payNow();
    const aprilInvoice = (await invoiceOf(late.app, april.purchaseId))!;
    expect(aprilInvoice).toMatchObject({ financialYear: yearEndingIn(year + 1), sequence: 1 });
    expect(aprilInvoice.issuedAt).toEqual(april.capturedAt);
    expect(await registerNumbers(late, admin, `${year}-04-01`, `${year}-04-30`)).toEqual([aprilInvoice.number]);
    expect((await paidAtOf(late.app, april.purchaseId)).getTime()).toBeGreaterThan(
      new Date(`${year}-05-01T00:00:00+05:30`).getTime(),
    );
  });

  it('a capture time that cannot be believed (before the purchase, ahead of now, not a date) dates it now (attack)', async () => {
    const buyer = await learnerIn(late.app, 'Kerala');
    const payWith = async (capturedAt: Date | undefined, purchaseId: number) => {
      await late.app.ctx.db.transaction((tx) =>
        markPurchasePaid(tx, late.app.ctx, {
          purchaseId,
          payment: { paymentId: `pay_${purchaseId}`, amountPaise: 10_000, currency: 'INR', capturedAt },
        }),
      );
      return {
        issuedAt: (await invoiceOf(late.app, purchaseId))!.issuedAt,
        paidAt: await paidAtOf(late.app, purchaseId),
      };
    };
    const MINUTE = 60_000;

    // Believed: made ten minutes after the purchase, confirmed ten minutes later.
    const believed = await pendingPurchase(late.app, buyer.id, 10_000);
    late.clock.advance(10 * MINUTE);
    const madeAt = late.app.ctx.now();
    late.clock.advance(10 * MINUTE);
    expect((await payWith(madeAt, believed)).issuedAt).toEqual(madeAt);

    const untrusted: [string, (createdAt: Date, now: Date) => Date | undefined][] = [
      ['an hour before the purchase was made', (createdAt) => new Date(createdAt.getTime() - 60 * MINUTE)],
      ['a second before the purchase was made', (createdAt) => new Date(createdAt.getTime() - 1_500)],
      ['an hour ahead of the server', (_, now) => new Date(now.getTime() + 60 * MINUTE)],
      ['a year ahead, in the next financial year', (_, now) => new Date(now.getTime() + 365 * 24 * 60 * MINUTE)],
      ['not a date', () => new Date(Number.NaN)],
      ['not given', () => undefined],
    ];
    for (const [what, capturedAt] of untrusted) {
      late.clock.advance(MINUTE);
      const createdAt = late.app.ctx.now();
      const id = await pendingPurchase(late.app, buyer.id, 10_000);
      late.clock.advance(20 * MINUTE);
      const { issuedAt, paidAt } = await payWith(capturedAt(createdAt, late.app.ctx.now()), id);
      expect(issuedAt, what).toEqual(paidAt);
    }

    // Ahead of the server within the clocks' skew: dated now, never later.
    late.clock.advance(MINUTE);
    const skewed = await pendingPurchase(late.app, buyer.id, 10_000);
    late.clock.advance(MINUTE);
    const { issuedAt, paidAt } = await payWith(new Date(late.app.ctx.now().getTime() + 30_000), skewed);
    expect(issuedAt).toEqual(paidAt);
  });
});

describe('a payment confirmed late through Razorpay is invoiced when Razorpay took it (fresh database)', () => {
  let rzp: FakeRazorpay;
  let late: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t: late, rzp, close } = await createRazorpayTestApp());
    await setReferenceData(late.app);
  });
  afterAll(() => close?.());

  const moveTo = (iso: string) => late.clock.advance(new Date(iso).getTime() - late.app.ctx.now().getTime());
  const deliver = (delivery: WebhookDelivery) => deliverWebhook(late, delivery);
  /** A signed delivery of the payment's event with its `created_at` as given (Razorpay signs the raw body). */
  const withCreatedAt = (paymentId: string, createdAt: unknown) => {
    const event = JSON.parse(rzp.webhook('payment.captured', paymentId).body);
    if (createdAt === undefined) delete event.payload.payment.entity.created_at;
    else event.payload.payment.entity.created_at = createdAt;
    const body = JSON.stringify(event);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', rzp.webhookSecret).update(body).digest('hex'),
        'x-razorpay-event-id': `evt_${Math.random().toString(36).slice(2)}`,
      },
    };
  };
  async function order(pricePaise = 10_000) {
    const buyer = await learnerIn(late.app, 'Kerala');
    const course = await createCourse(late.app, { pricePaise });
    const checkout = await late.client.as(buyer.token).post('/checkout', { course_id: course.id });
    expect(checkout.statusCode).toBe(200);
    return { purchaseId: checkout.body.data.purchase_id as number, orderId: checkout.body.data.order_id as string };
  }

  it('a webhook retried past midnight (the API was down) and the reconciler asking Razorpay: dated by created_at', async () => {
    const year = nextMarchOf(late.app);
    moveTo(`${year}-03-31T23:50:00+05:30`);
    const hooked = await order();
    const asked = await order();
    moveTo(`${year}-03-31T23:55:00+05:30`);
    const { paymentId } = rzp.capture(hooked.orderId, { at: late.app.ctx.now() });
    moveTo(`${year}-03-31T23:56:00+05:30`);
    rzp.capture(asked.orderId, { at: late.app.ctx.now() });

    // The deliveries at 23:55 found the API down; Razorpay retries at 00:30.
    moveTo(`${year}-04-01T00:30:00+05:30`);
    expect((await deliver(rzp.webhook('payment.captured', paymentId))).statusCode).toBe(200);
    moveTo(`${year}-04-01T00:40:00+05:30`);
    expect((await reconcilePendingPurchases(late.app.ctx)).paid).toBe(1);

    const [a, b] = [(await invoiceOf(late.app, hooked.purchaseId))!, (await invoiceOf(late.app, asked.purchaseId))!];
    expect([a.financialYear, a.sequence, b.financialYear, b.sequence]).toEqual([
      yearEndingIn(year),
      1,
      yearEndingIn(year),
      2,
    ]);
    expect(a.issuedAt).toEqual(new Date(`${year}-03-31T23:55:00+05:30`));
    expect(b.issuedAt).toEqual(new Date(`${year}-03-31T23:56:00+05:30`));
    expect((await paidAtOf(late.app, hooked.purchaseId)).getTime()).toBeGreaterThan(
      new Date(`${year}-04-01T00:30:00+05:30`).getTime(),
    );

    // An ordinary month end: paid at 23:59 on 31 May, its order.paid delivered at 00:20 on 1 June.
    moveTo(`${year}-05-31T23:58:00+05:30`);
    const may = await order();
    moveTo(`${year}-05-31T23:59:00+05:30`);
    const captured = rzp.capture(may.orderId, { at: late.app.ctx.now() });
    moveTo(`${year}-06-01T00:20:00+05:30`);
    expect((await deliver(rzp.webhook('order.paid', captured.paymentId))).statusCode).toBe(200);
    const mayInvoice = (await invoiceOf(late.app, may.purchaseId))!;
    expect(mayInvoice).toMatchObject({ financialYear: yearEndingIn(year + 1), sequence: 1 });
    expect(mayInvoice.issuedAt).toEqual(new Date(`${year}-05-31T23:59:00+05:30`));
  });

  it('a webhook whose created_at cannot be believed is still handled, and the invoice dated now (attack)', async () => {
    const HOUR = 3_600_000;
    const cases: [string, (orderedAt: Date) => unknown][] = [
      ['not a number', () => 'yesterday'],
      ['not whole seconds', (orderedAt) => orderedAt.getTime() / 1000 + 0.5],
      ['missing', () => undefined],
      ['before the order', (orderedAt) => Math.floor((orderedAt.getTime() - HOUR) / 1000)],
      ['a day ahead', (orderedAt) => Math.floor((orderedAt.getTime() + 25 * HOUR) / 1000)],
    ];
    for (const [what, createdAt] of cases) {
      late.clock.advance(HOUR);
      const orderedAt = late.app.ctx.now();
      const { purchaseId, orderId } = await order();
      const { paymentId } = rzp.capture(orderId, { at: orderedAt });
      late.clock.advance(HOUR);
      const res = await deliver(withCreatedAt(paymentId, createdAt(orderedAt)));
      expect(res.statusCode, what).toBe(200);
      const invoice = await invoiceOf(late.app, purchaseId);
      expect(invoice?.issuedAt, what).toEqual(await paidAtOf(late.app, purchaseId));
    }
  });
});
