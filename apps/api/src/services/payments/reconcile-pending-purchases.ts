import { and, asc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { purchases } from '@app/db';
import type { AppContext } from '../../context.ts';
import { confirmOrderPayment } from './confirm-payment.ts';
import type { PaymentLog } from './refund-orphan-payment.ts';

export interface ReconcileOptions {
  /** Leave younger purchases alone: the learner may still be on the provider's form. */
  olderThanMinutes?: number;
  /** Unpaid after this long, the order is closed and the purchase failed. */
  expireAfterHours?: number;
  /** At most this many purchases per run. */
  batchSize?: number;
  log?: PaymentLog | undefined;
}

/** intervalMs: how often the workers run it (the 'reconcile' job's cron, services/payments/reconcile-job.ts). */
export const RECONCILE_DEFAULTS = {
  olderThanMinutes: 15,
  expireAfterHours: 24,
  batchSize: 100,
  intervalMs: 5 * 60_000,
} as const;

export interface ReconcileReport {
  checked: number;
  paid: number;
  failed: number;
  stillPending: number;
  errors: number;
}

/**
 * Settles purchases left pending (the browser closed after paying, /pay-now never came): asks the
 * provider about each order, confirms the paid ones through the same idempotent path as /pay-now,
 * fails the ones the provider failed, and closes and fails those unpaid for too long (and those
 * whose checkout never got a provider order).
 */
export async function reconcilePendingPurchases(
  ctx: AppContext,
  options: ReconcileOptions = {},
): Promise<ReconcileReport> {
  const olderThanMinutes = options.olderThanMinutes ?? RECONCILE_DEFAULTS.olderThanMinutes;
  const expireAfterHours = options.expireAfterHours ?? RECONCILE_DEFAULTS.expireAfterHours;
  const now = ctx.now();
  const cutoff = new Date(now.getTime() - olderThanMinutes * 60_000);
  const expiry = new Date(now.getTime() - expireAfterHours * 3_600_000);
  const report: ReconcileReport = { checked: 0, paid: 0, failed: 0, stillPending: 0, errors: 0 };

  const pending = await ctx.db
    .select({
      id: purchases.id,
      orderId: purchases.providerOrderId,
      amountPaise: purchases.amountPaise,
      currency: purchases.currency,
      createdAt: purchases.createdAt,
    })
    .from(purchases)
    .where(
      and(
        eq(purchases.status, 'pending'),
        eq(purchases.provider, ctx.payments.name),
        isNotNull(purchases.providerOrderId),
        lt(purchases.createdAt, cutoff),
      ),
    )
    .orderBy(asc(purchases.createdAt))
    .limit(options.batchSize ?? RECONCILE_DEFAULTS.batchSize);

  const markFailed = (id: number) =>
    ctx.db
      .update(purchases)
      .set({ status: 'failed' })
      .where(and(eq(purchases.id, id), eq(purchases.status, 'pending')))
      .returning({ id: purchases.id });

  // A checkout cut off between writing its purchase (the offer code's reservation) and getting the
  // provider's order has nothing the provider could have charged: it fails, freeing the reservation.
  const orderless = await ctx.db
    .update(purchases)
    .set({ status: 'failed' })
    .where(and(eq(purchases.status, 'pending'), isNull(purchases.providerOrderId), lt(purchases.createdAt, cutoff)))
    .returning({ id: purchases.id });
  report.failed += orderless.length;

  for (const purchase of pending) {
    report.checked++;
    try {
      const orderId = purchase.orderId!;
      const state = await ctx.payments.fetchOrderPayment(orderId);
      if (state.status === 'paid' && state.paymentId) {
        // Confirmed minutes or hours after it was made: the payment's own time dates its invoice.
        const outcome = await confirmOrderPayment(ctx, {
          purchaseId: purchase.id,
          paymentId: state.paymentId,
          state,
          log: options.log,
        });
        if (outcome === 'confirmed' || outcome === 'already-paid') report.paid++;
        else report.stillPending++;
      } else if (
        (state.status === 'failed' || purchase.createdAt < expiry) &&
        (await ctx.payments.closeOrder(orderId))
      ) {
        // Closed first, so the order cannot be paid after the purchase is given up.
        if ((await markFailed(purchase.id)).length) report.failed++;
      } else {
        report.stillPending++;
      }
    } catch (error) {
      report.errors++;
      options.log?.error({ err: error, purchaseId: purchase.id }, 'reconciling a pending purchase failed');
    }
  }
  return report;
}
