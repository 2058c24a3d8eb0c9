import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { paymentEvents, purchases } from '@app/db';
import { checkoutMessages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { confirmPayment } from './confirm-payment.ts';
import type { PaymentLog } from './refund-orphan-payment.ts';

/** The events that mean money arrived: both carry the captured payment entity. */
const PAID_EVENTS = new Set(['payment.captured', 'order.paid']);

const webhookEvent = z
  .object({
    event: z.string(),
    payload: z
      .object({
        payment: z
          .object({
            entity: z.object({
              id: z.string(),
              amount: z.number().int(),
              currency: z.string(),
              status: z.string(),
              order_id: z.string().nullish(),
            }),
          })
          .optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

/**
 * The provider's webhook: verified on the raw body, deduplicated by event id (X-Razorpay-Event-Id,
 * else the body's hash). The event is recorded only after it was handled, so a delivery that
 * failed half-way is handled again on retry; handling is idempotent (confirmPayment), so parallel
 * deliveries of one event are harmless.
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
  if (PAID_EVENTS.has(event.event) && payment?.order_id && payment.status === 'captured') {
    const [purchase] = await ctx.db
      .select({ id: purchases.id })
      .from(purchases)
      .where(and(eq(purchases.provider, provider), eq(purchases.providerOrderId, payment.order_id)));
    if (purchase) {
      await confirmPayment(ctx, {
        purchaseId: purchase.id,
        payment: { paymentId: payment.id, amountPaise: payment.amount, currency: payment.currency },
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
