import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { certificateData, certificateParams, envelope } from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { findCertificate, renderCertificatePdf } from '../../services/certificates/index.ts';

const tags = ['certificates'];
const isPublic = { auth: 'public' } as const;

/** Public certificate validation: anyone holding the (unguessable) id may check it. */
export async function certificateRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const apiPrefix = fastify.prefix;

  app.get(
    '/certificates/:id',
    {
      config: isPublic,
      schema: {
        tags,
        summary: 'Validates a certificate by its id: holder, course, date and whether it still stands',
        params: certificateParams,
        response: { 200: envelope(certificateData) },
      },
    },
    async (request, reply) => {
      const certificate = await findCertificate(ctx, { certificateId: request.params.id, apiPrefix });
      // Validity changes when a purchase is refunded: never cache it.
      reply.header('cache-control', 'no-store');
      return ok(certificate);
    },
  );

  app.get(
    '/certificates/:id/pdf',
    {
      config: isPublic,
      schema: {
        tags,
        summary: 'A certificate as a PDF',
        params: certificateParams,
        produces: ['application/pdf'],
        description: 'The certificate as a one-page PDF with a QR code of its validation page.',
      },
    },
    async (request, reply) => {
      // In the holder's language, whoever reads it (decision 022).
      const { certificate, pdf } = await renderCertificatePdf(ctx, { certificateId: request.params.id, apiPrefix });
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `inline; filename="certificate-${certificate.certificate_id}.pdf"`)
        .type('application/pdf')
        .send(pdf);
    },
  );
}
