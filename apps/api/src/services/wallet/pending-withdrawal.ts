import { and, eq } from 'drizzle-orm';
import { users, walletTransactions, withdrawalPayouts, type DbOrTx } from '@app/db';

/** A withdrawal still waiting for the operator: the one state in which it may be paid or rejected. */
export const isPendingWithdrawal = and(
  eq(walletTransactions.method, 'Withdraw'),
  eq(walletTransactions.status, 'Pending'),
)!;

/**
 * Locks a withdrawal for a decision on it (pay, start paying, reject while Pending; give back once Done) and answers
 * it while it is in `status`, else null. The learner's wallet row is locked first: a refund's take-back holds the
 * wallet and then rejects withdrawals, and every rejection then writes the wallet, so taking the two in one order
 * everywhere keeps them from deadlocking.
 */
export async function lockWithdrawal(
  tx: DbOrTx,
  id: number,
  status: 'Pending' | 'Done' = 'Pending',
): Promise<{ id: number; userId: number; transactionId: string; amountPaise: number } | null> {
  const [owner] = await tx
    .select({ userId: walletTransactions.userId })
    .from(walletTransactions)
    .where(eq(walletTransactions.id, id));
  if (!owner) return null;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('no key update');
  const [locked] = await tx
    .select({
      id: walletTransactions.id,
      userId: walletTransactions.userId,
      transactionId: walletTransactions.transactionId,
      amountPaise: walletTransactions.amountPaise,
    })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.id, id),
        eq(walletTransactions.method, 'Withdraw'),
        eq(walletTransactions.status, status),
      ),
    )
    .for('update');
  return locked ?? null;
}

/** lockWithdrawal of a Pending withdrawal. */
export const lockPendingWithdrawal = (tx: DbOrTx, id: number) => lockWithdrawal(tx, id, 'Pending');

/**
 * The operator who started paying a withdrawal (withdrawal_payouts), or null. Read after lockWithdrawal, in a
 * statement of its own, so that a start of payment committed while the lock was awaited is seen.
 */
export async function payoutStartedBy(tx: DbOrTx, id: number): Promise<number | null> {
  const [payout] = await tx
    .select({ startedBy: withdrawalPayouts.startedBy })
    .from(withdrawalPayouts)
    .where(eq(withdrawalPayouts.walletTransactionId, id));
  return payout?.startedBy ?? null;
}
