import type { DbOrTx } from '@app/db';
import type { AppContext } from '../../context.ts';
import { queueAccountNotice, type NoticeAccount } from './queue-account-notice.ts';
import { passwordChangedMail } from './templates.ts';

/**
 * Writes "your password was changed; if it was not you, reset it" to the account's address, for
 * a profile password change or a reset by code, within its transaction. Never throws.
 */
export async function sendPasswordChangedMail(
  ctx: AppContext,
  options: { user: NoticeAccount; changedAt: Date; within: DbOrTx },
): Promise<void> {
  await queueAccountNotice(ctx, {
    kind: 'password-changed',
    user: options.user,
    within: options.within,
    write: (recipient) =>
      passwordChangedMail({
        ...recipient,
        changedAt: options.changedAt,
        resetUrl: `${ctx.env.APP_URL}/forgot-password`,
      }),
  });
}
