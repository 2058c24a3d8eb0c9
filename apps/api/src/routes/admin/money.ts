import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminMessages,
  adminPurchase,
  adminWithdrawal,
  envelope,
  idParams,
  invoiceParams,
  pageQuery,
  paged,
  purchasesQuery,
  refundData,
  returnBody,
  settleBody,
  settleData,
  takeOverBody,
  transactionsData,
  withdrawalsQuery,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import {
  listPurchases,
  refundPurchase,
  getWithdrawal,
  listWithdrawals,
  returnWithdrawal,
  settleWithdrawal,
  startPayout,
  takeOverPayout,
  findUserRow,
} from '../../services/admin/index.ts';
import { renderInvoicePdf } from '../../services/invoices/index.ts';
import { listTransactions } from '../../services/wallet/index.ts';
import { actorOf } from './actor.ts';

/** Money: purchases and refunds, withdrawals and their settlement, any user's ledger. */
export async function adminMoneyRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/purchases',
    {
      schema: {
        summary: 'A page of purchases, filtered by status and user',
        querystring: purchasesQuery,
        response: { 200: envelope(paged(adminPurchase)) },
      },
    },
    async (request) => {
      const { status, user, page, per_page: perPage } = request.query;
      return ok(await listPurchases(ctx, { status, user, page, perPage }));
    },
  );
  app.post(
    '/purchases/:id/refund',
    {
      schema: {
        summary: 'Refunds a paid purchase in full',
        params: idParams,
        description:
          "A full refund through the payment provider; reverses the referrer's commission. Only paid purchases, once. " +
          "The learner (and a minor's guardian who agreed) is mailed the refund with its credit note.",
        response: { 200: envelope(refundData) },
      },
    },
    async (request) =>
      ok(
        await refundPurchase(ctx, { actorId: actorOf(request), purchaseId: request.params.id, log: request.log }),
        adminMessages.refunded,
      ),
  );

  // Any purchase's GST tax invoice and credit note, as the learner gets them (the console fetches them with the token).
  for (const [path, kind] of [
    ['/invoices/:purchase_id/pdf', 'invoice'],
    ['/invoices/:purchase_id/credit-note/pdf', 'credit_note'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          summary:
            kind === 'invoice'
              ? "Any purchase's GST tax invoice as a PDF"
              : "Any refunded purchase's credit note as a PDF",
          params: invoiceParams,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const pdf = await renderInvoicePdf(ctx, { purchaseId: request.params.purchase_id, kind });
        return reply
          .header('cache-control', 'private, no-store')
          .header(
            'content-disposition',
            `inline; filename="${kind === 'invoice' ? 'invoice' : 'credit-note'}-${request.params.purchase_id}.pdf"`,
          )
          .type('application/pdf')
          .send(pdf);
      },
    );
  }

  app.get(
    '/withdrawals',
    {
      schema: {
        summary: 'A page of withdrawal requests, filtered by status and user',
        description:
          'Each with shared_with: the other users who use the same bank account (their bank details or a withdrawal ' +
          "of theirs) or the learner's PAN (their bank details), counted, the first 20 named.",
        querystring: withdrawalsQuery,
        response: { 200: envelope(paged(adminWithdrawal)) },
      },
    },
    async (request) => {
      const { status, user, page, per_page: perPage } = request.query;
      return ok(await listWithdrawals(ctx, { status, user, page, perPage }));
    },
  );
  app.get(
    '/withdrawals/:id',
    {
      schema: {
        summary: 'One withdrawal request',
        params: idParams,
        description:
          'With the full account number to pay to (the look is audited), and shared_with: the other users who use ' +
          "the same account or the learner's PAN.",
        response: { 200: envelope(adminWithdrawal) },
      },
    },
    async (request) => ok(await getWithdrawal(ctx, { actorId: actorOf(request), id: request.params.id })),
  );
  app.post(
    '/withdrawals/:id/payout',
    {
      schema: {
        summary:
          'Starts paying a withdrawal: answers the account to pay to; from then on only this operator may reject it',
        params: idParams,
        description:
          'The full account number to pay to (the look is audited). A minor needs their guardian’s consent in force ' +
          "(400 otherwise). A guardian's withdrawal of consent, a refund's take-back and other operators no longer " +
          "reject it. A settled withdrawal answers 400 'Already settled'.",
        response: { 200: envelope(adminWithdrawal) },
      },
    },
    async (request) =>
      ok(await startPayout(ctx, { actorId: actorOf(request), id: request.params.id }), adminMessages.payoutStarted),
  );
  app.post(
    '/withdrawals/:id/takeover',
    {
      schema: {
        summary:
          'Takes over paying a withdrawal whose payer is away, after 24 hours, once their transfer is known not to have gone out',
        params: idParams,
        body: takeOverBody,
        description:
          "{ bank_statement_checked: true }: the operator checked the bank statement and the paying operator's " +
          'transfer did not go out (422 without it). Only for a withdrawal another operator has been paying for 24 ' +
          'hours (400 before, naming when). The operator then pays it, with the full account to pay to (the look ' +
          'is audited); the one it was taken from can no longer settle it. Audited with both operators.',
        response: { 200: envelope(adminWithdrawal) },
      },
    },
    async (request) =>
      ok(await takeOverPayout(ctx, { actorId: actorOf(request), id: request.params.id }), adminMessages.takenOver),
  );
  app.post(
    '/withdrawals/:id/returned',
    {
      schema: {
        summary: 'Records that the bank sent a paid withdrawal back: its amount returns to the wallet, once',
        params: idParams,
        body: returnBody,
        description:
          "{ reason }. Only a withdrawal marked Done, once: a 'Withdraw Reversal' gives the amount back, the learner is " +
          'told by mail (the reason as written), and the withdrawal stays Done with its bank reference.',
        response: { 200: envelope(settleData) },
      },
    },
    async (request) =>
      ok(
        await returnWithdrawal(ctx, { actorId: actorOf(request), id: request.params.id, ...request.body }),
        adminMessages.returnedByBank,
      ),
  );
  app.post(
    '/withdrawals/:id/settle',
    {
      schema: {
        summary: 'Settles a withdrawal: paid, or rejected with the amount back in the wallet',
        params: idParams,
        body: settleBody,
        description:
          "{ status: 'Done', bank_reference } or { status: 'Rejected', reason } (the amount goes back to the wallet). " +
          "Exactly once: a second attempt answers 400 'Already settled'.",
        response: { 200: envelope(settleData) },
      },
    },
    async (request) =>
      ok(
        await settleWithdrawal(ctx, { actorId: actorOf(request), id: request.params.id, input: request.body }),
        adminMessages.settled,
      ),
  );

  app.get(
    '/users/:id/ledger',
    {
      schema: {
        summary: "A page of any user's wallet ledger",
        params: idParams,
        querystring: pageQuery,
        response: { 200: envelope(transactionsData) },
      },
    },
    async (request) => {
      await findUserRow(ctx.db, request.params.id);
      return ok(
        await listTransactions(ctx.db, {
          userId: request.params.id,
          page: request.query.page,
          perPage: request.query.per_page,
          now: ctx.now(),
        }),
      );
    },
  );
}
