import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devMailboxEntry } from '@app/contracts';
import type { App } from '../../app.ts';
import { listDevMailbox } from '../../services/mail/mailer.ts';

/**
 * GET /dev/mailbox, at the root (not under the API prefix): outside production, with mail going
 * to the dev outbox, lists sent mail newest first so a person (or a journey test) can read the OTP.
 * Not registered at all otherwise, so it answers 404.
 */
export async function devRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify as App;
  if (!ctx.mailer.isDevOutbox || ctx.env.NODE_ENV === 'production') return;
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/dev/mailbox', {
    config: { auth: 'public' },
    schema: { hide: true, response: { 200: z.array(devMailboxEntry) } },
  }, async () => {
    const mails = await listDevMailbox(ctx.db);
    return mails.map((mail) => ({ to: mail.to, subject: mail.subject, text: mail.text, sent_at: mail.sentAt.toISOString() }));
  });
}
