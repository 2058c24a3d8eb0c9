import type { DbOrTx, users } from '@app/db';
import type { AppContext } from '../../context.ts';
import { maskEmail } from '../../lib/mask-contact.ts';
import { queueNotice } from './queue-notice.ts';
import { emailChangedMail } from './templates.ts';

/**
 * Writes the notice to the OLD address that the account's email was changed, naming the new one
 * masked (ra****@gmail.com: enough for the owner to recognise it, not enough to hand it to whoever
 * reads the old mailbox). Within the profile's transaction (the outbox: queue-notice.ts). Never throws.
 */
export async function sendEmailChangedMail(
  ctx: AppContext,
  options: {
    user: Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName' | 'language'>;
    oldEmail: string;
    changedAt: Date;
    within: DbOrTx;
  },
): Promise<void> {
  const { user } = options;
  await queueNotice(ctx, {
    within: options.within,
    about: { kind: 'email-changed', userId: user.id },
    build: async () => ({
      mail: emailChangedMail({
        appName: ctx.env.APP_NAME,
        to: options.oldEmail,
        firstName: user.firstName,
        language: user.language,
        newEmailMasked: maskEmail(user.email),
        changedAt: options.changedAt,
      }),
    }),
  });
}
