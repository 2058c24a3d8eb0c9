import type { Tx } from '@app/db';
import { WriteBatch } from '../database/index.ts';
import { addHeldCredit, refundWindowEnd } from '../wallet/index.ts';

/**
 * Quiz Points: one mark, one point. A 'Quiz Points' ledger entry (points = marks, no money) inside the
 * submission's transaction, tied to the purchase that paid for the course so that its refund can take them
 * back. Held as Pending, like a commission, until that purchase's refund window has passed (Done at once when
 * it already has): points redeemed and withdrawn inside the window would outlive a refund of the course.
 * A zero score writes nothing.
 */
export async function creditQuizPoints(
  tx: Tx,
  options: {
    userId: number;
    points: number;
    description: string;
    purchase: { id: number; paidAt: Date | null };
    now: Date;
  },
): Promise<void> {
  if (options.points <= 0) return;
  const { purchase, now } = options;
  const writes = new WriteBatch();
  addHeldCredit(writes, tx, {
    userId: options.userId,
    method: 'Quiz Points',
    amountPaise: 0,
    points: options.points,
    description: options.description,
    purchaseId: purchase.id,
    availableAt: await refundWindowEnd(tx, purchase.paidAt ?? now),
    at: now,
  });
  await writes.run(tx);
}
