import { and, desc, eq } from 'drizzle-orm';
import { users, walletTransactions, withdrawalPayoutTakeovers, withdrawalPayouts, type DbOrTx } from '@app/db';

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
 * Who is paying a withdrawal now and since when: the operator who started paying it (withdrawal_payouts), or the last
 * to take it over (withdrawal_payout_takeovers); null when nobody has started. Read after lockWithdrawal, in a
 * statement of its own, so that a start or a take-over committed while the lock was awaited is seen.
 */
export async function currentPayout(
  tx: DbOrTx,
  id: number,
): Promise<{ payerId: number; since: Date; isTakenOver: boolean } | null> {
  const [payout] = await tx
    .select({
      startedBy: withdrawalPayouts.startedBy,
      startedAt: withdrawalPayouts.startedAt,
      takenBy: withdrawalPayoutTakeovers.takenBy,
      takenAt: withdrawalPayoutTakeovers.takenAt,
    })
    .from(withdrawalPayouts)
    .leftJoin(withdrawalPayoutTakeovers, eq(withdrawalPayoutTakeovers.walletTransactionId, id))
    .where(eq(withdrawalPayouts.walletTransactionId, id))
    .orderBy(desc(withdrawalPayoutTakeovers.id))
    .limit(1);
  if (!payout) return null;
  return payout.takenBy !== null && payout.takenAt !== null
    ? { payerId: payout.takenBy, since: payout.takenAt, isTakenOver: true }
    : { payerId: payout.startedBy, since: payout.startedAt, isTakenOver: false };
}

/** The operator paying a withdrawal now (currentPayout), or null. */
export async function payingOperator(tx: DbOrTx, id: number): Promise<number | null> {
  return (await currentPayout(tx, id))?.payerId ?? null;
}
