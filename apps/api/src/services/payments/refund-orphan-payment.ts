import { and, eq } from 'drizzle-orm';
import { paymentEvents } from '@app/db';
import type { AppContext } from '../../context.ts';

export interface PaymentLog {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
}

/**
 * Gives back a captured payment that cannot buy anything: the learner already owns the item (two
 * orders paid in two tabs) or the order was closed before the money arrived. Runs once per
 * payment: the `refund:<payment id>` row in payment_events is the claim, dropped again if the
 * provider refuses so a later delivery can retry. True when the money is (or already was) on its way back.
 */
export async function refundOrphanPayment(
  ctx: AppContext,
  options: { purchaseId: number; paymentId: string; amountPaise: number; reason: string; log?: PaymentLog | undefined },
): Promise<boolean> {
  const eventId = `refund:${options.paymentId}`;
  const claimed = await ctx.db
    .insert(paymentEvents)
    .values({ provider: ctx.payments.name, eventId, payload: { purchase_id: options.purchaseId, amount_paise: options.amountPaise, reason: options.reason } })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  if (claimed.length === 0) return true;
  try {
    const { refundId } = await ctx.payments.refund(options.paymentId, options.amountPaise);
    options.log?.warn({ purchaseId: options.purchaseId, paymentId: options.paymentId, refundId, reason: options.reason }, 'orphan payment refunded');
    return true;
  } catch (error) {
    await ctx.db.delete(paymentEvents).where(and(eq(paymentEvents.provider, ctx.payments.name), eq(paymentEvents.eventId, eventId)));
    options.log?.error({ err: error, purchaseId: options.purchaseId, paymentId: options.paymentId }, 'orphan payment could not be refunded');
    return false;
  }
}
