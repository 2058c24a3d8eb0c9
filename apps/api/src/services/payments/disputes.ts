import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { auditLog, paymentEvents, purchases, type DbOrTx, type Tx } from '@app/db';
import { paiseToRupees } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import type { PaymentLog } from './refund-orphan-payment.ts';

/*
 * Chargebacks at the provider that the purchase's own refund does not record (decision 051, its later work): a
 * dispute opened, for the operator to contest before its respond-by date, and a dispute lost on a payment already
 * given back (the parent who asked for a refund and then also disputed the card charge), money that left twice. Both
 * are audit rows on the purchase of the payment's order (entity `purchases`), one per dispute, which the console's
 * audit page finds by action; the provider register (decision 071) lists the lost one as money out.
 */

/** A dispute lost on a payment whose purchase is already refunded, or on a payment that bought nothing. */
export const DISPUTE_AFTER_REFUND = 'purchase.dispute_after_refund';
/** A dispute opened at the provider (Razorpay's payment.dispute.created). */
export const DISPUTE_OPENED = 'payment.dispute_opened';
/**
 * A dispute lost on a payment whose purchase was still pending (never confirmed): the purchase is closed, settled as
 * refunded with that payment, so that no later confirmation (a webhook, /pay-now, the reconciler) gives the course and
 * its earnings for money the bank took back (record-provider-refund.ts).
 */
export const DISPUTE_LOST_UNCONFIRMED = 'purchase.dispute_lost_unconfirmed';

/**
 * The purchase of the provider's order; with `lock`, locked as the refunds lock it (FOR NO KEY UPDATE, waiting).
 */
export async function orderPurchase(db: DbOrTx, ctx: AppContext, orderId: string, { lock = false } = {}) {
  const query = db
    .select({
      id: purchases.id,
      status: purchases.status,
      amountPaise: purchases.amountPaise,
      paymentId: purchases.providerPaymentId,
    })
    .from(purchases)
    .where(and(eq(purchases.provider, ctx.payments.name), eq(purchases.providerOrderId, orderId)));
  const [purchase] = await (lock ? query.for('no key update') : query);
  return purchase;
}

/** The purchase of the provider's order, locked as the refunds lock it (FOR NO KEY UPDATE, waiting). */
export const lockOrderPurchase = (tx: Tx, ctx: AppContext, orderId: string) =>
  orderPurchase(tx, ctx, orderId, { lock: true });

type OrderPurchase = NonNullable<Awaited<ReturnType<typeof lockOrderPurchase>>>;

/**
 * True when the purchase already has an audit row of one of `actions` for this dispute (a delivery under another
 * event id).
 */
async function isDisputeRecorded(tx: Tx, actions: string[], purchaseId: number, disputeId: string): Promise<boolean> {
  const [found] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'purchases'),
        eq(auditLog.entityId, String(purchaseId)),
        inArray(auditLog.action, actions),
        sql`${auditLog.after}->>'dispute_id' = ${disputeId}`,
      ),
    )
    .limit(1);
  return found !== undefined;
}

/**
 * The refund the payment was given back by before the dispute, as this API knows it: the refund claim's (the
 * operator's refund, or a payment that bought nothing, refunded automatically), else the refund recorded from the
 * provider (the purchase's `purchase.refund` audit row, a refund in Razorpay's dashboard). Null when none is known.
 */
async function refundBefore(tx: Tx, ctx: AppContext, purchaseId: number, paymentId: string): Promise<string | null> {
  const [claim] = await tx
    .select({ refundId: sql<string | null>`${paymentEvents.payload}->>'refund_id'` })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, ctx.payments.name), eq(paymentEvents.eventId, `refund:${paymentId}`)));
  if (claim?.refundId) return claim.refundId;
  const [audited] = await tx
    .select({ refundId: sql<string | null>`${auditLog.after}->>'refund_id'` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'purchases'),
        eq(auditLog.entityId, String(purchaseId)),
        inArray(auditLog.action, ['purchase.refund', 'purchase.provider_partial_refund']),
        sql`${auditLog.after}->>'refund_id' IS NOT NULL`,
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  return audited?.refundId ?? null;
}

/** What the dispute's audit row says of the payment: refunded before, and whether it bought anything. */
async function paymentState(tx: Tx, ctx: AppContext, purchase: OrderPurchase, paymentId: string) {
  const isPurchasePayment = purchase.paymentId === paymentId;
  return {
    refund_id: await refundBefore(tx, ctx, purchase.id, paymentId),
    purchase_status: purchase.status,
    // Not the payment the purchase was paid with: an orphan (decision 010), refunded automatically.
    payment_bought_nothing: !isPurchasePayment,
  };
}

/**
 * A lost dispute recordProviderRefund cannot record as a refund, written inside its transaction (the purchase locked):
 * the purchase was refunded already, or the payment is not the one the purchase was paid with (a payment that bought
 * nothing, refunded automatically). The money went back twice, by the refund and by the chargeback, so it is recorded
 * (`purchase.dispute_after_refund`: the amount deducted, the dispute, the payment and the refund before it) for the
 * provider register and the operator. Nothing else changes: the purchase was refunded, the earnings taken back, once.
 * False when this dispute was recorded already.
 */
export async function recordDisputeAfterRefund(
  tx: Tx,
  ctx: AppContext,
  options: { purchase: OrderPurchase; disputeId: string; paymentId: string; orderId: string; deductedPaise: number },
): Promise<boolean> {
  const { purchase, disputeId, paymentId } = options;
  // This very dispute may be the one that refunded the purchase (purchase.refund, source 'dispute lost') or closed it
  // unconfirmed.
  const lost = [DISPUTE_AFTER_REFUND, 'purchase.refund', DISPUTE_LOST_UNCONFIRMED];
  if (await isDisputeRecorded(tx, lost, purchase.id, disputeId)) return false;
  await recordAudit(tx, ctx, {
    actorId: null,
    action: DISPUTE_AFTER_REFUND,
    entity: 'purchases',
    entityId: purchase.id,
    after: {
      amount: paiseToRupees(options.deductedPaise),
      dispute_id: disputeId,
      payment_id: paymentId,
      ...(await paymentState(tx, ctx, purchase, paymentId)),
      order_id: options.orderId,
    },
  });
  return true;
}

/** A dispute Razorpay opened (payment.dispute.created), as its webhook carries it. */
export interface DisputeOpened {
  disputeId: string;
  paymentId: string;
  orderId: string;
  /** What the payer's bank disputes, in paise. */
  amountPaise: number;
  reasonCode: string | null;
  reason: string | null;
  /** By when the merchant must contest it; null when not given. */
  respondBy: Date | null;
  phase: string | null;
}

/**
 * Records a dispute opened at the provider, so that the operator sees it and contests it in time: an audit row
 * `payment.dispute_opened` on the purchase of the payment's order (its respond-by date, the amount, whether and by
 * which refund the payment was given back already: the proof that wins a chargeback on a refunded payment; the
 * reason; the dispute, the payment), and a warning in the log. Nothing else changes: the money goes only if the
 * dispute is lost (payment.dispute.lost). Once per dispute. False when the order is not this server's or the dispute
 * was recorded already.
 */
export async function recordDisputeOpened(
  ctx: AppContext,
  options: DisputeOpened & { log?: PaymentLog | undefined },
): Promise<boolean> {
  const { log, ...dispute } = options;
  const recorded = await ctx.db.transaction(async (tx) => {
    const purchase = await lockOrderPurchase(tx, ctx, dispute.orderId);
    if (!purchase) return 'no purchase' as const;
    if (await isDisputeRecorded(tx, [DISPUTE_OPENED], purchase.id, dispute.disputeId))
      return 'recorded already' as const;
    const state = await paymentState(tx, ctx, purchase, dispute.paymentId);
    const after = {
      // The four the console's audit list shows first.
      respond_by: dispute.respondBy?.toISOString() ?? null,
      amount: paiseToRupees(dispute.amountPaise),
      refunded_before: state.refund_id !== null || (!state.payment_bought_nothing && purchase.status === 'refunded'),
      dispute_id: dispute.disputeId,
      payment_id: dispute.paymentId,
      reason_code: dispute.reasonCode,
      reason: dispute.reason,
      phase: dispute.phase,
      ...state,
      order_id: dispute.orderId,
    };
    await recordAudit(tx, ctx, {
      actorId: null,
      action: DISPUTE_OPENED,
      entity: 'purchases',
      entityId: purchase.id,
      after,
    });
    return { purchaseId: purchase.id, after };
  });
  if (recorded === 'recorded already') return false;
  if (recorded === 'no purchase') {
    log?.warn({ ...dispute }, 'dispute opened at the provider on an order of no purchase here');
    return false;
  }
  log?.warn(
    { purchaseId: recorded.purchaseId, ...dispute, refundedBefore: recorded.after.refunded_before },
    'dispute opened at the provider: contest it before its respond-by date',
  );
  return true;
}
