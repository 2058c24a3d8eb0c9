import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminJobsOverview, envelope } from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { listJobs } from '../../services/admin/index.ts';

/** The job queues: counts per queue and the latest failures. */
export async function adminJobRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/jobs',
    {
      schema: {
        summary: 'Job counts per queue and the latest failures',
        response: { 200: envelope(adminJobsOverview) },
      },
    },
    async () => ok(await listJobs(ctx)),
  );
}
