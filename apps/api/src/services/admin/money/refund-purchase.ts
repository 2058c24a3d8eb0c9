import { and, eq, sql } from 'drizzle-orm';
import { paymentEvents, purchases } from '@app/db';
import { adminMessages, paiseToRupees, type RefundData } from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/record-audit.ts';
import type { PaymentLog } from '../../payments/refund-orphan-payment.ts';
import { onPurchaseRefunded } from '../../referrals/on-purchase-refunded.ts';
import { selectPurchases, toAdminPurchase } from './purchase-rows.ts';

async function findPurchase(ctx: AppContext, purchaseId: number) {
  const [row] = await selectPurchases(ctx.db, eq(purchases.id, purchaseId));
  if (!row) throw AppError.notFound(adminMessages.purchaseNotFound);
  return row;
}

/**
 * Gives the payment back through the provider, once. The `refund:<payment id>` row in
 * payment_events is the claim (the same one an orphan-payment refund takes, so the two never both
 * refund a payment): of two operators clicking at once only one calls the provider. If the
 * provider refuses, the claim is dropped so a later try can run; once it has refunded, the refund
 * id is kept on the claim so that a retry after a failure further on finishes the job without
 * refunding twice. Null for a free purchase (nothing was charged).
 */
async function refundAtProvider(ctx: AppContext, purchase: typeof purchases.$inferSelect, options: { actorId: number; log?: PaymentLog | undefined }): Promise<string | null> {
  if (purchase.amountPaise === 0) return null;
  const paymentId = purchase.providerPaymentId;
  if (!paymentId) throw AppError.badRequest('This purchase has no provider payment to refund.');
  if (purchase.provider !== ctx.payments.name) {
    throw AppError.badRequest(`This purchase was paid through ${purchase.provider}, which is not the payment provider configured now.`);
  }
  const eventId = `refund:${paymentId}`;
  const claimed = await ctx.db.insert(paymentEvents)
    .values({
      provider: ctx.payments.name,
      eventId,
      payload: { purchase_id: purchase.id, amount_paise: purchase.amountPaise, reason: 'operator refund', actor_id: options.actorId },
    })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  const whereClaim = and(eq(paymentEvents.provider, ctx.payments.name), eq(paymentEvents.eventId, eventId));
  if (claimed.length === 0) {
    const [claim] = await ctx.db.select({ payload: paymentEvents.payload }).from(paymentEvents).where(whereClaim);
    const payload = claim?.payload as { purchase_id?: number; refund_id?: string } | null | undefined;
    if (payload?.refund_id && payload.purchase_id === purchase.id) return payload.refund_id;
    throw AppError.badRequest(adminMessages.refundInProgress);
  }
  let refundId: string;
  try {
    ({ refundId } = await ctx.payments.refund(paymentId, purchase.amountPaise));
  } catch (error) {
    await ctx.db.delete(paymentEvents).where(whereClaim);
    options.log?.error({ err: error, purchaseId: purchase.id, paymentId }, 'operator refund refused by the provider');
    throw AppError.badRequest(adminMessages.refundFailed);
  }
  await ctx.db.update(paymentEvents)
    .set({ payload: sql`${paymentEvents.payload} || ${JSON.stringify({ refund_id: refundId })}::jsonb` })
    .where(whereClaim);
  return refundId;
}

/**
 * POST /admin/purchases/{id}/refund: a full refund. Only a paid purchase, only once: the money goes
 * back through the provider's refund API, then one transaction moves the purchase forward
 * (UPDATE … WHERE status = 'paid'), takes back the referrer's commission (onPurchaseRefunded) and
 * writes the audit row. The learner loses access to the course with it.
 */
export async function refundPurchase(
  ctx: AppContext,
  options: { actorId: number; purchaseId: number; log?: PaymentLog | undefined },
): Promise<RefundData> {
  const { purchaseId } = options;
  const current = await findPurchase(ctx, purchaseId);
  if (current.purchase.status === 'refunded') throw AppError.badRequest(adminMessages.alreadyRefunded);
  if (current.purchase.status !== 'paid') throw AppError.badRequest(adminMessages.notPaid);

  const refundId = await refundAtProvider(ctx, current.purchase, options);

  const reversal = await ctx.db.transaction(async (tx) => {
    const [flipped] = await tx.update(purchases)
      .set({ status: 'refunded', refundedAt: ctx.now() })
      .where(and(eq(purchases.id, purchaseId), eq(purchases.status, 'paid')))
      .returning({ id: purchases.id });
    if (!flipped) throw AppError.badRequest(adminMessages.alreadyRefunded);
    const result = await onPurchaseRefunded(tx, ctx, purchaseId);
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: 'purchase.refund',
      entity: 'purchases',
      entityId: purchaseId,
      before: { status: current.purchase.status, amount: paiseToRupees(current.purchase.amountPaise) },
      after: {
        status: 'refunded',
        refund_id: refundId,
        commission_reversed: paiseToRupees(result?.reversedPaise ?? 0),
        commission_shortfall: paiseToRupees(result?.shortfallPaise ?? 0),
      },
    });
    return result;
  });

  return {
    purchase: toAdminPurchase(await findPurchase(ctx, purchaseId)),
    refund_id: refundId,
    commission_reversed: paiseToRupees(reversal?.reversedPaise ?? 0),
    commission_shortfall: paiseToRupees(reversal?.shortfallPaise ?? 0),
  };
}
