import { and, eq } from 'drizzle-orm';
import { users, walletTransactions, type DbOrTx } from '@app/db';

/** A withdrawal still waiting for the operator: the one state in which it may be paid or rejected. */
export const isPendingWithdrawal = and(
  eq(walletTransactions.method, 'Withdraw'),
  eq(walletTransactions.status, 'Pending'),
)!;

/**
 * Locks a withdrawal for a decision on it (pay, start paying, reject) and answers it while it is Pending, else null.
 * The learner's wallet row is locked first: a refund's take-back holds the wallet and then rejects withdrawals, and
 * every rejection then writes the wallet, so taking the two in one order everywhere keeps them from deadlocking.
 */
export async function lockPendingWithdrawal(
  tx: DbOrTx,
  id: number,
): Promise<{ id: number; userId: number; amountPaise: number } | null> {
  const [owner] = await tx
    .select({ userId: walletTransactions.userId })
    .from(walletTransactions)
    .where(eq(walletTransactions.id, id));
  if (!owner) return null;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('no key update');
  const [pending] = await tx
    .select({
      id: walletTransactions.id,
      userId: walletTransactions.userId,
      amountPaise: walletTransactions.amountPaise,
    })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.id, id), isPendingWithdrawal))
    .for('update');
  return pending ?? null;
}
