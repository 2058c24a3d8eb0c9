import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLanguage, providerPaymentResponse, sandboxPayBody } from '@app/contracts';
import type { SandboxProvider } from '../../services/payments/index.ts';
import { SANDBOX_CHECKOUT_SCRIPT } from './checkout-script.ts';
import { renderCheckoutPage, safeReturnUrl } from './checkout-page.ts';
import { PAGE_FONT_FILES, readPageFont } from './page-fonts.ts';

const tags = ['sandbox'];

/**
 * The sandbox payment provider's browser side, at the site root: its checkout page, the page's
 * script, and the pay call the page makes. Only with PAYMENT_PROVIDER=sandbox.
 */
export async function sandboxRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  if (ctx.payments.name !== 'sandbox') return;
  const sandbox = ctx.payments as SandboxProvider;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/sandbox/checkout/:orderId',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'The sandbox checkout page for an order (open it in a popup or frame; see /sandbox/checkout.js)',
        params: z.object({ orderId: z.string().max(100) }),
        produces: ['text/html'],
        // lang: the learner's language (the web app adds its own); anything but en, hi or ml falls back to Accept-Language.
        querystring: z.object({ return_url: z.string().max(500).optional(), lang: z.string().max(10).optional() }),
      },
    },
    async (request, reply) => {
      const order = /^order_[A-Za-z0-9]{14}$/.test(request.params.orderId)
        ? await sandbox.findOrder(request.params.orderId)
        : null;
      const html = renderCheckoutPage({
        merchantName: ctx.env.APP_NAME,
        order,
        returnUrl: safeReturnUrl(request.query.return_url),
        language: isLanguage(request.query.lang) ? request.query.lang : request.language,
      });
      return reply
        .code(order ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(html);
    },
  );

  app.get(
    '/sandbox/checkout.js',
    {
      config: { auth: 'public' },
      schema: { tags, hide: true },
    },
    async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SANDBOX_CHECKOUT_SCRIPT),
  );

  app.get(
    '/sandbox/fonts/:file',
    {
      config: { auth: 'public' },
      schema: { tags, hide: true, params: z.object({ file: z.enum(PAGE_FONT_FILES) }) },
    },
    async (request, reply) =>
      reply
        .type('font/woff2')
        .header('cache-control', 'public, max-age=86400')
        .send(await readPageFont(request.params.file)),
  );

  app.post(
    '/sandbox/pay',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary:
          "Completes a sandbox payment by card, UPI or netbanking: success answers what Razorpay's checkout hands the browser; failure is a 400",
        errorStatuses: [404],
        body: sandboxPayBody,
        response: { 200: providerPaymentResponse },
      },
    },
    async (request) => {
      const { order_id: orderId, outcome, method, vpa, bank } = request.body;
      return sandbox.pay({ orderId, outcome, method, vpa, bank });
    },
  );
}
