import { eq } from 'drizzle-orm';
import { purchases } from '@app/db';
import type { AppContext } from '../../context.ts';
import { PaymentProviderError } from './payment-provider.ts';
import { claimRefund, dropFreshClaim, refundClaimed } from './refund-claim.ts';

export interface PaymentLog {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

/**
 * Gives back a captured payment that cannot buy anything: the learner already owns the item (two
 * orders paid in two tabs) or the order was closed before the money arrived. Runs once per
 * payment (refund-claim.ts): under the purchase's row lock, so parallel deliveries take turns and
 * the later ones find the refund made; an attempt cut off by a crash is finished by the next
 * delivery or reconciler run. If the provider refuses, a later delivery can retry. True when the
 * money is (or already was) on its way back.
 */
export async function refundOrphanPayment(
  ctx: AppContext,
  options: {
    purchaseId: number;
    paymentId: string;
    amountPaise: number;
    reason: string;
    /** When the provider says the payment was made (VerifiedPayment.capturedAt); kept on the claim for the registers. */
    capturedAt?: Date | undefined;
    log?: PaymentLog | undefined;
  },
): Promise<boolean> {
  const { purchaseId, paymentId } = options;
  const capturedAt = options.capturedAt && !Number.isNaN(options.capturedAt.getTime()) ? options.capturedAt : null;
  const claim = await claimRefund(ctx, {
    paymentId,
    purchaseId,
    payload: {
      amount_paise: options.amountPaise,
      reason: options.reason,
      // The provider register dates the orphan payment by it (decision 071); none when the provider gave no time.
      ...(capturedAt ? { captured_at: capturedAt.toISOString() } : {}),
    },
  });
  try {
    const refundId = await ctx.db.transaction(async (tx) => {
      // NO KEY UPDATE, as the operator's refund: a ledger row pointing at the purchase (its key share) does not wait.
      await tx.select({ id: purchases.id }).from(purchases).where(eq(purchases.id, purchaseId)).for('no key update');
      return refundClaimed(tx, ctx, claim, options.amountPaise);
    });
    if (claim.isFresh)
      options.log?.warn({ purchaseId, paymentId, refundId, reason: options.reason }, 'orphan payment refunded');
    return true;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // Kept when the provider may have refunded (no answer): the next attempt finds that refund, never makes another.
    if (error.isRefusal) await dropFreshClaim(ctx, claim);
    options.log?.error({ err: error, purchaseId, paymentId }, 'orphan payment could not be refunded');
    return false;
  }
}
