import { and, eq, sql } from 'drizzle-orm';
import { walletTransactions, withdrawalPayouts, type DbOrTx } from '@app/db';
import { isPendingWithdrawal, lockPendingWithdrawal } from './pending-withdrawal.ts';
import { postEntry } from './post-entry.ts';

/**
 * Rejects a Pending withdrawal and gives its amount back with a 'Withdraw Reversal', once: the conditional UPDATE
 * decides, so of two settlings at the same time one wins and the other gets null. The reason is added to the
 * withdrawal's description and named in the reversal's. Call it inside the transaction of the change.
 *
 * `unlessBeingPaid`: a rejection nobody at the bank decided (a guardian's withdrawal of consent, a refund taking
 * money back) leaves alone a withdrawal an operator has started paying (withdrawal_payouts), and answers null. The
 * row is locked first (lockPendingWithdrawal) and the payout read after, so a start of payment committed meanwhile
 * is seen.
 */
export async function rejectWithdrawal(
  tx: DbOrTx,
  options: { id: number; reason: string; now: Date; unlessBeingPaid?: boolean },
): Promise<{ userId: number; reversalTransactionId: string } | null> {
  const { id, reason, now } = options;
  if (!(await lockPendingWithdrawal(tx, id))) return null;
  if (options.unlessBeingPaid) {
    const [payout] = await tx
      .select({ id: withdrawalPayouts.walletTransactionId })
      .from(withdrawalPayouts)
      .where(eq(withdrawalPayouts.walletTransactionId, id));
    if (payout) return null;
  }
  const [rejected] = await tx
    .update(walletTransactions)
    .set({
      status: 'Rejected',
      settledAt: now,
      description: sql`left(${walletTransactions.description} || ${` (rejected: ${reason})`}, 1000)`,
    })
    .where(and(eq(walletTransactions.id, id), isPendingWithdrawal))
    .returning();
  if (!rejected) return null;
  const reversal = await postEntry(tx, {
    userId: rejected.userId,
    method: 'Withdraw Reversal',
    amountPaise: -rejected.amountPaise,
    points: 0,
    status: 'Done',
    description: `Withdrawal ${rejected.transactionId} rejected: ${reason}`,
    at: now,
  });
  return { userId: rejected.userId, reversalTransactionId: reversal.transactionId };
}
