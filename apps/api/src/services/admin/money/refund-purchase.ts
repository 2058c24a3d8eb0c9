import { eq } from 'drizzle-orm';
import { purchases, type Tx } from '@app/db';
import { adminMessages, paiseToRupees, type RefundData } from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { postgresErrorCode } from '../../../lib/postgres-error.ts';
import { recordAudit } from '../../audit/index.ts';
import { flushMailOutbox } from '../../mail/index.ts';
import {
  PaymentProviderError,
  PURCHASE_REFUND_REASONS,
  claimRefund,
  dropFreshClaim,
  openDisputeOn,
  refundClaimed,
  settleDisputeAtProvider,
  type PaymentLog,
} from '../../payments/index.ts';
import { markPurchaseRefunded, refundEffectsForAudit, type RefundEffects } from '../../purchases/index.ts';
import { selectPurchases, toAdminPurchase } from './select-purchases.ts';

async function findPurchase(ctx: AppContext, purchaseId: number) {
  const [row] = await selectPurchases(ctx.db, eq(purchases.id, purchaseId));
  if (!row) throw AppError.notFound(adminMessages.purchaseNotFound);
  return row;
}

/**
 * The payment to give back through the provider, or null for a free purchase (nothing was charged).
 */
function paymentToRefund(ctx: AppContext, purchase: typeof purchases.$inferSelect): string | null {
  if (purchase.amountPaise === 0) return null;
  if (!purchase.providerPaymentId) throw AppError.badRequest('This purchase has no provider payment to refund.');
  if (purchase.provider !== ctx.payments.name) {
    throw AppError.badRequest(
      `This purchase was paid through ${purchase.provider}, which is not the payment provider configured now.`,
    );
  }
  return purchase.providerPaymentId;
}

/**
 * The purchase's row lock, without waiting: another operator's refund holds it while it asks the
 * provider, and the answer to a second click is 'in progress' rather than a wait. NO KEY UPDATE, not UPDATE: a
 * ledger row or level achievement written for this purchase by another transaction (a self-referral's take-back, a
 * held sign-up's release), which holds the referrer's wallet the refund is about to lock, needs only the purchase's
 * key share; with UPDATE the two waited for each other and PostgreSQL killed one.
 */
export async function lockPurchase(tx: Tx, purchaseId: number): Promise<string | undefined> {
  try {
    const [row] = await tx
      .select({ status: purchases.status })
      .from(purchases)
      .where(eq(purchases.id, purchaseId))
      .for('no key update', { noWait: true });
    return row?.status;
  } catch (error) {
    if (postgresErrorCode(error) === '55P03') throw AppError.badRequest(adminMessages.refundInProgress);
    throw error;
  }
}

/**
 * POST /admin/purchases/{id}/refund: a full refund. Only a paid purchase, only once: the refund is
 * claimed (refund-claim.ts), then one transaction holding the purchase's row lock gets the money
 * back through the provider, marks the purchase refunded with everything it earned taken back
 * (markPurchaseRefunded) and writes the audit row. If the server dies
 * after the provider refunded, the claim stays and the next click finds that refund instead of
 * making another; so does the next click after the provider did not answer (a timeout, a 5xx), which may have
 * refunded. A payment the provider had already given back (in Razorpay's dashboard) is recorded with that refund,
 * and one given back in part has the rest refunded (refund-claim.ts, decision 051). If the provider refuses with
 * nothing given back, nothing changes and a later try can run. The learner loses access to the course with it.
 * Refused while a dispute is open on the payment (a chargeback the payer's bank raised, decision 072's later work):
 * refunded now and the dispute lost later, the payer would be paid twice; the operator accepts the dispute at the
 * provider instead, and its loss refunds the purchase. Looked up under the row lock, which the dispute's recording
 * takes too, so one opened meanwhile is seen. A dispute open here whose ending was never heard of (opened before this
 * server recorded won/closed events, or the webhook not subscribed to them) is asked of the provider: won or closed
 * there, it is recorded so (settleDisputeAtProvider) and the refund goes on; lost there, it is recorded as its event
 * would have been (the purchase refunded by the dispute, so this refund is refused as done already); open, or no
 * answer: refused.
 */
export async function refundPurchase(
  ctx: AppContext,
  options: { actorId: number; purchaseId: number; log?: PaymentLog | undefined },
): Promise<RefundData> {
  // Each dispute is asked about once: one the provider says ended and that is still open here (its ending recorded
  // already in another way) is refused, as is one it does not say ended.
  const asked = new Set<string>();
  for (;;) {
    const result = await refundOnce(ctx, options);
    if (!('disputeOpen' in result)) return result;
    const disputeId = result.disputeOpen;
    // Ended there: the refund goes on. Lost there: recorded as its event would have been, the purchase is refunded by
    // it, and the next attempt says so.
    const standing = asked.has(disputeId)
      ? 'open'
      : await settleDisputeAtProvider(ctx, { purchaseId: options.purchaseId, disputeId, log: options.log });
    if (standing === 'open') throw AppError.badRequest(adminMessages.disputeOpen);
    asked.add(disputeId);
  }
}

/** One attempt of refundPurchase: the refund, or the dispute open on the payment that stopped it (nothing done). */
async function refundOnce(
  ctx: AppContext,
  options: { actorId: number; purchaseId: number; log?: PaymentLog | undefined },
): Promise<RefundData | { disputeOpen: string }> {
  const { purchaseId } = options;
  const current = await findPurchase(ctx, purchaseId);
  if (current.purchase.status === 'refunded') throw AppError.badRequest(adminMessages.alreadyRefunded);
  if (current.purchase.status !== 'paid') throw AppError.badRequest(adminMessages.notPaid);

  const paymentId = paymentToRefund(ctx, current.purchase);
  const claim =
    paymentId === null
      ? null
      : await claimRefund(ctx, {
          paymentId,
          purchaseId,
          payload: {
            amount_paise: current.purchase.amountPaise,
            reason: PURCHASE_REFUND_REASONS.operator,
            actor_id: options.actorId,
          },
        });
  // Another purchase's claim on this payment (an orphan refund) means it is being given back already.
  if (claim && claim.purchaseId !== purchaseId) throw AppError.badRequest(adminMessages.refundInProgress);

  let result: { refundId: string | null; effects: RefundEffects } | { disputeOpen: string };
  try {
    result = await ctx.db.transaction(async (tx) => {
      const status = await lockPurchase(tx, purchaseId);
      if (status === 'refunded') throw AppError.badRequest(adminMessages.alreadyRefunded);
      if (status !== 'paid') throw AppError.badRequest(adminMessages.notPaid);
      const disputeOpen = await openDisputeOn(tx, purchaseId);
      if (disputeOpen) return { disputeOpen };
      const refundId = claim ? await refundClaimed(tx, ctx, claim, current.purchase.amountPaise) : null;
      const effects = await markPurchaseRefunded(tx, ctx, { purchaseId });
      if (!effects) throw AppError.badRequest(adminMessages.alreadyRefunded);
      await recordAudit(tx, ctx, {
        actorId: options.actorId,
        action: 'purchase.refund',
        entity: 'purchases',
        entityId: purchaseId,
        before: { status: current.purchase.status, amount: paiseToRupees(current.purchase.amountPaise) },
        after: {
          status: 'refunded',
          refund_id: refundId,
          ...refundEffectsForAudit(effects),
        },
      });
      return { refundId, effects };
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // A refusal leaves nothing at the provider: the claim goes, and a later try starts afresh. Without an answer the
    // provider may have refunded: the claim stays, so the next try looks the refund up instead of asking for a second
    // (which the provider refuses, leaving the purchase paid for good).
    if (!error.isRefusal) {
      options.log?.error({ err: error, purchaseId, paymentId }, 'operator refund: no answer from the provider');
      throw AppError.badRequest(adminMessages.refundUnanswered);
    }
    if (claim) await dropFreshClaim(ctx, claim);
    options.log?.error({ err: error, purchaseId, paymentId }, 'operator refund refused by the provider');
    throw AppError.badRequest(adminMessages.refundFailed);
  }
  if ('disputeOpen' in result) {
    // Nothing was asked of the provider: the claim goes, so the refund can be made once the dispute is won or closed.
    if (claim) await dropFreshClaim(ctx, claim);
    return result;
  }
  // The refund notice, written with the refund (markPurchaseRefunded), onto the mail queue.
  await flushMailOutbox(ctx);

  return {
    purchase: toAdminPurchase(await findPurchase(ctx, purchaseId)),
    refund_id: result.refundId,
    commission_reversed: paiseToRupees(result.effects.referrer.paise),
    commission_shortfall: paiseToRupees(result.effects.referrer.shortfallPaise),
  };
}
