import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportParams, reportQuery } from '@app/contracts';
import { reportCsv } from '../../services/admin/index.ts';
import { actorOf } from './actor.ts';

/** The accountant's registers (GST, payouts, earnings by PAN) for a period, as CSV files. */
export async function adminReportRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/reports/:report',
    {
      schema: {
        summary: "One of the accountant's registers for a period, as CSV",
        description:
          'gst: every tax invoice and credit note issued (credit notes negative); payouts: withdrawals paid and ' +
          'returned by the bank; earnings: commission, level rewards and points redeemed per PAN. `from` and `to` ' +
          'are India days, both included, at most 366 days apart. Each download is audited.',
        params: reportParams,
        querystring: reportQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await reportCsv(ctx, {
        actorId: actorOf(request),
        report: request.params.report,
        ...request.query,
      });
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );
}
