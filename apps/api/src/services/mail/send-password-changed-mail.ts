import type { DbOrTx, users } from '@app/db';
import type { AppContext } from '../../context.ts';
import { queueNotice } from './queue-notice.ts';
import { passwordChangedMail } from './templates.ts';

/**
 * Writes "your password was changed; if it was not you, reset it" to the account's address, for
 * a profile password change or a reset by code, within its transaction (the outbox: queue-notice.ts).
 * Never throws.
 */
export async function sendPasswordChangedMail(
  ctx: AppContext,
  options: {
    user: Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName' | 'language'>;
    changedAt: Date;
    within: DbOrTx;
  },
): Promise<void> {
  const { user } = options;
  await queueNotice(ctx, {
    within: options.within,
    about: { kind: 'password-changed', userId: user.id },
    build: async () => ({
      mail: passwordChangedMail({
        appName: ctx.env.APP_NAME,
        to: user.email,
        firstName: user.firstName,
        language: user.language,
        changedAt: options.changedAt,
        resetUrl: `${ctx.env.APP_URL}/forgot-password`,
      }),
    }),
  });
}
