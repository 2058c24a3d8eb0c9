import { and, eq, sum } from 'drizzle-orm';
import { walletTransactions, type Tx } from '@app/db';
import { NOTHING_TAKEN, takeBack, type TakenBack } from './take-back.ts';

/** A refund takes back the Quiz Points earned on what it refunds (course or batch), never below zero. */
export async function takeBackQuizPoints(
  tx: Tx,
  options: { userId: number; purchaseId: number; now: Date },
): Promise<TakenBack> {
  const [earned] = await tx
    .select({ points: sum(walletTransactions.points).mapWith(Number) })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.purchaseId, options.purchaseId),
        eq(walletTransactions.userId, options.userId),
        eq(walletTransactions.method, 'Quiz Points'),
      ),
    );
  if (!earned?.points) return NOTHING_TAKEN;
  return takeBack(tx, {
    userId: options.userId,
    method: 'Quiz Points Reversal',
    paise: 0,
    points: earned.points,
    description: 'Purchase refunded: Quiz Points earned on it taken back',
    purchaseId: options.purchaseId,
    at: options.now,
  });
}
