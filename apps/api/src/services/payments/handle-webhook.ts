import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { paymentEvents, purchases } from '@app/db';
import { checkoutMessages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { confirmPayment } from './confirm-payment.ts';
import { dateOfUnixSeconds } from './payment-provider.ts';
import { recordDisputeEnded, recordDisputeOpened, type DisputeEnded, type DisputeOpened } from './disputes.ts';
import { recordProviderRefund, type RefundAtProvider } from './record-provider-refund.ts';
import type { PaymentLog } from './refund-orphan-payment.ts';

/** The events that mean money arrived: both carry the captured payment entity. */
const PAID_EVENTS = new Set(['payment.captured', 'order.paid']);

const paymentEntity = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  order_id: z.string().nullish(),
  amount_refunded: z.number().int().nullish(),
  // When the payment was made (Unix seconds): what dates its invoice. Not a reason to refuse the event when it
  // cannot be read (the payment is then dated when it is confirmed).
  created_at: z.unknown().optional(),
});

const webhookEvent = z
  .object({
    event: z.string(),
    payload: z
      .object({
        payment: z.object({ entity: paymentEntity }).optional(),
        refund: z
          .object({ entity: z.object({ id: z.string(), payment_id: z.string(), amount: z.number().int() }) })
          .optional()
          .catch(undefined),
        dispute: z
          .object({
            // Razorpay's dispute entity; what is not needed to find the dispute is read if it can be.
            entity: z.object({
              id: z.string(),
              payment_id: z.string(),
              amount: z.number().int().nullish().catch(null),
              amount_deducted: z.number().int().nullish(),
              reason_code: z.string().nullish().catch(null),
              reason_description: z.string().nullish().catch(null),
              respond_by: z.unknown().optional(),
              phase: z.string().nullish().catch(null),
            }),
          })
          .optional()
          // An entity of a shape not read here leaves the rest of the event to be handled (it is not a 400 Razorpay
          // would retry until it turns the webhook off).
          .catch(undefined),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();

type WebhookEvent = z.infer<typeof webhookEvent>;

/**
 * Money given back at the provider, from the two events that report it (decision 051): `refund.processed` (a refund
 * made in the dashboard, or one of ours) carries the payment with all its refunds so far in `amount_refunded`;
 * `payment.dispute.lost` carries the dispute, whose `amount_deducted` went back to the payer besides any refunds.
 * Null for any other event, or one without its payment's order.
 */
function refundReported(event: WebhookEvent): RefundAtProvider | null {
  const payment = event.payload?.payment?.entity;
  if (!payment?.order_id) return null;
  const refunded = payment.amount_refunded ?? 0;
  const refund = event.payload?.refund?.entity;
  if (event.event === 'refund.processed' && refund?.payment_id === payment.id) {
    return {
      kind: 'refund',
      providerId: refund.id,
      paymentId: payment.id,
      orderId: payment.order_id,
      returnedPaise: Math.max(refunded, refund.amount),
      deductedPaise: 0,
      paymentPaise: payment.amount,
    };
  }
  const dispute = event.event === 'payment.dispute.lost' ? disputeOf(event)?.dispute : undefined;
  if (dispute) {
    return {
      kind: 'dispute',
      providerId: dispute.id,
      paymentId: payment.id,
      orderId: payment.order_id,
      returnedPaise: refunded + (dispute.amount_deducted ?? 0),
      deductedPaise: dispute.amount_deducted ?? 0,
      paymentPaise: payment.amount,
      capturedAt: dateOfUnixSeconds(payment.created_at),
    };
  }
  return null;
}

/**
 * A dispute opened at the provider (`payment.dispute.created`: the dispute beside its payment), for the operator to
 * contest in time (disputes.ts). Null for any other event, or one without its payment's order.
 */
function disputeOpened(event: WebhookEvent): DisputeOpened | null {
  const found = event.event === 'payment.dispute.created' ? disputeOf(event) : null;
  if (!found) return null;
  return {
    ...found.recorded,
    reason: found.dispute.reason_description ?? null,
    respondBy: dateOfUnixSeconds(found.dispute.respond_by) ?? null,
  };
}

/**
 * The dispute an event carries beside its payment, when it is a dispute of that very payment and the payment is an
 * order's, with what every dispute event records (the dispute, the payment, the order, the amount, the reason's code,
 * the phase); null otherwise.
 */
function disputeOf(event: WebhookEvent) {
  const payment = event.payload?.payment?.entity;
  const dispute = event.payload?.dispute?.entity;
  if (!payment?.order_id || dispute?.payment_id !== payment.id) return null;
  const recorded = {
    disputeId: dispute.id,
    paymentId: payment.id,
    orderId: payment.order_id,
    amountPaise: dispute.amount ?? payment.amount,
    reasonCode: dispute.reason_code ?? null,
    phase: dispute.phase ?? null,
  };
  return { dispute, recorded };
}

/** The dispute events that end a dispute with no money taken, and how each is recorded. */
const DISPUTE_ENDED_EVENTS = new Map<string, DisputeEnded['outcome']>([
  ['payment.dispute.won', 'won'],
  ['payment.dispute.closed', 'closed'],
]);

/**
 * A dispute won or closed at the provider (`payment.dispute.won`, `payment.dispute.closed`: the dispute beside its
 * payment, as `payment.dispute.created` carries them), recorded so that it is no longer open (disputes.ts). Null for
 * any other event (`payment.dispute.under_review` and `…action_required` change nothing here), or one without its
 * payment's order.
 */
function disputeEnded(event: WebhookEvent): DisputeEnded | null {
  const outcome = DISPUTE_ENDED_EVENTS.get(event.event);
  const found = outcome ? disputeOf(event) : null;
  return outcome && found ? { outcome, ...found.recorded } : null;
}

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * The provider's webhook: verified on the raw body, deduplicated by event id (X-Razorpay-Event-Id,
 * else the body's hash). The event is recorded only after it was handled, so a delivery that
 * failed half-way is handled again on retry; handling is idempotent (confirmPayment), so parallel
 * deliveries of one event are harmless. Money given back at the provider is recorded as a refund
 * (record-provider-refund.ts), idempotent too; a dispute opened, won or closed is recorded for the operator
 * (disputes.ts).
 */
export async function handleWebhook(
  ctx: AppContext,
  options: { rawBody: Buffer; signature: string | undefined; eventId: string | undefined; log?: PaymentLog },
): Promise<WebhookOutcome> {
  if (!ctx.payments.verifyWebhook(options.rawBody, options.signature)) {
    throw AppError.badRequest(checkoutMessages.webhookSignatureInvalid);
  }
  let body: unknown;
  try {
    body = JSON.parse(options.rawBody.toString('utf8'));
  } catch {
    throw AppError.badRequest('The webhook body is not JSON.');
  }
  const parsed = webhookEvent.safeParse(body);
  if (!parsed.success) throw AppError.badRequest('The webhook body is not an event.');
  const event = parsed.data;
  const eventId = options.eventId?.trim().slice(0, 200) || `sha256:${sha256Hex(options.rawBody.toString('utf8'))}`;
  const provider = ctx.payments.name;

  const [seen] = await ctx.db
    .select({ eventId: paymentEvents.eventId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventId, eventId)));
  if (seen) return 'duplicate';

  let outcome: WebhookOutcome = 'ignored';
  const payment = event.payload?.payment?.entity;
  const refund = refundReported(event);
  if (refund && (await recordProviderRefund(ctx, { ...refund, log: options.log })) !== 'unchanged') {
    outcome = 'processed';
  }
  const opened = disputeOpened(event);
  if (opened && (await recordDisputeOpened(ctx, { ...opened, log: options.log }))) outcome = 'processed';
  const ended = disputeEnded(event);
  if (ended && (await recordDisputeEnded(ctx, ended))) outcome = 'processed';
  if (PAID_EVENTS.has(event.event) && payment?.order_id && payment.status === 'captured') {
    const [purchase] = await ctx.db
      .select({ id: purchases.id })
      .from(purchases)
      .where(and(eq(purchases.provider, provider), eq(purchases.providerOrderId, payment.order_id)));
    if (purchase) {
      await confirmPayment(ctx, {
        purchaseId: purchase.id,
        // A delivery retried for hours (the API was down) still dates the invoice when the money was taken.
        payment: {
          paymentId: payment.id,
          amountPaise: payment.amount,
          currency: payment.currency,
          capturedAt: dateOfUnixSeconds(payment.created_at),
        },
        log: options.log,
      });
      outcome = 'processed';
    }
  }
  await ctx.db
    .insert(paymentEvents)
    .values({ provider, eventId, payload: body as Record<string, unknown> })
    .onConflictDoNothing();
  return outcome;
}
