import type { DbOrTx } from '@app/db';
import type { AppContext } from '../../context.ts';
import { maskEmail } from '../../lib/mask-contact.ts';
import { queueAccountNotice, type NoticeAccount } from './queue-account-notice.ts';
import { emailChangedMail } from './templates.ts';

/**
 * Writes the notice to the OLD address that the account's email was changed, naming the new one
 * masked (ra****@gmail.com: enough for the owner to recognise it, not enough to hand it to whoever
 * reads the old mailbox). Within the profile's transaction. Never throws.
 */
export async function sendEmailChangedMail(
  ctx: AppContext,
  options: { user: NoticeAccount; oldEmail: string; changedAt: Date; within: DbOrTx },
): Promise<void> {
  const { user } = options;
  await queueAccountNotice(ctx, {
    kind: 'email-changed',
    user,
    to: options.oldEmail,
    within: options.within,
    write: (recipient) =>
      emailChangedMail({ ...recipient, newEmailMasked: maskEmail(user.email), changedAt: options.changedAt }),
  });
}
