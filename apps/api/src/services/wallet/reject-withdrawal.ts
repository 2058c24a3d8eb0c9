import { and, eq, sql } from 'drizzle-orm';
import { walletTransactions, type DbOrTx } from '@app/db';
import { isPendingWithdrawal } from './pending-withdrawal.ts';
import { postEntry } from './post-entry.ts';

/**
 * Rejects a Pending withdrawal and gives its amount back with a 'Withdraw Reversal', once: the conditional UPDATE
 * decides, so of two settlings at the same time one wins and the other gets null. The reason is added to the
 * withdrawal's description and named in the reversal's. Call it inside the transaction of the change.
 */
export async function rejectWithdrawal(
  tx: DbOrTx,
  options: { id: number; reason: string; now: Date },
): Promise<{ userId: number; reversalTransactionId: string } | null> {
  const { id, reason, now } = options;
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
