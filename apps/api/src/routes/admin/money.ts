import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminMessages, adminPurchase, adminWithdrawal, envelope, idParams, pageQuery, paged, purchasesQuery, refundData, settleBody,
  settleData, transactionsData, withdrawalsQuery,
} from '@app/contracts';
import type { App } from '../../app.ts';
import { ok } from '../../lib/reply.ts';
import { listPurchases } from '../../services/admin/money/list-purchases.ts';
import { refundPurchase } from '../../services/admin/money/refund-purchase.ts';
import { getWithdrawal, listWithdrawals, settleWithdrawal } from '../../services/admin/money/withdrawals.ts';
import { findUserRow } from '../../services/admin/people/users.ts';
import { listTransactions } from '../../services/wallet/list-transactions.ts';
import { actorOf } from './actor.ts';

/** Money: purchases and refunds, withdrawals and their settlement, any user's ledger. */
export async function adminMoneyRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify as App;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/purchases', { schema: { querystring: purchasesQuery, response: { 200: envelope(paged(adminPurchase)) } } }, async (request) => {
    const { status, user, page, per_page: perPage } = request.query;
    return ok(await listPurchases(ctx, { status, user, page, perPage }));
  });
  app.post('/purchases/:id/refund', {
    schema: {
      params: idParams,
      description: "A full refund through the payment provider; reverses the referrer's commission. Only paid purchases, once.",
      response: { 200: envelope(refundData) },
    },
  }, async (request) => ok(
    await refundPurchase(ctx, { actorId: actorOf(request), purchaseId: request.params.id, log: request.log }),
    adminMessages.refunded,
  ));

  app.get('/withdrawals', { schema: { querystring: withdrawalsQuery, response: { 200: envelope(paged(adminWithdrawal)) } } }, async (request) => {
    const { status, user, page, per_page: perPage } = request.query;
    return ok(await listWithdrawals(ctx, { status, user, page, perPage }));
  });
  app.get('/withdrawals/:id', {
    schema: { params: idParams, description: 'With the full account number to pay to (the look is audited).', response: { 200: envelope(adminWithdrawal) } },
  }, async (request) => ok(await getWithdrawal(ctx, { actorId: actorOf(request), id: request.params.id })));
  app.post('/withdrawals/:id/settle', {
    schema: {
      params: idParams,
      body: settleBody,
      description: "{ status: 'Done', bank_reference } or { status: 'Rejected', reason } (the amount goes back to the wallet). "
        + "Exactly once: a second attempt answers 400 'Already settled'.",
      response: { 200: envelope(settleData) },
    },
  }, async (request) => ok(await settleWithdrawal(ctx, { actorId: actorOf(request), id: request.params.id, input: request.body }), adminMessages.settled));

  app.get('/users/:id/ledger', { schema: { params: idParams, querystring: pageQuery, response: { 200: envelope(transactionsData) } } }, async (request) => {
    await findUserRow(ctx.db, request.params.id);
    return ok(await listTransactions(ctx.db, { userId: request.params.id, page: request.query.page, perPage: request.query.per_page, now: ctx.now() }));
  });
}
