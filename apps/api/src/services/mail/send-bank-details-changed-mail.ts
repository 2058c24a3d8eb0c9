import type { DbOrTx } from '@app/db';
import type { AppContext } from '../../context.ts';
import { queueAccountNotice, type NoticeAccount } from './queue-account-notice.ts';
import { bankDetailsChangedMail } from './templates.ts';

/**
 * Writes "the bank account for your withdrawals was added / changed; if it was not you, reset your
 * password" to the account's address, within the transaction that saved the details. Never throws.
 */
export async function sendBankDetailsChangedMail(
  ctx: AppContext,
  options: {
    user: NoticeAccount;
    isFirst: boolean;
    bankName: string;
    accountMasked: string;
    changedAt: Date;
    within: DbOrTx;
  },
): Promise<void> {
  await queueAccountNotice(ctx, {
    kind: 'bank-details-changed',
    user: options.user,
    within: options.within,
    write: (recipient) =>
      bankDetailsChangedMail({
        ...recipient,
        isFirst: options.isFirst,
        bankName: options.bankName,
        accountMasked: options.accountMasked,
        changedAt: options.changedAt,
        resetUrl: `${ctx.env.APP_URL}/forgot-password`,
      }),
  });
}
