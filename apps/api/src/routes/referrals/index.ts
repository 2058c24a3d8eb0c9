import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, levelStatusData, recentSubUsers, subUserPage, treeQuery } from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { getLevelStatus } from '../../services/levels/index.ts';
import { listSubUsers, recentSubUsers as listRecentSubUsers } from '../../services/referrals/index.ts';

const tags = ['referrals'];

/** The referral network: level card (dashboard) and direct sub-users (Users page). */
export async function referralRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/level-status',
    {
      schema: {
        tags,
        summary: "The learner's referral level and progress to the next (dashboard card)",
        errorStatuses: [404],
        response: { 200: envelope(levelStatusData) },
      },
    },
    async (request) => ok(await getLevelStatus(ctx, { user: sessionOf(request).user })),
  );

  app.get(
    '/tree',
    {
      schema: {
        tags,
        summary: "A page of the learner's direct referrals, filtered by status",
        querystring: treeQuery,
        response: { 200: envelope(subUserPage) },
      },
    },
    async (request) => {
      const { page, per_page: perPage, status } = request.query;
      return ok(await listSubUsers(ctx.db, { userId: sessionOf(request).user.id, page, perPage, status }));
    },
  );

  app.get(
    '/recent/tree',
    {
      schema: { tags, summary: "The learner's latest referrals", response: { 200: envelope(recentSubUsers) } },
    },
    async (request) => ok(await listRecentSubUsers(ctx.db, sessionOf(request).user.id)),
  );
}
