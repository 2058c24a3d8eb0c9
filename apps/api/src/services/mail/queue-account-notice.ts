import type { DbOrTx, users } from '@app/db';
import type { AppContext } from '../../context.ts';
import type { Mail } from './mailer.ts';
import { queueNotice } from './queue-notice.ts';
import type { Recipient } from './templates.ts';

/** The account a notice is about; its owner is written to in their language. */
export type NoticeAccount = Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName' | 'language'>;

/**
 * A notice to an account's owner about a change to the account (its password, email or bank details), written
 * within the change's transaction (the outbox: queue-notice.ts). `write` gets the recipient, at the account's
 * address unless `to` names another (the old address of a changed email), and answers the mail. Never throws.
 */
export async function queueAccountNotice(
  ctx: AppContext,
  options: { kind: string; user: NoticeAccount; to?: string; within: DbOrTx; write: (recipient: Recipient) => Mail },
): Promise<void> {
  const { user } = options;
  await queueNotice(ctx, {
    within: options.within,
    about: { kind: options.kind, userId: user.id },
    build: async () => ({
      mail: options.write({
        appName: ctx.env.APP_NAME,
        to: options.to ?? user.email,
        firstName: user.firstName,
        language: user.language,
      }),
      options: { aboutUserId: user.id },
    }),
  });
}
