import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminMessages, adminUserDetail, adminUserRow, envelope, heldReferral, idParams, pageQuery, paged, referralDecisionData, rolesBody,
  userIdParams, usersQuery,
} from '@app/contracts';
import type { App } from '../../app.ts';
import { ok } from '../../lib/reply.ts';
import { decideHeldReferral, listHeldReferrals } from '../../services/admin/people/held-referrals.ts';
import { getUserDetail, searchUsers, setUserRoles } from '../../services/admin/people/users.ts';
import { actorOf } from './actor.ts';

/** People: find a user, their whole picture, roles; held referral sign-ups. */
export async function adminPeopleRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify as App;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/users', { schema: { querystring: usersQuery, response: { 200: envelope(paged(adminUserRow)) } } }, async (request) => {
    const { q, page, per_page: perPage } = request.query;
    return ok(await searchUsers(ctx, { q, page, perPage }));
  });
  app.get('/users/:id', { schema: { params: idParams, response: { 200: envelope(adminUserDetail) } } },
    async (request) => ok(await getUserDetail(ctx, request.params.id)));
  app.put('/users/:id/roles', { schema: { params: idParams, body: rolesBody, response: { 200: envelope(adminUserRow) } } },
    async (request) => ok(await setUserRoles(ctx, { actorId: actorOf(request), id: request.params.id, roles: request.body.roles }), adminMessages.saved));

  app.get('/referrals/held', { schema: { querystring: pageQuery, response: { 200: envelope(paged(heldReferral)) } } }, async (request) => {
    const { page, per_page: perPage } = request.query;
    return ok(await listHeldReferrals(ctx, { page, perPage }));
  });
  app.post('/referrals/:userId/release', { schema: { params: userIdParams, response: { 200: envelope(referralDecisionData) } } },
    async (request) => ok(
      await decideHeldReferral(ctx, { actorId: actorOf(request), userId: request.params.userId, decision: 'released' }),
      adminMessages.released,
    ));
  app.post('/referrals/:userId/reject', { schema: { params: userIdParams, response: { 200: envelope(referralDecisionData) } } },
    async (request) => ok(
      await decideHeldReferral(ctx, { actorId: actorOf(request), userId: request.params.userId, decision: 'rejected' }),
      adminMessages.rejected,
    ));
}
