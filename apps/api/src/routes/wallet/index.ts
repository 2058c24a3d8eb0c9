import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  convertValueData, envelope, messages, redeemPointBody, transactionsData, transactionsQuery, walletMessages,
  walletSummary, withdrawBody,
} from '@app/contracts';
import type { App } from '../../app.ts';
import { idempotencyKeyOf, runIdempotent, sendAnswer } from '../../lib/idempotency.ts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { getConvertValue } from '../../services/wallet/get-convert-value.ts';
import { listTransactions } from '../../services/wallet/list-transactions.ts';
import { redeemPoints } from '../../services/wallet/redeem-points.ts';
import { withdrawBalance } from '../../services/wallet/withdraw-balance.ts';

const tags = ['wallet'];
const security = [{ bearer: [] }];
const idempotencyHeader = 'An optional Idempotency-Key header makes a retry replay the first answer instead of moving money twice.';

/** The wallet: ledger, redeem and withdraw (server-rules "Wallet"). */
export async function walletRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify as App;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/transactions', {
    schema: { tags, security, querystring: transactionsQuery, response: { 200: envelope(transactionsData) } },
  }, async (request) => {
    const { page, per_page: perPage } = request.query;
    return ok(await listTransactions(ctx.db, { userId: sessionOf(request).user.id, page, perPage, now: ctx.now() }));
  });

  app.get('/convert-value', {
    schema: { tags, security, response: { 200: envelope(convertValueData) } },
  }, async () => ok(await getConvertValue(ctx.db)));

  app.post('/redeem-point', {
    schema: { tags, security, description: idempotencyHeader, body: redeemPointBody, response: { 200: envelope(walletSummary) } },
  }, async (request, reply) => {
    const userId = sessionOf(request).user.id;
    const answer = await runIdempotent(
      ctx,
      { userId, key: idempotencyKeyOf(request.headers), route: 'POST /redeem-point', request: request.body },
      async (tx) => ok(await redeemPoints(tx, ctx, { userId, point: request.body.point }), messages.redeemed),
    );
    sendAnswer(reply, answer);
  });

  app.post('/withdraw', {
    schema: { tags, security, description: idempotencyHeader, body: withdrawBody, response: { 200: envelope(walletSummary) } },
  }, async (request, reply) => {
    const userId = sessionOf(request).user.id;
    const answer = await runIdempotent(
      ctx,
      { userId, key: idempotencyKeyOf(request.headers), route: 'POST /withdraw', request: request.body },
      async (tx) => ok(await withdrawBalance(tx, ctx, { userId, amountRupees: request.body.amount }), walletMessages.withdrawRequested),
    );
    sendAnswer(reply, answer);
  });
}
