import { eq } from 'drizzle-orm';
import { users, walletTransactions, withdrawalAccounts, type DbOrTx } from '@app/db';
import { maskAccountLast4 } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { queueNotice } from './queue-notice.ts';
import {
  withdrawalRejectedMail,
  withdrawalReturnedMail,
  withdrawalSettledMail,
  type WithdrawalRejectedReason,
} from './templates.ts';

/**
 * Writes the mail about a withdrawal the operator is settling, within the settling transaction (the
 * outbox: queue-notice.ts): paid, with the bank reference; rejected, with the reason and the money
 * back in the wallet; or paid and returned by the bank, with the operator's reason and the money back.
 * Settling and returning happen once each (a conditional UPDATE, withdrawal_returns), so this runs
 * once per change. Never throws.
 */
export async function sendWithdrawalMail(
  ctx: AppContext,
  options: {
    withdrawalId: number;
    reason?: WithdrawalRejectedReason;
    /**
     * A paid withdrawal the bank sent back: told as such (withdrawalReturnedMail), with `reason`, the operator's
     * words, as written, and the money back in the wallet.
     */
    returned?: boolean;
    /** Of the amount given back, what paid back money a refund could not take back earlier. */
    recoveredPaise?: number;
    within: DbOrTx;
  },
): Promise<void> {
  await queueNotice(ctx, {
    about: { kind: 'withdrawal', withdrawalId: options.withdrawalId },
    within: options.within,
    build: async (db) => {
      const [row] = await db
        .select({
          entry: walletTransactions,
          email: users.email,
          firstName: users.firstName,
          language: users.language,
          bankName: withdrawalAccounts.bankName,
          accountLast4: withdrawalAccounts.accountLast4,
        })
        .from(walletTransactions)
        .innerJoin(users, eq(users.id, walletTransactions.userId))
        .leftJoin(withdrawalAccounts, eq(withdrawalAccounts.walletTransactionId, walletTransactions.id))
        .where(eq(walletTransactions.id, options.withdrawalId));
      if (!row) return null;
      const { entry } = row;
      const recipient = { appName: ctx.env.APP_NAME, to: row.email, firstName: row.firstName, language: row.language };
      const about = { aboutUserId: entry.userId };
      // A withdrawal is a negative ledger entry.
      const amountPaise = Math.abs(entry.amountPaise);
      if (entry.status === 'Done' && entry.bankReference && !options.returned) {
        return {
          mail: withdrawalSettledMail({
            ...recipient,
            amountPaise,
            transactionId: entry.transactionId,
            bankReference: entry.bankReference,
            account: row.accountLast4 ? `${row.bankName ?? ''} ${maskAccountLast4(row.accountLast4)}`.trim() : null,
            settledAt: entry.settledAt ?? ctx.now(),
          }),
          options: about,
        };
      }
      if (options.returned) {
        return {
          mail: withdrawalReturnedMail({
            ...recipient,
            amountPaise,
            transactionId: entry.transactionId,
            bankReference: entry.bankReference,
            reason: typeof options.reason === 'string' ? options.reason : '',
            recoveredPaise: options.recoveredPaise,
          }),
          options: about,
        };
      }
      if (entry.status === 'Rejected') {
        return {
          mail: withdrawalRejectedMail({
            ...recipient,
            amountPaise,
            transactionId: entry.transactionId,
            reason: typeof options.reason === 'string' ? options.reason.trim() || null : (options.reason ?? null),
            recoveredPaise: options.recoveredPaise,
          }),
          options: about,
        };
      }
      return null;
    },
  });
}
