import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, legalData } from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { getLegal } from '../../services/legal/index.ts';

/** GET /legal: who runs the service, for the privacy page and the terms (public). */
export async function legalRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/legal',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['legal'],
        summary: 'Who runs the service and how to reach its grievance officer (privacy page, terms)',
        response: { 200: envelope(legalData) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return ok(getLegal(ctx));
    },
  );
}
