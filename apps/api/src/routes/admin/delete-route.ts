import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminMessages, idParams, messageOnly } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/reply.ts';
import { actorOf } from './actor.ts';

/**
 * DELETE `url` (ending in /:id): the service deletes the row as the operator (audited), and the answer
 * is the message alone. Every admin delete by id is this one route.
 */
export function deleteRoute(
  fastify: FastifyInstance,
  options: {
    url: string;
    summary: string;
    remove: (ctx: AppContext, options: { actorId: number; id: number }) => Promise<void>;
  },
): void {
  const { url, summary, remove } = options;
  fastify
    .withTypeProvider<ZodTypeProvider>()
    .delete(url, { schema: { summary, params: idParams, response: { 200: messageOnly } } }, async (request) => {
      await remove(fastify.ctx, { actorId: actorOf(request), id: request.params.id });
      return ok(null, adminMessages.deleted);
    });
}
