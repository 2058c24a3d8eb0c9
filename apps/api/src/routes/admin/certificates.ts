import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCertificate,
  certificateAdminMessages,
  certificateParams,
  envelope,
  reissueCertificateBody,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { getCertificate, reissueCertificate } from '../../services/admin/index.ts';
import { actorOf } from './actor.ts';

/** Certificates: look one up by id; reissue it with a corrected holder name. */
export async function adminCertificateRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/certificates/:id',
    {
      schema: {
        summary: 'A certificate by its id',
        params: certificateParams,
        response: { 200: envelope(adminCertificate) },
      },
    },
    async (request) => ok(await getCertificate(ctx, { id: request.params.id })),
  );
  app.post(
    '/certificates/:id/reissue',
    {
      schema: {
        summary: 'Reissues a certificate under a corrected holder name',
        params: certificateParams,
        body: reissueCertificateBody,
        description:
          'The same certificate (id, course, date) under a corrected holder name; audited with the names before and after.',
        response: { 200: envelope(adminCertificate) },
      },
    },
    async (request) =>
      ok(
        await reissueCertificate(ctx, { actorId: actorOf(request), id: request.params.id, name: request.body.name }),
        certificateAdminMessages.reissued,
      ),
  );
}
