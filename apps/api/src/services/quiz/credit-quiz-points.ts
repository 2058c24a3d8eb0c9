import { and, eq, ne, sql } from 'drizzle-orm';
import { joinLedgerParts, ledgerDescription } from '@app/contracts';
import { walletTransactions, type Tx } from '@app/db';
import { WriteBatch } from '../database/index.ts';
import { addHeldCredit, convertValuePaise, refundWindowEnd } from '../wallet/index.ts';

/** The advisory lock key of a purchase's Quiz Points (single-bigint key space, 'pnts' in the high 32 bits). */
const quizPointsKey = (purchaseId: number) => sql`((x'706e7473'::bigint << 32) + ${purchaseId}::bigint)`;

/**
 * Quiz Points: one mark, one point. A 'Quiz Points' ledger entry (points = marks, no money) inside the
 * submission's transaction, tied to the purchase that paid for the course so that its refund can take them
 * back. Held as Pending, like a commission, until that purchase's refund window has passed (Done at once when
 * it already has): points redeemed and withdrawn inside the window would outlive a refund of the course.
 * A zero score writes nothing.
 *
 * A purchase's points are worth at most what was paid for it, at the redeem rate (`convert_value_paise`): a
 * ten-subject course bought for ₹39.90 with a 90% code earns at most 39 points, not 100 (₹100 to withdraw). The
 * purchase's submissions take turns on that count (an advisory lock: a batch fee's courses are quizzed apart).
 */
export async function creditQuizPoints(
  tx: Tx,
  options: {
    userId: number;
    points: number;
    description: string;
    purchase: { id: number; amountPaise: number; paidAt: Date | null };
    now: Date;
  },
): Promise<void> {
  if (options.points <= 0) return;
  const { purchase, now } = options;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${quizPointsKey(purchase.id)})`);
  const rate = await convertValuePaise(tx);
  const [earned] = await tx
    .select({ points: sql<string>`coalesce(sum(${walletTransactions.points}), 0)`.mapWith(Number) })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.purchaseId, purchase.id),
        eq(walletTransactions.method, 'Quiz Points'),
        ne(walletTransactions.status, 'Rejected'),
      ),
    );
  const cap = rate > 0 ? Math.floor(purchase.amountPaise / rate) : Infinity;
  const points = Math.min(options.points, cap - (earned?.points ?? 0));
  if (points <= 0) return;
  const writes = new WriteBatch();
  addHeldCredit(writes, tx, {
    userId: options.userId,
    method: 'Quiz Points',
    amountPaise: 0,
    points,
    description: joinLedgerParts(
      options.description,
      points < options.points ? ledgerDescription('quizCapped', { points }) : '',
    ),
    purchaseId: purchase.id,
    availableAt: await refundWindowEnd(tx, purchase.paidAt ?? now),
    at: now,
  });
  await writes.run(tx);
}
