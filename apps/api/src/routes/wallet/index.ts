import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  convertValueData,
  envelope,
  messages,
  redeemPointBody,
  transactionsData,
  transactionsQuery,
  walletMessages,
  walletSummary,
  withdrawBody,
} from '@app/contracts';
import { idempotencyKeyOf, runIdempotent, sendAnswer } from '../../lib/idempotency.ts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import {
  getConvertValue,
  listTransactions,
  redeemPoints,
  settleEarnings,
  withdrawBalance,
} from '../../services/wallet/index.ts';
import { requireMoneyConsent } from '../../services/consent/index.ts';

const tags = ['wallet'];
const idempotencyHeader =
  'An optional Idempotency-Key header makes a retry replay the first answer instead of moving money twice.';

/** The wallet: ledger, redeem and withdraw (docs/product/wallet-and-withdrawals.md). */
export async function walletRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/transactions',
    {
      schema: {
        tags,
        summary: "A page of the learner's wallet ledger, with the balances",
        querystring: transactionsQuery,
        response: { 200: envelope(transactionsData) },
      },
    },
    async (request) => {
      const { page, per_page: perPage } = request.query;
      return ok(await listTransactions(ctx.db, { userId: sessionOf(request).user.id, page, perPage, now: ctx.now() }));
    },
  );

  app.get(
    '/convert-value',
    {
      schema: {
        tags,
        summary: 'What a point is worth in rupees, and the smallest withdrawal',
        response: { 200: envelope(convertValueData) },
      },
    },
    async () => ok(await getConvertValue(ctx.db)),
  );

  app.post(
    '/redeem-point',
    {
      schema: {
        tags,
        summary: 'Redeems points into the wallet balance',
        description: idempotencyHeader,
        errorStatuses: [409],
        body: redeemPointBody,
        response: { 200: envelope(walletSummary) },
      },
    },
    async (request, reply) => {
      const userId = sessionOf(request).user.id;
      await requireMoneyConsent(ctx, { userId });
      const answer = await runIdempotent(
        ctx,
        { userId, key: idempotencyKeyOf(request.headers), route: 'POST /redeem-point', request: request.body },
        async (tx) => ok(await redeemPoints(tx, ctx, { userId, point: request.body.point }), messages.redeemed),
      );
      sendAnswer(reply, answer);
    },
  );

  app.post(
    '/withdraw',
    {
      schema: {
        tags,
        summary: 'Asks to withdraw wallet balance to the saved bank account',
        description: idempotencyHeader,
        errorStatuses: [409],
        body: withdrawBody,
        response: { 200: envelope(walletSummary) },
      },
    },
    async (request, reply) => {
      const userId = sessionOf(request).user.id;
      await requireMoneyConsent(ctx, { userId });
      // What the learner owes is paid from their earnings first, and stays paid if the withdrawal is then refused.
      await settleEarnings(ctx.db, { userId, now: ctx.now() });
      const answer = await runIdempotent(
        ctx,
        { userId, key: idempotencyKeyOf(request.headers), route: 'POST /withdraw', request: request.body },
        async (tx) =>
          ok(
            await withdrawBalance(tx, ctx, { userId, amountRupees: request.body.amount }),
            walletMessages.withdrawRequested,
          ),
      );
      sendAnswer(reply, answer);
    },
  );
}
