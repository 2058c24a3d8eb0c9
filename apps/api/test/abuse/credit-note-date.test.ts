import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, purchases, users } from '@app/db';
import { financialYearOf } from '@app/contracts';
import { createTestApp, lockWaits, waitFor, type TestApp } from '../helpers.ts';
import { createLearner } from '../fixtures.ts';
import { pendingPurchase, setReferenceData } from '../wallet-fixtures.ts';
import { markPurchasePaid, markPurchaseRefunded } from '../../src/services/purchases/index.ts';

/**
 * A refund reads the clock once (found by the GST-auditor review, session 57). markPurchaseRefunded stamped
 * `refunded_at`, then ran the referral hooks (which wait for the referrer's row lock: every sub-user's payment holds it
 * until its commit), and issueCreditNote read the clock again for the credit note's date and financial year. A refund
 * begun at 23:59:59 on 31 March IST that waited a second was refunded in March (FY 2026-27: the provider register's
 * Refund row, the refund notice) while its credit note was numbered and dated in the next year (CN/27-28, 1 April).
 * The same second decided the CGST Act s.34(2) limit: refunded on 30 November, noted on 1 December, no GST reduced.
 * PostgreSQL only: the wait needs a second connection holding the referrer's row.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('abuse: a credit note is dated when its refund was', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await setReferenceData(t.app);
  });
  afterAll(async () => t?.close());

  /** Refunds `purchaseId` starting at `at` (India time) while another transaction holds the referrer's row for 1.2 s. */
  async function refundWhileReferrerBusy(purchaseId: number, referrerId: number, at: string) {
    t.clock.advance(new Date(at).getTime() - t.app.ctx.now().getTime());
    let refund: Promise<unknown> | undefined;
    await t.app.ctx.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, referrerId)).for('no key update');
      refund = t.app.ctx.db.transaction((rtx) => markPurchaseRefunded(rtx, t.app.ctx, { purchaseId }));
      await waitFor(async () => (await lockWaits(t)) > 0);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
    });
    await refund;
  }

  it('ATTACK: a refund at 23:59:59 on 31 March that waits for the referrer gets a credit note of the same day and year', async () => {
    const referrer = await createLearner(t.app);
    const buyer = await createLearner(t.app, { referrerId: referrer.id });
    const purchaseId = await pendingPurchase(t.app, buyer.id, 118_000);
    const year = Number(financialYearOf(t.app.ctx.now()).slice(0, 4)) + 1;
    // Paid on 31 March at noon.
    t.clock.advance(new Date(`${year}-03-31T12:00:00+05:30`).getTime() - t.app.ctx.now().getTime());
    await t.app.ctx.db.transaction((tx) =>
      markPurchasePaid(tx, t.app.ctx, {
        purchaseId,
        payment: { paymentId: `pay_r3_${purchaseId}`, amountPaise: 118_000, currency: 'INR' },
      }),
    );
    // The refund starts at 23:59:59.200 IST; another sub-user's payment holds the referrer's row for a second.
    await refundWhileReferrerBusy(purchaseId, referrer.id, `${year}-03-31T23:59:59.200+05:30`);

    const [purchase] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, purchaseId));
    const [note] = await t.app.ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.purchaseId, purchaseId), eq(invoices.kind, 'credit_note')));
    const refundedYear = financialYearOf(purchase!.refundedAt!);
    expect(refundedYear).toBe(`${year - 1}-${String(year % 100).padStart(2, '0')}`);
    expect({ number: note!.number, financialYear: note!.financialYear }).toEqual({
      number: `CN/${refundedYear.slice(2)}/000001`,
      financialYear: refundedYear,
    });
  });

  it('ATTACK: a refund at 23:59:59 on 30 November (the s.34(2) last day) that waits still reduces GST', async () => {
    const referrer = await createLearner(t.app);
    const buyer = await createLearner(t.app, { referrerId: referrer.id });
    const purchaseId = await pendingPurchase(t.app, buyer.id, 118_000);
    // Paid on 30 March of the coming year; the s.34(2) limit of that financial year is 30 November after it.
    const year = Number(financialYearOf(t.app.ctx.now()).slice(0, 4)) + 1;
    t.clock.advance(new Date(`${year}-03-30T12:00:00+05:30`).getTime() - t.app.ctx.now().getTime());
    await t.app.ctx.db.transaction((tx) =>
      markPurchasePaid(tx, t.app.ctx, {
        purchaseId,
        payment: { paymentId: `pay_r3_${purchaseId}`, amountPaise: 118_000, currency: 'INR' },
      }),
    );
    await refundWhileReferrerBusy(purchaseId, referrer.id, `${year}-11-30T23:59:59.200+05:30`);
    const [purchase] = await t.app.ctx.db.select().from(purchases).where(eq(purchases.id, purchaseId));
    const [note] = await t.app.ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.purchaseId, purchaseId), eq(invoices.kind, 'credit_note')));
    // Refunded on the last day: the money went back in time, and the note for it must reduce GST.
    expect(new Date(purchase!.refundedAt!.getTime() + 19_800_000).toISOString().slice(0, 10)).toBe(`${year}-11-30`);
    expect({
      reducesGst: note!.reducesGst,
      day: new Date(note!.issuedAt.getTime() + 19_800_000).toISOString().slice(0, 10),
    }).toEqual({
      reducesGst: true,
      day: `${year}-11-30`,
    });
  });
});
