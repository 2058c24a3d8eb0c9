import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  askConsentBody,
  askConsentData,
  consentData,
  consentMessages,
  dateOfBirthBody,
  envelope,
  guardianAgreeBody,
  guardianConsentData,
  guardianPurchasesData,
  guardianTokenParams,
  invoiceParams,
} from '@app/contracts';
import { ok } from '../../lib/reply.ts';
import { optionalSession, sessionOf } from '../../plugins/auth.ts';
import { sendTaxDocument } from '../purchases/send-tax-document.ts';
import {
  answeredConsentChild,
  askConsent,
  getConsentStatus,
  getGuardianConsent,
  giveConsent,
  listChildPurchases,
  saveDateOfBirth,
  withdrawConsent,
} from '../../services/consent/index.ts';

const tags = ['consent'];
/** Onboarding (choose-level, General Course) happens before the email is verified. */
const signedIn = { auth: 'signed-in' } as const;
const isPublic = { auth: 'public' } as const;

const userAgentOf = (request: FastifyRequest) => {
  const value = request.headers['user-agent'];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};

/**
 * Parental consent (issue 16, part 7): the learner's side (status, date of birth, naming a guardian)
 * and the guardian's public page behind the link's token.
 */
export async function consentRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/consent',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Whether the learner needs a guardian's consent, and where it stands",
        response: { 200: envelope(consentData) },
      },
    },
    async (request) => ok(await getConsentStatus(ctx, { userId: sessionOf(request).user.id })),
  );

  app.put(
    '/consent/dob',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Saves the learner's date of birth (it decides whether consent is needed)",
        body: dateOfBirthBody,
        response: { 200: envelope(consentData) },
      },
    },
    async (request) =>
      ok(
        await saveDateOfBirth(ctx, { userId: sessionOf(request).user.id, dateOfBirth: request.body.date_of_birth }),
        consentMessages.dateOfBirthSaved,
      ),
  );

  app.post(
    '/consent',
    {
      schema: {
        tags,
        summary: 'Names a guardian and sends them the consent link (or answers it to share)',
        errorStatuses: [429],
        body: askConsentBody,
        response: { 200: envelope(askConsentData) },
      },
    },
    async (request) => {
      const data = await askConsent(ctx, { user: sessionOf(request).user, input: request.body, ip: request.ip });
      return ok(data, data.link ? consentMessages.consentLinkReady : consentMessages.consentMailed);
    },
  );

  app.get(
    '/guardian/consent/:token',
    {
      config: isPublic,
      schema: {
        tags,
        summary: 'The consent request behind a guardian link: the learner and what they agree to',
        params: guardianTokenParams,
        response: { 200: envelope(guardianConsentData) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await getGuardianConsent(ctx, { token: request.params.token }));
    },
  );

  app.post(
    '/guardian/consent/:token',
    {
      config: isPublic,
      schema: {
        tags,
        summary: 'The guardian gives consent',
        errorStatuses: [403],
        params: guardianTokenParams,
        body: guardianAgreeBody,
        response: { 200: envelope(guardianConsentData) },
      },
    },
    async (request) =>
      ok(
        await giveConsent(ctx, {
          token: request.params.token,
          ip: request.ip,
          userAgent: userAgentOf(request),
          answeredBy: (await optionalSession(ctx, request))?.user.id ?? null,
        }),
        consentMessages.consentGiven,
      ),
  );

  app.post(
    '/guardian/consent/:token/withdraw',
    {
      config: isPublic,
      schema: {
        tags,
        summary: 'The guardian withdraws consent',
        params: guardianTokenParams,
        response: { 200: envelope(guardianConsentData) },
      },
    },
    async (request) =>
      ok(
        await withdrawConsent(ctx, { token: request.params.token, ip: request.ip, userAgent: userAgentOf(request) }),
        consentMessages.consentWithdrawn,
      ),
  );

  app.get(
    '/guardian/consent/:token/purchases',
    {
      config: isPublic,
      schema: {
        tags,
        summary: "The child's purchases, for the guardian who consented",
        errorStatuses: [403],
        params: guardianTokenParams,
        response: { 200: envelope(guardianPurchasesData) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await listChildPurchases(ctx, { token: request.params.token, apiPrefix: fastify.prefix }));
    },
  );

  // The tax documents of the child's purchases, for the guardian who consented (the parent usually paid).
  for (const [path, kind] of [
    ['/guardian/consent/:token/invoices/:purchase_id/pdf', 'invoice'],
    ['/guardian/consent/:token/invoices/:purchase_id/credit-note/pdf', 'credit_note'],
  ] as const) {
    app.get(
      path,
      {
        config: isPublic,
        schema: {
          tags,
          summary:
            kind === 'invoice'
              ? "The GST tax invoice of one of the child's purchases, for the guardian who consented"
              : "The credit note of one of the child's refunded purchases, for the guardian who consented",
          errorStatuses: [403],
          params: guardianTokenParams.extend(invoiceParams.shape),
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const { userId } = await answeredConsentChild(ctx, { token: request.params.token });
        return sendTaxDocument(ctx, reply, { purchaseId: request.params.purchase_id, kind, userId });
      },
    );
  }
}
