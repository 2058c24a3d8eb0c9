import { and, eq, sql } from 'drizzle-orm';
import { paymentEvents, type Tx } from '@app/db';
import type { AppContext } from '../../context.ts';
import { PaymentProviderError, type ProviderRefunds } from './payment-provider.ts';

/**
 * The claim on a payment's refund: the `refund:<payment id>` row in payment_events. Operator
 * refunds and orphan-payment refunds take the same claim, so the two never both refund a payment.
 */
export interface RefundClaim {
  paymentId: string;
  /** True when this attempt made the claim; false when an earlier (or concurrent) one had. */
  isFresh: boolean;
  /** The purchase the claim was made for. */
  purchaseId: number | null;
}

/**
 * The reasons of the claims that refund a purchase's own payment (the purchase's Refund line in the provider register,
 * decision 071), as against an orphan payment's: the operator's refund, and the rest of a payment after a dispute
 * lost for a part (decision 072).
 */
export const PURCHASE_REFUND_REASONS = {
  operator: 'operator refund',
  restAfterDispute: 'the rest after a dispute lost',
} as const;

const claimId = (paymentId: string) => `refund:${paymentId}`;
const whereClaim = (ctx: AppContext, paymentId: string) =>
  and(eq(paymentEvents.provider, ctx.payments.name), eq(paymentEvents.eventId, claimId(paymentId)));

/**
 * Claims the refund, committed before the provider is asked: if the server dies after asking,
 * the claim is still there, and whoever retries knows to look for the refund at the provider
 * rather than ask for another.
 */
export async function claimRefund(
  ctx: AppContext,
  options: { paymentId: string; purchaseId: number; payload: Record<string, unknown> },
): Promise<RefundClaim> {
  const { paymentId, purchaseId } = options;
  const inserted = await ctx.db
    .insert(paymentEvents)
    .values({
      provider: ctx.payments.name,
      eventId: claimId(paymentId),
      payload: { purchase_id: purchaseId, ...options.payload },
      // By the app's clock, as every other record: the provider register dates an orphan's refund by it (decision 071).
      receivedAt: ctx.now(),
    })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  if (inserted.length > 0) return { paymentId, isFresh: true, purchaseId };
  const [claim] = await ctx.db
    .select({ payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(whereClaim(ctx, paymentId));
  const payload = claim?.payload as { purchase_id?: number } | null | undefined;
  return { paymentId, isFresh: false, purchaseId: payload?.purchase_id ?? null };
}

/**
 * The refund of a claimed payment, made once: the refund id already on the claim; else, for a
 * claim an earlier attempt made and never finished (cut off by a crash, or still to ask), the
 * refund the provider already has; else a new refund at the provider. The id is recorded on the
 * claim in `tx`. The caller holds the purchase's row lock in `tx`, so one attempt at a time gets
 * here. Throws PaymentProviderError when the provider refuses (or an attempt it waited for did).
 * `amountPaise` is what this refund gives back; `totalPaise` what all the payment's refunds add up to once it is made
 * (the same for a refund of the whole payment; for the rest after a dispute lost, the earlier refunds and the rest).
 */
export async function refundClaimed(
  tx: Tx,
  ctx: AppContext,
  claim: RefundClaim,
  amountPaise: number,
  totalPaise = amountPaise,
): Promise<string> {
  // Locked until `tx` ends: an attempt dropping its fresh claim meanwhile (dropFreshClaim) waits, then finds the
  // refund recorded on it and leaves it.
  const current = await lockClaim(tx, ctx, claim.paymentId);
  if (!current)
    throw new PaymentProviderError('the refund claim was dropped: the provider refused the attempt that made it');
  const recorded = (current.payload as { refund_id?: string } | null)?.refund_id;
  if (recorded) return recorded;
  const refundId = await refundAtProvider(tx, ctx, claim, amountPaise, totalPaise);
  await recordClaimedRefund(tx, ctx, claim.paymentId, refundId);
  return refundId;
}

/**
 * Records on the payment's claim what gave it back: the provider's refund id, or (a payment the payer's bank took back
 * before it was confirmed, record-provider-refund.ts) the dispute's. A later refund of the payment finds it there and
 * asks the provider for nothing.
 */
export async function recordClaimedRefund(tx: Tx, ctx: AppContext, paymentId: string, refundId: string): Promise<void> {
  await tx
    .update(paymentEvents)
    .set({ payload: sql`${paymentEvents.payload} || ${JSON.stringify({ refund_id: refundId })}::jsonb` })
    .where(whereClaim(ctx, paymentId));
}

/**
 * Gives the payment's `amountPaise` back at the provider, counting what it gave back already. A claim an earlier
 * attempt made may have been refunded there (its answer lost), so its refunds are looked up first. A fresh claim asks
 * at once and looks only when the provider refuses: the money may have gone back outside this API, in Razorpay's
 * dashboard (decision 051). Refunded in full there, that refund is this one; in part, the rest is refunded.
 */
async function refundAtProvider(
  tx: Tx,
  ctx: AppContext,
  claim: RefundClaim,
  amountPaise: number,
  totalPaise: number,
): Promise<string> {
  const refund = async (paise: number) => (await ctx.payments.refund(claim.paymentId, paise, tx)).refundId;
  const refundTheRest = async (given: ProviderRefunds) =>
    given.refundedPaise >= totalPaise ? given.refundId : refund(totalPaise - given.refundedPaise);
  if (!claim.isFresh) {
    const given = await ctx.payments.findRefund(claim.paymentId, tx);
    return given ? refundTheRest(given) : refund(amountPaise);
  }
  try {
    return await refund(amountPaise);
  } catch (error) {
    if (!(error instanceof PaymentProviderError) || !error.isRefusal) throw error;
    const given = await ctx.payments.findRefund(claim.paymentId, tx);
    if (!given) throw error;
    return refundTheRest(given);
  }
}

/**
 * Drops a claim this attempt made after the provider refused, so a later attempt starts afresh; never one that holds
 * a refund's id (another delivery of the same event used it meanwhile).
 */
export async function dropFreshClaim(ctx: AppContext, claim: RefundClaim): Promise<void> {
  if (!claim.isFresh) return;
  await ctx.db
    .delete(paymentEvents)
    .where(and(whereClaim(ctx, claim.paymentId), sql`${paymentEvents.payload}->>'refund_id' IS NULL`));
}

/**
 * Whether the payment's claim is still there, locked until `tx` ends (as refundClaimed locks it). A claim taken over
 * from another attempt (not fresh) is dropped by that attempt when its provider refuses it or its own refund is
 * refused; one that counted on it decides again.
 */
export async function isClaimHeld(tx: Tx, ctx: AppContext, paymentId: string): Promise<boolean> {
  return (await lockClaim(tx, ctx, paymentId)) !== undefined;
}

/** The payment's claim, locked until `tx` ends (FOR UPDATE); undefined when there is none. */
async function lockClaim(tx: Tx, ctx: AppContext, paymentId: string) {
  const [claim] = await tx
    .select({ payload: paymentEvents.payload })
    .from(paymentEvents)
    .where(whereClaim(ctx, paymentId))
    .for('update');
  return claim;
}

/** The refund id recorded on a payment's claim: null when none was claimed, or the refund not made yet. */
export async function claimedRefundId(ctx: AppContext, paymentId: string): Promise<string | null> {
  const [claim] = await ctx.db
    .select({ refundId: sql<string | null>`${paymentEvents.payload}->>'refund_id'` })
    .from(paymentEvents)
    .where(whereClaim(ctx, paymentId));
  return claim?.refundId ?? null;
}
