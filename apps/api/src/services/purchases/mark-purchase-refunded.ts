import { and, eq } from 'drizzle-orm';
import { purchases, type Tx } from '@app/db';
import { paiseToRupees } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { issueCreditNote } from '../invoices/index.ts';
import { takeBackQuizPoints, type QuizPointsTakenBack, type TakenBack } from '../wallet/index.ts';
import { onPurchaseRefunded } from '../referrals/index.ts';
import { sendRefundNotice } from './send-refund-notice.ts';

export interface RefundEffects {
  /** Taken back from the referrer's wallet (commission and level reward already released). */
  referrer: TakenBack;
  /** Quiz Points taken back from the buyer's wallet, or cancelled while still held. */
  quizPoints: QuizPointsTakenBack;
}

/**
 * The one place a paid purchase becomes refunded (UPDATE … WHERE status = 'paid'), with the refunded
 * hooks in the same transaction: access closes with it (the access rule reads paid purchases only),
 * the referral network gives back what it earned, the Quiz Points earned on it go, the credit note
 * of its GST invoice is issued (numbered last, as in markPurchasePaid), and the refund notice is written
 * to the mail outbox (decision 050): the caller flushes it after the commit. Null when the
 * purchase was not paid (someone else refunded it first).
 */
export async function markPurchaseRefunded(
  tx: Tx,
  ctx: AppContext,
  options: { purchaseId: number },
): Promise<RefundEffects | null> {
  // One instant for the whole refund: its hooks wait on row locks (the referrer's), and a credit note dated after that
  // wait could fall in the next month, financial year, or past the s.34(2) limit while the refund did not.
  const now = ctx.now();
  const [flipped] = await tx
    .update(purchases)
    .set({ status: 'refunded', refundedAt: now })
    .where(and(eq(purchases.id, options.purchaseId), eq(purchases.status, 'paid')))
    .returning({ id: purchases.id, userId: purchases.userId, amountPaise: purchases.amountPaise });
  if (!flipped) return null;
  const referrer = await onPurchaseRefunded(tx, ctx, flipped, now);
  const quizPoints = await takeBackQuizPoints(tx, ctx, { userId: flipped.userId, purchaseId: flipped.id, now });
  await issueCreditNote(tx, ctx, { purchaseId: flipped.id, at: now });
  await sendRefundNotice(ctx, {
    purchaseId: flipped.id,
    // Every point the purchase earned is gone: held ones cancelled, the rest taken from the wallet or, redeemed, as
    // money (`paise`; owed when the money had gone too).
    quizPointsTakenBack: {
      points: quizPoints.cancelledPoints + quizPoints.points + quizPoints.shortfallPoints,
      redeemedPoints: quizPoints.shortfallPoints,
      paise: quizPoints.paise,
    },
    within: tx,
  });
  return { referrer, quizPoints };
}

/**
 * What a refund took back, as its audit row records it: the operator's refund and one recorded from the provider
 * (decision 051) write the same fields.
 */
export function refundEffectsForAudit(effects: RefundEffects) {
  return {
    commission_reversed: paiseToRupees(effects.referrer.paise),
    commission_shortfall: paiseToRupees(effects.referrer.shortfallPaise),
    referrer_points_reversed: effects.referrer.points,
    quiz_points_reversed: effects.quizPoints.points,
    quiz_points_cancelled: effects.quizPoints.cancelledPoints,
    quiz_points_shortfall: effects.quizPoints.shortfallPoints,
    quiz_points_money_reversed: paiseToRupees(effects.quizPoints.paise),
    quiz_points_money_shortfall: paiseToRupees(effects.quizPoints.shortfallPaise),
  };
}
