import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { balanceSnapshotParams, reportParams, reportQuery } from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { balancesCsv, listBalanceSnapshots, openBalanceSnapshot, reportCsv } from '../../services/admin/index.ts';
import { actorOf } from './actor.ts';

/** The accountant's registers (GST, payouts, earnings by PAN, payments at the provider) for a period, as CSV files. */
export async function adminReportRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/reports/balances',
    {
      schema: {
        summary: 'Balances owed: what the business owes each learner now, as CSV',
        description:
          'One line per learner with a wallet balance, a withdrawal not yet paid (waiting or being paid), a held ' +
          'credit, points or a debt; a totals line; the instant it was taken (India time). Audited (decision 067).',
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await balancesCsv(ctx, { actorId: actorOf(request) });
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  );

  app.get(
    '/reports/balances/snapshots',
    { schema: { summary: 'The month-end snapshots of Balances owed, newest first' } },
    async () => ok(await listBalanceSnapshots(ctx)),
  );

  app.get(
    '/reports/balances/snapshots/:month',
    {
      schema: {
        summary: 'One month-end snapshot of Balances owed, as CSV (served here, never a public link; audited)',
        params: balanceSnapshotParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { fileName, stream, size } = await openBalanceSnapshot(ctx, {
        actorId: actorOf(request),
        month: request.params.month,
      });
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('content-length', size)
        .type('text/csv; charset=utf-8')
        .send(stream);
    },
  );

  app.get(
    '/reports/:report',
    {
      schema: {
        summary: "One of the accountant's registers for a period, as CSV",
        description:
          'gst: every tax invoice and credit note issued (credit notes negative); payouts: withdrawals paid and ' +
          'returned by the bank; earnings: commission, level rewards and points redeemed per PAN; provider: every ' +
          'payment and refund at the payment provider (Razorpay), with totals to tie out to its settlements. ' +
          '`from` and `to` ' +
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
