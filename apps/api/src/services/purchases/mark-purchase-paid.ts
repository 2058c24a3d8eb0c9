import { and, eq } from 'drizzle-orm';
import { purchases, type Tx } from '@app/db';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../accounts/find-user.ts';
import { onPurchasePaid } from '../referrals/on-purchase-paid.ts';
import { assertOfferCodeUsesLeft, lockOfferCode } from './offer-code-uses.ts';

/**
 * The one place a purchase becomes paid: a conditional UPDATE that only a pending purchase of the
 * same amount and currency passes; then, in the same transaction, its offer code's limits are
 * checked again under the code's row lock (a reservation may have lapsed while the learner paid,
 * and others taken the uses: the AppError thrown then rolls the flip back), and the paid hook runs
 * (activation, commission, levels). False when the purchase was not pending or does not match.
 */
export async function markPurchasePaid(
  tx: Tx,
  ctx: AppContext,
  options: { purchaseId: number; payment: { paymentId: string | null; amountPaise: number; currency: string } },
): Promise<boolean> {
  const { purchaseId, payment } = options;
  const paidAt = ctx.now();
  const [flipped] = await tx
    .update(purchases)
    .set({ status: 'paid', paidAt, providerPaymentId: payment.paymentId })
    .where(and(
      eq(purchases.id, purchaseId),
      eq(purchases.status, 'pending'),
      eq(purchases.amountPaise, payment.amountPaise),
      eq(purchases.currency, payment.currency),
    ))
    .returning({
      id: purchases.id, userId: purchases.userId, amountPaise: purchases.amountPaise, offerCodeId: purchases.offerCodeId,
      courseId: purchases.courseId, batchId: purchases.batchId,
    });
  if (!flipped) return false;
  if (flipped.offerCodeId !== null) {
    const code = await lockOfferCode(tx, flipped.offerCodeId);
    const item = flipped.courseId !== null ? { courseId: flipped.courseId } : { batchId: flipped.batchId! };
    if (code) await assertOfferCodeUsesLeft(tx, { code, userId: flipped.userId, item, excludePurchaseId: flipped.id, now: paidAt });
  }
  await onPurchasePaid(tx, ctx, { id: flipped.id, userId: flipped.userId, amountPaise: flipped.amountPaise, paidAt });
  return true;
}

/**
 * The learner already owns what this purchase was for: marking it paid broke one of the
 * one-paid-purchase-per-item unique indexes (another tab's payment got there first).
 */
export function isAlreadyOwnedViolation(error: unknown): boolean {
  return isUniqueViolation(error, 'purchases_one_paid_course') || isUniqueViolation(error, 'purchases_one_paid_batch');
}
