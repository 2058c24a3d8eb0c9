import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminMessages,
  adminOfferCode,
  envelope,
  idParams,
  offerCodeCreateBody,
  offerCodesQuery,
  offerCodeUpdateBody,
  paged,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import {
  createOfferCode,
  deleteOfferCode,
  getOfferCode,
  listOfferCodes,
  updateOfferCode,
} from '../../services/admin/index.ts';
import { actorOf } from './actor.ts';
import { deleteRoute } from './delete-route.ts';

/** Offer codes with every rule (docs/product/catalogue-and-checkout.md#offer-codes) and their use counts. */
export async function adminOfferCodeRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/offer-codes',
    {
      schema: {
        summary: 'A page of offer codes with their use counts, searched and filtered',
        querystring: offerCodesQuery,
        response: { 200: envelope(paged(adminOfferCode)) },
      },
    },
    async (request) => {
      const { q, is_active: isActive, page, per_page: perPage } = request.query;
      return ok(await listOfferCodes(ctx, { q, isActive, page, perPage }));
    },
  );
  app.get(
    '/offer-codes/:id',
    { schema: { summary: 'One offer code', params: idParams, response: { 200: envelope(adminOfferCode) } } },
    async (request) => ok(await getOfferCode(ctx, request.params.id)),
  );
  app.post(
    '/offer-codes',
    {
      schema: {
        summary: 'Creates an offer code',
        body: offerCodeCreateBody,
        response: { 200: envelope(adminOfferCode) },
      },
    },
    async (request) =>
      ok(await createOfferCode(ctx, { actorId: actorOf(request), input: request.body }), adminMessages.created),
  );
  app.put(
    '/offer-codes/:id',
    {
      schema: {
        summary: 'Updates an offer code (fields left out stay)',
        params: idParams,
        body: offerCodeUpdateBody,
        response: { 200: envelope(adminOfferCode) },
      },
    },
    async (request) =>
      ok(
        await updateOfferCode(ctx, { actorId: actorOf(request), id: request.params.id, patch: request.body }),
        adminMessages.saved,
      ),
  );
  deleteRoute(fastify, { url: '/offer-codes/:id', summary: 'Deletes an offer code', remove: deleteOfferCode });
}
