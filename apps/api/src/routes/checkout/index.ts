import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkoutBody,
  checkoutData,
  checkoutMessages,
  envelope,
  fetchCodeParams,
  fetchCodeQuery,
  firstPaymentBody,
  offerCodeData,
  orderData,
  orderParams,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { checkoutCourse, fetchOfferCode, getOrder, payBatchFee } from '../../services/checkout/index.ts';
import { requireMoneyConsent } from '../../services/consent/index.ts';

const tags = ['checkout'];

/** Offer codes, starting a purchase (a course, or the learner's batch fee) and reading it back. */
export async function checkoutRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/fetch-code/:code',
    {
      schema: {
        tags,
        summary: 'Checks an offer code for a course or the batch fee and answers its discount',
        errorStatuses: [429],
        params: fetchCodeParams,
        querystring: fetchCodeQuery,
        response: { 200: envelope(offerCodeData) },
      },
    },
    async (request) =>
      ok(
        await fetchOfferCode(ctx, {
          code: request.params.code,
          user: sessionOf(request).user,
          ip: request.ip,
          for: request.query.for,
        }),
      ),
  );

  app.post(
    '/checkout',
    {
      schema: {
        tags,
        summary: 'Starts buying a course: a payment order, or the purchase itself when nothing is left to pay',
        errorStatuses: [404, 429],
        body: checkoutBody,
        response: { 200: envelope(checkoutData) },
      },
    },
    async (request) => {
      const data = await checkoutCourse(ctx, {
        user: sessionOf(request).user,
        courseId: request.body.course_id,
        offerCode: request.body.offer_code,
        ip: request.ip,
        log: request.log,
      });
      return ok(data, data.payment ? checkoutMessages.checkoutStarted : checkoutMessages.purchaseCompleted);
    },
  );

  app.post(
    '/first-payment',
    {
      schema: {
        tags,
        summary: "Starts paying the learner's batch fee: a payment order, or the purchase when nothing is left to pay",
        errorStatuses: [429],
        body: firstPaymentBody,
        response: { 200: envelope(checkoutData) },
      },
    },
    async (request) => {
      await requireMoneyConsent(ctx, { userId: sessionOf(request).user.id });
      const data = await payBatchFee(ctx, {
        user: sessionOf(request).user,
        offerCode: request.body.offer_code,
        ip: request.ip,
        log: request.log,
      });
      return ok(data, data.payment ? checkoutMessages.checkoutStarted : checkoutMessages.purchaseCompleted);
    },
  );

  app.get(
    '/orders/:order_id',
    {
      schema: {
        tags,
        summary: "One of the learner's orders and its payment status",
        params: orderParams,
        response: { 200: envelope(orderData) },
      },
    },
    async (request) =>
      ok(await getOrder(ctx, { userId: sessionOf(request).user.id, purchaseId: request.params.order_id })),
  );
}
