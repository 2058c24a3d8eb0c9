import { and, desc, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import { auditLog, paymentEvents, purchases, type DbOrTx, type Tx } from '@app/db';
import { paiseToRupees } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit/index.ts';
import type { PaymentLog } from './refund-orphan-payment.ts';

/*
 * Chargebacks at the provider that the purchase's own refund does not record (decision 051, its later work): a
 * dispute opened, for the operator to contest before its respond-by date, won or closed, and a dispute lost on a
 * payment already given back (the parent who asked for a refund and then also disputed the card charge), money that
 * left twice. All are audit rows on the purchase of the payment's order (entity `purchases`), one per dispute and
 * action, which the console's audit page finds by action; the provider register (decision 071) lists the lost one as
 * money out. A dispute opened and not yet ended (openDisputeOf) stops the console's refund (decision 072's later work).
 */

/** A dispute lost on a payment whose purchase is already refunded, or on a payment that bought nothing. */
export const DISPUTE_AFTER_REFUND = 'purchase.dispute_after_refund';
/** A dispute opened at the provider (Razorpay's payment.dispute.created). */
export const DISPUTE_OPENED = 'payment.dispute_opened';
/** A dispute the merchant won (payment.dispute.won): nothing moves. */
export const DISPUTE_WON = 'payment.dispute_won';
/** A dispute closed at the provider (payment.dispute.closed): nothing moves. */
export const DISPUTE_CLOSED = 'payment.dispute_closed';
/**
 * A dispute lost on a payment whose purchase was still pending (never confirmed): the purchase is closed, settled as
 * refunded with that payment, so that no later confirmation (a webhook, /pay-now, the reconciler) gives the course and
 * its earnings for money the bank took back (record-provider-refund.ts).
 */
export const DISPUTE_LOST_UNCONFIRMED = 'purchase.dispute_lost_unconfirmed';

/** The audit rows of a dispute lost, whichever way it was recorded: the end of it in every phase. */
const DISPUTE_LOST = [DISPUTE_AFTER_REFUND, 'purchase.refund', DISPUTE_LOST_UNCONFIRMED];
/** The audit rows that end a dispute, by its id: lost, won or closed. */
const DISPUTE_ENDED = [...DISPUTE_LOST, DISPUTE_WON, DISPUTE_CLOSED];
const inList = (actions: string[]) =>
  sql.join(
    actions.map((action) => sql`${action}`),
    sql`, `,
  );

/**
 * A column named in full (`"table"."column"`) in raw SQL: a select from one table writes its columns bare, which in a
 * subquery would name the subquery's own table.
 */
const qualified = (table: string, column: { name: string }) =>
  sql`${sql.identifier(table)}.${sql.identifier(column.name)}`;
const OPENED = 'dispute_opened';
const ENDED = 'dispute_ended';
const opened = (column: keyof typeof auditLog._.columns) => qualified(OPENED, auditLog[column]);
const ended = (column: keyof typeof auditLog._.columns) => qualified(ENDED, auditLog[column]);
const purchasesTable = getTableName(purchases);

/**
 * The id of a dispute open at the provider on the purchase's payment: opened (payment.dispute_opened, for that very
 * payment) and not ended. An opening is ended by a loss of the dispute, in any phase and in any order (a loss ends it
 * for good; its rows name no phase); by its phase's win or close, in any order (Razorpay's deliveries come out of order
 * and are retried for hours); and by a win or close written after it when either names no phase. A win or close of
 * another phase does not end it: a dispute Razorpay opens again under its id in a later phase (a chargeback won, then
 * pre-arbitration) is open again, and the earlier phase's win, delivered late, leaves it open. Null when none. A
 * subquery for a select from `purchases` (not aliased); the one rule of what "open" means.
 */
export function openDisputeOf(): SQL<string | null> {
  const purchaseId = qualified(purchasesTable, purchases.id);
  const paymentId = qualified(purchasesTable, purchases.providerPaymentId);
  return sql<string | null>`(
    SELECT ${opened('after')}->>'dispute_id' FROM ${auditLog} AS ${sql.identifier(OPENED)}
    WHERE ${opened('entity')} = 'purchases' AND ${opened('entityId')} = ${purchaseId}::text
      AND ${opened('action')} = ${DISPUTE_OPENED} AND ${opened('after')}->>'payment_id' = ${paymentId}
      AND NOT EXISTS (
        SELECT 1 FROM ${auditLog} AS ${sql.identifier(ENDED)}
        WHERE ${ended('entity')} = 'purchases' AND ${ended('entityId')} = ${opened('entityId')}
          AND ${ended('action')} IN (${inList(DISPUTE_ENDED)})
          AND ${ended('after')}->>'dispute_id' = ${opened('after')}->>'dispute_id'
          AND (${ended('action')} IN (${inList(DISPUTE_LOST)})
            OR ${ended('after')}->>'phase' IS NOT DISTINCT FROM ${opened('after')}->>'phase'
            OR (${ended('id')} > ${opened('id')}
              AND (${ended('after')}->>'phase' IS NULL OR ${opened('after')}->>'phase' IS NULL)))
      )
    ORDER BY ${opened('id')} DESC LIMIT 1
  )`;
}

/** The id of a dispute open on the purchase's payment (openDisputeOf), or null. */
export async function openDisputeOn(db: DbOrTx, purchaseId: number): Promise<string | null> {
  const [row] = await db.select({ disputeId: openDisputeOf() }).from(purchases).where(eq(purchases.id, purchaseId));
  return row?.disputeId ?? null;
}

/**
 * The disputes open here (openDisputeOf), one per purchase, oldest purchase first, at most `limit`: what the daily
 * dispute check asks the provider about. Found from their opening rows (a partial index), not by reading every purchase.
 */
export async function disputesOpenHere(
  db: DbOrTx,
  limit: number,
): Promise<{ purchaseId: number; disputeId: string }[]> {
  const openDispute = openDisputeOf();
  const rows = await db
    .select({ purchaseId: purchases.id, disputeId: openDispute })
    .from(purchases)
    .where(
      and(
        sql`${purchases.id}::text IN (SELECT ${auditLog.entityId} FROM ${auditLog}
          WHERE ${auditLog.action} = ${DISPUTE_OPENED} AND ${auditLog.entity} = 'purchases')`,
        sql`${openDispute} IS NOT NULL`,
      ),
    )
    .orderBy(purchases.id)
    .limit(limit);
  return rows.flatMap((row) => (row.disputeId ? [{ purchaseId: row.purchaseId, disputeId: row.disputeId }] : []));
}

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
 * event id); with `phase` (undefined: any), for this dispute in that phase (null: none given), since Razorpay opens,
 * and ends, one dispute again under its id in a later phase (a chargeback, then pre-arbitration).
 */
async function isDisputeRecorded(
  tx: Tx,
  actions: string[],
  purchaseId: number,
  disputeId: string,
  phase?: string | null,
): Promise<boolean> {
  const [found] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'purchases'),
        eq(auditLog.entityId, String(purchaseId)),
        inArray(auditLog.action, actions),
        sql`${auditLog.after}->>'dispute_id' = ${disputeId}`,
        phase === undefined ? undefined : sql`${auditLog.after}->>'phase' IS NOT DISTINCT FROM ${phase}::text`,
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
  if (await isDisputeRecorded(tx, DISPUTE_LOST, purchase.id, disputeId)) return false;
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

/** Where a dispute event is recorded: the dispute, its payment and that payment's order, and its phase. */
interface DisputeRef {
  disputeId: string;
  paymentId: string;
  orderId: string;
  /** Razorpay's phase (chargeback, pre_arbitration, arbitration, …); null when not given. */
  phase: string | null;
}

/** A dispute Razorpay opened (payment.dispute.created), as its webhook carries it. */
export interface DisputeOpened extends DisputeRef {
  /** What the payer's bank disputes, in paise. */
  amountPaise: number;
  reasonCode: string | null;
  reason: string | null;
  /** By when the merchant must contest it; null when not given. */
  respondBy: Date | null;
}

/**
 * Writes the dispute's `action` row on the purchase of its order, locked as the refunds lock it (lockOrderPurchase):
 * once per dispute, phase and action. `afterOf` gives the row's `after`. Answers the purchase and the row, or why not.
 */
async function recordDisputeRow<After extends Record<string, unknown>>(
  ctx: AppContext,
  action: string,
  dispute: DisputeRef,
  afterOf: (tx: Tx, purchase: OrderPurchase) => Promise<After>,
): Promise<{ purchaseId: number; after: After } | 'no purchase' | 'recorded already'> {
  return ctx.db.transaction(async (tx) => {
    const purchase = await lockOrderPurchase(tx, ctx, dispute.orderId);
    if (!purchase) return 'no purchase' as const;
    if (await isDisputeRecorded(tx, [action], purchase.id, dispute.disputeId, dispute.phase))
      return 'recorded already' as const;
    const after = await afterOf(tx, purchase);
    await recordAudit(tx, ctx, { actorId: null, action, entity: 'purchases', entityId: purchase.id, after });
    return { purchaseId: purchase.id, after };
  });
}

/**
 * Records a dispute opened at the provider, so that the operator sees it and contests it in time: an audit row
 * `payment.dispute_opened` on the purchase of the payment's order (its respond-by date, the amount, whether and by
 * which refund the payment was given back already: the proof that wins a chargeback on a refunded payment; the
 * reason; the dispute, the payment), and a warning in the log. Nothing else changes: the money goes only if the
 * dispute is lost (payment.dispute.lost). Once per dispute and phase. False when the order is not this server's or the dispute
 * was recorded already.
 */
export async function recordDisputeOpened(
  ctx: AppContext,
  options: DisputeOpened & { log?: PaymentLog | undefined },
): Promise<boolean> {
  const { log, ...dispute } = options;
  const recorded = await recordDisputeRow(ctx, DISPUTE_OPENED, dispute, async (tx, purchase) => {
    const state = await paymentState(tx, ctx, purchase, dispute.paymentId);
    return {
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

/** A dispute the provider reports ended without money taken: payment.dispute.won or payment.dispute.closed. */
export interface DisputeEnded extends DisputeRef {
  outcome: 'won' | 'closed';
  /** What the payer's bank disputed, in paise. */
  amountPaise: number;
  reasonCode: string | null;
}

/**
 * Records a dispute won or closed at the provider (`payment.dispute_won`, `payment.dispute_closed`) on the purchase of
 * the payment's order: the amount, the dispute, the payment, its phase, whether it had been recorded opened. Nothing
 * else changes (no money moved); the dispute is no longer open, so the console's Refund is allowed again. Once per
 * dispute and phase. False when the order is not this server's or the event was recorded already.
 */
export async function recordDisputeEnded(ctx: AppContext, dispute: DisputeEnded): Promise<boolean> {
  const action = dispute.outcome === 'won' ? DISPUTE_WON : DISPUTE_CLOSED;
  const recorded = await recordDisputeRow(ctx, action, dispute, async (tx, purchase) => ({
    amount: paiseToRupees(dispute.amountPaise),
    dispute_id: dispute.disputeId,
    payment_id: dispute.paymentId,
    phase: dispute.phase,
    reason_code: dispute.reasonCode,
    was_opened: await isDisputeRecorded(tx, [DISPUTE_OPENED], purchase.id, dispute.disputeId, dispute.phase),
    purchase_status: purchase.status,
    payment_bought_nothing: purchase.paymentId !== dispute.paymentId,
    order_id: dispute.orderId,
  }));
  return typeof recorded === 'object';
}
