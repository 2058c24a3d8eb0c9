import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminMessages, adminOfferCode, envelope, idParams, messageOnly, offerCodeCreateBody, offerCodesQuery, offerCodeUpdateBody, paged,
} from '@app/contracts';
import type { App } from '../../app.ts';
import { ok } from '../../lib/reply.ts';
import {
  createOfferCode, deleteOfferCode, getOfferCode, listOfferCodes, updateOfferCode,
} from '../../services/admin/offer-codes.ts';
import { actorOf } from './actor.ts';

/** Offer codes with every rule of server-rules and their use counts. */
export async function adminOfferCodeRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify as App;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/offer-codes', { schema: { querystring: offerCodesQuery, response: { 200: envelope(paged(adminOfferCode)) } } }, async (request) => {
    const { q, is_active: isActive, page, per_page: perPage } = request.query;
    return ok(await listOfferCodes(ctx, { q, isActive, page, perPage }));
  });
  app.get('/offer-codes/:id', { schema: { params: idParams, response: { 200: envelope(adminOfferCode) } } },
    async (request) => ok(await getOfferCode(ctx, request.params.id)));
  app.post('/offer-codes', { schema: { body: offerCodeCreateBody, response: { 200: envelope(adminOfferCode) } } },
    async (request) => ok(await createOfferCode(ctx, { actorId: actorOf(request), input: request.body }), adminMessages.created));
  app.put('/offer-codes/:id', { schema: { params: idParams, body: offerCodeUpdateBody, response: { 200: envelope(adminOfferCode) } } },
    async (request) => ok(await updateOfferCode(ctx, { actorId: actorOf(request), id: request.params.id, patch: request.body }), adminMessages.saved));
  app.delete('/offer-codes/:id', { schema: { params: idParams, response: { 200: messageOnly } } }, async (request) => {
    await deleteOfferCode(ctx, { actorId: actorOf(request), id: request.params.id });
    return ok(null, adminMessages.deleted);
  });
}
