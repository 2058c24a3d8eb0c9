import { and, eq } from 'drizzle-orm';
import { walletTransactions } from '@app/db';

/** A withdrawal still waiting for the operator: the one state in which it may be paid or rejected. */
export const isPendingWithdrawal = and(
  eq(walletTransactions.method, 'Withdraw'),
  eq(walletTransactions.status, 'Pending'),
)!;
