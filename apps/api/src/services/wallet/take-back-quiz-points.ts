import { and, eq } from 'drizzle-orm';
import { ledgerDescription } from '@app/contracts';
import { walletTransactions, type Tx } from '@app/db';
import type { AppContext } from '../../context.ts';
import { cancelHeldCredit, releaseHeldCredits } from './held-credits.ts';
import { NOTHING_TAKEN, takeBack, type TakenBack } from './take-back.ts';

export interface QuizPointsTakenBack extends TakenBack {
  /** Points still held in the refund window, cancelled (Rejected) before they reached the wallet. */
  cancelledPoints: number;
}

/**
 * A refund takes back the Quiz Points earned on what it refunds (course or batch): those still held in the
 * refund window are cancelled (Rejected), those already Done are taken back from the wallet, never below zero.
 * The buyer's due held credits are released first, so a credit whose window has just ended is taken back
 * rather than left Pending for ever.
 */
export async function takeBackQuizPoints(
  tx: Tx,
  ctx: AppContext,
  options: { userId: number; purchaseId: number; now: Date },
): Promise<QuizPointsTakenBack> {
  const { userId, purchaseId, now } = options;
  await releaseHeldCredits(tx, { userId, now });
  const earned = await tx
    .select({
      transactionId: walletTransactions.transactionId,
      points: walletTransactions.points,
      status: walletTransactions.status,
    })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.purchaseId, purchaseId),
        eq(walletTransactions.userId, userId),
        eq(walletTransactions.method, 'Quiz Points'),
      ),
    );
  let cancelledPoints = 0;
  let donePoints = 0;
  for (const entry of earned) {
    if (entry.status === 'Pending' && (await cancelHeldCredit(tx, { transactionId: entry.transactionId, now }))) {
      cancelledPoints += entry.points;
    } else if (entry.status === 'Done') {
      donePoints += entry.points;
    }
  }
  const taken =
    donePoints > 0
      ? await takeBack(tx, ctx, {
          userId,
          method: 'Quiz Points Reversal',
          paise: 0,
          points: donePoints,
          description: ledgerDescription('quizPointsTakenBack'),
          purchaseId,
          at: now,
        })
      : NOTHING_TAKEN;
  return { ...taken, cancelledPoints };
}
