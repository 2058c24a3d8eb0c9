import { eq } from 'drizzle-orm';
import { users, walletTransactions, withdrawalAccounts, type DbOrTx } from '@app/db';
import { maskAccountLast4 } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { queueNotice } from './queue-notice.ts';
import { withdrawalRejectedMail, withdrawalSettledMail, type WithdrawalRejectedReason } from './templates.ts';

/**
 * Writes the mail about a withdrawal the operator is settling, within the settling transaction (the
 * outbox: queue-notice.ts): paid, with the bank reference; or rejected, with the reason and the money
 * back in the wallet. Settling happens once (a conditional UPDATE), so this runs once per withdrawal.
 * Never throws.
 */
export async function sendWithdrawalMail(
  ctx: AppContext,
  options: {
    withdrawalId: number;
    reason?: WithdrawalRejectedReason;
    /** A paid withdrawal the bank sent back: told as one not paid, with the reason, the money back in the wallet. */
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
        };
      }
      if (entry.status === 'Rejected' || options.returned) {
        return {
          mail: withdrawalRejectedMail({
            ...recipient,
            amountPaise,
            transactionId: entry.transactionId,
            reason: typeof options.reason === 'string' ? options.reason.trim() || null : (options.reason ?? null),
            recoveredPaise: options.recoveredPaise,
          }),
        };
      }
      return null;
    },
  });
}
