import type { DbOrTx, users } from '@app/db';
import type { AppContext } from '../../context.ts';
import { queueNotice } from './queue-notice.ts';
import { bankDetailsChangedMail } from './templates.ts';

/**
 * Writes "the bank account for your withdrawals was added / changed; if it was not you, reset your
 * password" to the account's address, within the transaction that saved the details (the outbox:
 * queue-notice.ts). Never throws.
 */
export async function sendBankDetailsChangedMail(
  ctx: AppContext,
  options: {
    user: Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName' | 'language'>;
    isFirst: boolean;
    bankName: string;
    accountMasked: string;
    changedAt: Date;
    within: DbOrTx;
  },
): Promise<void> {
  const { user } = options;
  await queueNotice(ctx, {
    within: options.within,
    about: { kind: 'bank-details-changed', userId: user.id },
    build: async () => ({
      mail: bankDetailsChangedMail({
        appName: ctx.env.APP_NAME,
        to: user.email,
        firstName: user.firstName,
        language: user.language,
        isFirst: options.isFirst,
        bankName: options.bankName,
        accountMasked: options.accountMasked,
        changedAt: options.changedAt,
        resetUrl: `${ctx.env.APP_URL}/forgot-password`,
      }),
    }),
  });
}
