import type { Tx } from '@app/db';
import { financialYearOf } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../lib/postgres-error.ts';
import { WriteBatch } from '../database/index.ts';
import { holdCourseQuizSet, issueCertificateIfComplete } from '../certificates/index.ts';
import { addInvoice } from '../invoices/index.ts';
import { onPurchasePaid } from '../referrals/index.ts';
import { flipPurchase } from './flip-purchase.ts';
import { addOfferCodeUsesCheck } from './offer-code-uses.ts';

/**
 * The one place a purchase becomes paid, in two statements (decision 026): flipPurchase's
 * conditional UPDATE, which only a pending purchase of the same amount and currency passes, with the
 * row locks and reads of everything below; then one batch of writes. In it, the offer code's limits
 * are counted again under the code's row lock (a reservation may have lapsed while the learner paid,
 * and others taken the uses: the AppError thrown then rolls everything back), the paid hook's writes
 * (activation, commission, levels) and the GST tax invoice (not for a free enrolment), numbered from
 * the invoice series whose row flipPurchase locked: a rollback of anything here gives the number
 * back. The invoice is dated when the provider took the payment, if it says so believably (Razorpay's
 * payment `created_at`: a payment made at 23:55 on 31 March and confirmed after midnight by the reconciler or a
 * retried webhook belongs to March and its financial year), else the paid time; or the previous number's date if that
 * is later (a payment that waited for the series' lock; decision 063), so numbers never run against dates. The
 * purchase's paid_at (the refund window, holding periods, levels) stays the time it was confirmed. Then, for a learner who already submitted quizzes in what they bought (a course bought back
 * after a refund), the certificate those results earn. False when the purchase was not pending or
 * does not match.
 */
export async function markPurchasePaid(
  tx: Tx,
  ctx: AppContext,
  options: {
    purchaseId: number;
    payment: { paymentId: string | null; amountPaise: number; currency: string; capturedAt?: Date | undefined };
  },
): Promise<boolean> {
  const { purchaseId, payment } = options;
  const paidAt = ctx.now();
  const capturedAt = believedCaptureTime(payment.capturedAt, paidAt);
  const paid = await flipPurchase(tx, {
    purchaseId,
    payment,
    paidAt,
    invoiceYear: financialYearOf(paidAt),
    captured: capturedAt ? { at: capturedAt, financialYear: financialYearOf(capturedAt) } : null,
  });
  if (!paid) return false;
  const { purchase } = paid;
  const writes = new WriteBatch();
  if (paid.offerCode) {
    const item = purchase.courseId !== null ? { courseId: purchase.courseId } : { batchId: purchase.batchId! };
    addOfferCodeUsesCheck(writes, tx, {
      code: paid.offerCode,
      userId: purchase.userId,
      item,
      excludePurchaseId: purchase.id,
      now: paidAt,
      reservationMinutes: paid.settings.offer_reservation_minutes,
    });
  }
  await onPurchasePaid(tx, ctx, paid, writes);
  if (purchase.amountPaise > 0) {
    if (!paid.buyer || paid.invoiceSequence === null || paid.invoiceIssuedAt === null)
      throw new Error(`purchase ${purchase.id} has no buyer or invoice number`);
    addInvoice(writes, tx, ctx, {
      purchase,
      buyer: paid.buyer,
      itemName: paid.itemName,
      sequence: paid.invoiceSequence,
      issuedAt: paid.invoiceIssuedAt,
    });
  }
  await writes.run(tx);
  // A learner buying back a course they studied (refunded since): the certificate their results
  // earned moves to this purchase and is valid again, or is issued now if it never was. No quiz
  // submitted, nothing to do: a first purchase sends no statement more.
  for (const courseId of paid.studiedCourseIds) {
    await holdCourseQuizSet(tx, courseId);
    await issueCertificateIfComplete(tx, { userId: purchase.userId, courseId, purchaseId: purchase.id, now: paidAt });
  }
  return true;
}

/**
 * The provider's time of a payment as the invoice may be dated by it: that time, or now when it is later (two clocks
 * differ by a little; a time further ahead cannot be, and now is what an untrusted time falls back to anyway); null,
 * for the invoice to be dated now, when there is none or it is no valid date. That it is not before the purchase was
 * made is checked in flipPurchase's statement, against the row.
 */
export function believedCaptureTime(capturedAt: Date | undefined, now: Date): Date | null {
  if (!(capturedAt instanceof Date) || Number.isNaN(capturedAt.getTime())) return null;
  return capturedAt.getTime() < now.getTime() ? capturedAt : now;
}

/**
 * The learner already owns what this purchase was for: marking it paid broke one of the
 * one-paid-purchase-per-item unique indexes (another tab's payment got there first).
 */
export function isAlreadyOwnedViolation(error: unknown): boolean {
  return isUniqueViolation(error, 'purchases_one_paid_course') || isUniqueViolation(error, 'purchases_one_paid_batch');
}
