import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminJobsOverview, envelope } from '@app/contracts';
import type { App } from '../../app.ts';
import { ok } from '../../lib/reply.ts';
import { listJobs } from '../../services/admin/list-jobs.ts';

/** The job queues: counts per queue and the latest failures. */
export async function adminJobRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify as App;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/jobs', { schema: { response: { 200: envelope(adminJobsOverview) } } }, async () => ok(await listJobs(ctx)));
}
