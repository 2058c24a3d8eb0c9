import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutMessages, envelope, payNowBody, payNowData } from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { handleWebhook, payNow } from '../../services/payments/index.ts';
import { requireMoneyConsent } from '../../services/consent/index.ts';

const tags = ['payments'];

/** Confirming a payment: from the learner's browser (/pay-now) and from the provider (webhook). */
export async function paymentRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/pay-now',
    {
      schema: {
        tags,
        summary: "Confirms a payment with the provider's signed answer from checkout and completes the purchase",
        errorStatuses: [404],
        body: payNowBody,
        response: { 200: envelope(payNowData) },
      },
    },
    async (request) => {
      await requireMoneyConsent(ctx, { userId: sessionOf(request).user.id });
      return ok(
        await payNow(ctx, { userId: sessionOf(request).user.id, input: request.body, log: request.log }),
        checkoutMessages.paymentConfirmed,
      );
    },
  );

  if (ctx.payments.name === 'razorpay') await app.register(razorpayWebhookRoute);
}

/**
 * POST /payments/razorpay/webhook, in a context of its own whose only body parser keeps the raw
 * bytes: the signature is over the body exactly as sent.
 */
async function razorpayWebhookRoute(fastify: FastifyInstance) {
  const { ctx } = fastify;
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/payments/razorpay/webhook',
    {
      config: { auth: 'public', xsrf: false },
      schema: {
        tags,
        summary:
          'Razorpay webhook (payment.captured, order.paid, refund.processed, payment.dispute.created, payment.dispute.lost), signed with X-Razorpay-Signature',
        response: { 200: envelope(z.object({ outcome: z.enum(['processed', 'duplicate', 'ignored']) })) },
      },
    },
    async (request) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await handleWebhook(ctx, {
        rawBody,
        signature: header('x-razorpay-signature'),
        eventId: header('x-razorpay-event-id'),
        log: request.log,
      });
      return ok({ outcome });
    },
  );
}
