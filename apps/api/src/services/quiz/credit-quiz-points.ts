import type { Tx } from '@app/db';
import { postEntry } from '../wallet/index.ts';

/**
 * Quiz Points: one mark, one point. A 'Quiz Points' ledger entry (points = marks, no money, Done)
 * through the wallet's one ledger path, inside the submission's transaction, tied to the purchase
 * that paid for the course so that its refund can take them back. A zero score writes nothing.
 */
export async function creditQuizPoints(
  tx: Tx,
  options: { userId: number; points: number; description: string; purchaseId: number | null; now: Date },
): Promise<void> {
  if (options.points <= 0) return;
  await postEntry(tx, {
    userId: options.userId,
    method: 'Quiz Points',
    amountPaise: 0,
    points: options.points,
    status: 'Done',
    description: options.description,
    purchaseId: options.purchaseId,
    at: options.now,
  });
}
