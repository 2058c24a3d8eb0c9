import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDateOfBirthBody,
  adminEraseBody,
  adminGuardianBody,
  adminGuardianNamed,
  adminLearnerQuiz,
  adminMessages,
  adminUserDetail,
  adminUserRow,
  envelope,
  heldReferral,
  idParams,
  learnerQuizParams,
  pageQuery,
  paged,
  referralDecisionData,
  rolesBody,
  userIdParams,
  usersQuery,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import {
  correctDateOfBirth,
  eraseUser,
  decideHeldReferral,
  listHeldReferrals,
  getUserDetail,
  grantQuizAttempt,
  listLearnerQuizzes,
  nameGuardian,
  searchUsers,
  setUserRoles,
} from '../../services/admin/index.ts';
import { actorOf } from './actor.ts';

/**
 * People: find a user, their whole picture, roles, a corrected date of birth, another guardian named, their quizzes
 * and another attempt at one, their personal data deleted on request; held referral sign-ups.
 */
export async function adminPeopleRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/users',
    {
      schema: {
        summary: 'A page of users matching a search',
        querystring: usersQuery,
        response: { 200: envelope(paged(adminUserRow)) },
      },
    },
    async (request) => {
      const { q, page, per_page: perPage } = request.query;
      return ok(await searchUsers(ctx, { q, page, perPage }));
    },
  );
  app.get(
    '/users/:id',
    {
      schema: {
        summary: "One user's whole picture: profile, purchases, wallet, referrals",
        params: idParams,
        response: { 200: envelope(adminUserDetail) },
      },
    },
    async (request) => ok(await getUserDetail(ctx, request.params.id)),
  );
  app.put(
    '/users/:id/roles',
    {
      schema: {
        summary: "Sets a user's roles",
        params: idParams,
        body: rolesBody,
        response: { 200: envelope(adminUserRow) },
      },
    },
    async (request) =>
      ok(
        await setUserRoles(ctx, { actorId: actorOf(request), id: request.params.id, roles: request.body.roles }),
        adminMessages.saved,
      ),
  );
  app.put(
    '/users/:id/date-of-birth',
    {
      schema: {
        summary: "Corrects a user's date of birth (on a written request)",
        description:
          "Either way, unlike the learner's own change rule (decision 024); audited with the operator, the old and the new date.",
        params: idParams,
        body: adminDateOfBirthBody,
        response: { 200: envelope(adminUserDetail) },
      },
    },
    async (request) =>
      ok(
        await correctDateOfBirth(ctx, {
          actorId: actorOf(request),
          id: request.params.id,
          dateOfBirth: request.body.date_of_birth,
        }),
        adminMessages.dateOfBirthCorrected,
      ),
  );
  app.post(
    '/users/:id/guardian',
    {
      schema: {
        summary: 'Names another guardian for a minor (on a written request)',
        description:
          "The learner's own request's fields, worded for the operator. The new guardian goes on record: the learner may then ask only them (decision 024). By mobile the answer carries the link to pass on; audited as consent.guardian_named.",
        params: idParams,
        body: adminGuardianBody,
        response: { 200: envelope(adminGuardianNamed) },
      },
    },
    async (request) => {
      const data = await nameGuardian(ctx, {
        actorId: actorOf(request),
        id: request.params.id,
        input: request.body,
        ip: request.ip,
      });
      return ok(data, data.link ? adminMessages.guardianNamedShare : adminMessages.guardianNamedMailed);
    },
  );
  app.post(
    '/users/:id/erase',
    {
      schema: {
        summary: "Deletes a learner's personal data (on their or their parent's request)",
        description:
          "The request's reference and the learner's email typed again (422 otherwise). Refused 400 for an operator, an account already erased, or a withdrawal waiting or being paid. Invoices, credit notes, payments, the ledger, withdrawals and the audit log are kept; the learner's id stays, shown as 'Deleted learner'. Audited as user.erase (decision 066).",
        params: idParams,
        body: adminEraseBody,
        response: { 200: envelope(adminUserDetail) },
      },
    },
    async (request) =>
      ok(
        await eraseUser(ctx, {
          actorId: actorOf(request),
          id: request.params.id,
          reference: request.body.reference,
          confirmEmail: request.body.confirm_email,
          log: request.log,
        }),
        adminMessages.erased,
      ),
  );
  app.get(
    '/users/:id/quizzes',
    {
      schema: {
        summary: 'The chapter quizzes a learner has started, with attempts used and allowed',
        params: idParams,
        response: { 200: envelope(z.array(adminLearnerQuiz)) },
      },
    },
    async (request) => ok(await listLearnerQuizzes(ctx, request.params.id)),
  );
  app.post(
    '/users/:id/quizzes/:subjectId/another-attempt',
    {
      schema: {
        summary: 'Gives a learner one more attempt at one chapter quiz',
        description:
          'Only when every attempt is used (all submitted) and none passed; otherwise 400. The cool-down since the last submission still applies. Recorded in quiz_attempt_grants and audited as quiz_attempt.grant (decision 062).',
        params: learnerQuizParams,
        response: { 200: envelope(adminLearnerQuiz) },
      },
    },
    async (request) =>
      ok(
        await grantQuizAttempt(ctx, {
          actorId: actorOf(request),
          userId: request.params.id,
          subjectId: request.params.subjectId,
        }),
        adminMessages.quizAttemptGranted,
      ),
  );

  app.get(
    '/referrals/held',
    {
      schema: {
        summary: 'A page of referral sign-ups held for review',
        querystring: pageQuery,
        response: { 200: envelope(paged(heldReferral)) },
      },
    },
    async (request) => {
      const { page, per_page: perPage } = request.query;
      return ok(await listHeldReferrals(ctx, { page, perPage }));
    },
  );
  app.post(
    '/referrals/:userId/release',
    {
      schema: {
        summary: 'Releases a held referral: the referrer is credited',
        params: userIdParams,
        response: { 200: envelope(referralDecisionData) },
      },
    },
    async (request) =>
      ok(
        await decideHeldReferral(ctx, {
          actorId: actorOf(request),
          userId: request.params.userId,
          decision: 'released',
        }),
        adminMessages.released,
      ),
  );
  app.post(
    '/referrals/:userId/reject',
    {
      schema: {
        summary: 'Rejects a held referral: nobody is credited',
        params: userIdParams,
        response: { 200: envelope(referralDecisionData) },
      },
    },
    async (request) =>
      ok(
        await decideHeldReferral(ctx, {
          actorId: actorOf(request),
          userId: request.params.userId,
          decision: 'rejected',
        }),
        adminMessages.rejected,
      ),
  );
}
