import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  invoiceParams,
  invoicePdfQuery,
  messages,
  purchaseHistory,
  purchaseMessages,
  type InvoiceKind,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { ok } from '../../lib/reply.ts';
import { sessionOf } from '../../plugins/auth.ts';
import { findSession, isSessionLive } from '../../services/accounts/index.ts';
import { verifyInvoicePdfUrl, listPurchaseHistory } from '../../services/invoices/index.ts';
import { sendTaxDocument } from './send-tax-document.ts';

const tags = ['purchases'];

/**
 * Who asks for a tax document: the learner a signed link (pdf_url from GET /purchases) was made for,
 * while the session it was made in lives, or, without one, the learner of the bearer token (verified,
 * as every learner route). A browser's plain link or download cannot send the token, hence the signed
 * link; an API client may use either.
 */
async function requesterOf(
  ctx: AppContext,
  request: FastifyRequest,
  kind: InvoiceKind,
  purchaseId: number,
  query: { u?: string | undefined; t?: string | undefined; e?: string | undefined; s?: string | undefined },
): Promise<number> {
  if (query.s !== undefined || query.u !== undefined || query.t !== undefined || query.e !== undefined) {
    const signed = verifyInvoicePdfUrl(ctx.env, { kind, purchaseId, ...query, now: ctx.now() });
    if (signed === null || !(await isSessionLive(ctx, signed)))
      throw AppError.forbidden(purchaseMessages.invoiceLinkExpired);
    return signed.userId;
  }
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const session = token ? await findSession(ctx, token) : null;
  if (!session) throw new AppError('UNAUTHENTICATED', messages.unauthenticated);
  if (!session.user.emailVerifiedAt) throw new AppError('EMAIL_UNVERIFIED', messages.emailUnverified);
  return session.user.id;
}

/** The learner's purchase history and the PDFs of their GST tax invoices and credit notes. */
export async function purchaseRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const apiPrefix = fastify.prefix;

  app.get(
    '/purchases',
    {
      schema: {
        tags,
        summary: "The learner's purchases, newest first, with their tax invoice and credit note (signed PDF links)",
        response: { 200: envelope(purchaseHistory) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { user, tokenId } = sessionOf(request);
      return ok(await listPurchaseHistory(ctx, { userId: user.id, tokenId, apiPrefix }));
    },
  );

  for (const [path, kind] of [
    ['/invoices/:purchase_id/pdf', 'invoice'],
    ['/invoices/:purchase_id/credit-note/pdf', 'credit_note'],
  ] as const) {
    app.get(
      path,
      {
        // Public at the hook: requesterOf checks the signed link or the bearer token itself.
        config: { auth: 'public' },
        schema: {
          tags,
          params: invoiceParams,
          querystring: invoicePdfQuery,
          produces: ['application/pdf'],
          // Either credential: the signed link's query, or a verified learner's token.
          security: [{}, { bearer: [] }],
          errorStatuses: [401, 403, 417],
          summary:
            kind === 'invoice'
              ? "The GST tax invoice of one of the learner's own purchases (signed link from GET /purchases, or the bearer token)"
              : "The credit note of one of the learner's own refunded purchases (signed link, or the bearer token)",
        },
      },
      async (request, reply) => {
        const purchaseId = request.params.purchase_id;
        const userId = await requesterOf(ctx, request, kind, purchaseId, request.query);
        return sendTaxDocument(ctx, reply, { purchaseId, kind, userId });
      },
    );
  }
}
