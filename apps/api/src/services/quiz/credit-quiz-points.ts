import type { Tx } from '@app/db';
import { postEntry } from '../wallet/ledger.ts';

/**
 * Quiz Points: one mark, one point. A 'Quiz Points' ledger entry (points = marks, no money, Done)
 * through the wallet's one ledger path, inside the submission's transaction. A zero score writes nothing.
 */
export async function creditQuizPoints(tx: Tx, options: { userId: number; points: number; description: string; now: Date }): Promise<void> {
  if (options.points <= 0) return;
  await postEntry(tx, {
    userId: options.userId,
    method: 'Quiz Points',
    amountPaise: 0,
    points: options.points,
    status: 'Done',
    description: options.description,
    at: options.now,
  });
}
