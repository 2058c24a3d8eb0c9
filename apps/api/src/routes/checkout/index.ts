import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  checkoutBody, checkoutData, checkoutMessages, envelope, fetchCodeParams, fetchCodeQuery, firstPaymentBody, offerCodeData, orderData, orderParams,
} from '@app/contracts';
import type { App } from '../../app.ts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { checkoutCourse } from '../../services/checkout/checkout-course.ts';
import { fetchOfferCode } from '../../services/checkout/find-offer-code.ts';
import { getOrder } from '../../services/checkout/get-order.ts';
import { payBatchFee } from '../../services/checkout/pay-batch-fee.ts';

const tags = ['checkout'];
const security = [{ bearer: [] }];

/** Offer codes, starting a purchase (a course, or the learner's batch fee) and reading it back. */
export async function checkoutRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify as App;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/fetch-code/:code', {
    schema: { tags, security, params: fetchCodeParams, querystring: fetchCodeQuery, response: { 200: envelope(offerCodeData) } },
  }, async (request) => ok(await fetchOfferCode(ctx, {
    code: request.params.code, user: sessionOf(request).user, for: request.query.for,
  })));

  app.post('/checkout', {
    schema: { tags, security, body: checkoutBody, response: { 200: envelope(checkoutData) } },
  }, async (request) => {
    const data = await checkoutCourse(ctx, {
      user: sessionOf(request).user,
      courseId: request.body.course_id,
      offerCode: request.body.offer_code,
      log: request.log,
    });
    return ok(data, data.payment ? checkoutMessages.checkoutStarted : checkoutMessages.purchaseCompleted);
  });

  app.post('/first-payment', {
    schema: { tags, security, body: firstPaymentBody, response: { 200: envelope(checkoutData) } },
  }, async (request) => {
    const data = await payBatchFee(ctx, { user: sessionOf(request).user, offerCode: request.body.offer_code, log: request.log });
    return ok(data, data.payment ? checkoutMessages.checkoutStarted : checkoutMessages.purchaseCompleted);
  });

  app.get('/orders/:order_id', {
    schema: { tags, security, params: orderParams, response: { 200: envelope(orderData) } },
  }, async (request) => ok(await getOrder(ctx, { userId: sessionOf(request).user.id, purchaseId: request.params.order_id })));
}
