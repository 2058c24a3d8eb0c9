import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devMailboxEntry } from '@app/contracts';
import { listDevMailbox } from '../../services/mail/index.ts';
import { testClock } from '../../lib/test-clock.ts';

/**
 * GET /dev/mailbox, at the root (not under the API prefix): outside production, with mail going
 * to the dev outbox, lists sent mail newest first so a person (or a journey test) can read the OTP.
 * Not registered at all otherwise, so it answers 404.
 */
export async function devRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  if (ctx.env.NODE_ENV === 'production') return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // TEST_HOOKS=true: journeys move this process's clock forward (a retake's cooldown, a holding period).
  if (ctx.env.TEST_HOOKS) {
    app.post(
      '/dev/clock',
      {
        config: { auth: 'public', xsrf: false },
        schema: {
          hide: true,
          body: z.strictObject({
            advance_seconds: z
              .number()
              .int()
              .min(0)
              .max(366 * 24 * 3600),
          }),
        },
      },
      async (request) => ({ now: testClock.advance(request.body.advance_seconds).toISOString() }),
    );
  }

  if (!ctx.mailer.isDevOutbox) return;

  app.get(
    '/dev/mailbox',
    {
      config: { auth: 'public' },
      schema: { hide: true, response: { 200: z.array(devMailboxEntry) } },
    },
    async () => {
      const mails = await listDevMailbox(ctx.db);
      return mails.map((mail) => ({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        sent_at: mail.sentAt.toISOString(),
      }));
    },
  );
}
