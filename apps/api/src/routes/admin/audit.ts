import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditEntry, auditQuery, envelope, paged } from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { listAudit } from '../../services/admin/index.ts';

/** The audit log, newest first, with filters. */
export async function adminAuditRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/audit',
    {
      schema: {
        summary:
          'A page of the audit log, newest first, filtered by actor, entity (and one row of it), action and dates',
        querystring: auditQuery,
        response: { 200: envelope(paged(auditEntry)) },
      },
    },
    async (request) => {
      const { actor, entity, entity_id: entityId, action, from, to, page, per_page: perPage } = request.query;
      return ok(await listAudit(ctx.db, { actor, entity, entityId, action, from, to, page, perPage }));
    },
  );
}
