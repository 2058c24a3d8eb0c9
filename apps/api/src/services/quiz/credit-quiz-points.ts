import { and, eq, ne, sql } from 'drizzle-orm';
import { joinLedgerParts, ledgerDescription } from '@app/contracts';
import { invoices, levels, users, walletTransactions, type Tx } from '@app/db';
import { WriteBatch } from '../database/index.ts';
import { getSetting } from '../settings/index.ts';
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
 * A purchase's points are worth at most what the business keeps of it, at the redeem rate (`convert_value_paise`;
 * quizPointsCapPaise): a farm's sign-up buying a ten-subject ₹399 course for ₹39.90 with a 90% code earns none,
 * where it earned 100 points (₹100 to withdraw), then 39 with its referrer's commission on top. The purchase's
 * submissions take turns on that count (an advisory lock: a batch fee's courses are quizzed apart).
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
    .where(standingEntriesOf(purchase.id, 'Quiz Points'));
  const cap = rate > 0 ? Math.floor((await quizPointsCapPaise(tx, { ...options, rate })) / rate) : Infinity;
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

/**
 * What a purchase's Quiz Points may be worth: what the business keeps of what was paid (docs/decisions/
 * 048-quiz-points-within-what-the-business-keeps.md). The price less its GST (the invoice's taxable value), less what
 * the same purchase paid out or holds for the referrer: the commission on it, and, when it can count for a level
 * (a referred buyer, paid at least the level minimum), the largest share a sub-user earns of a level reward (reward
 * money and points over the sub-users it needs). Each cap on its own left a farm more than it paid: 39 points plus the
 * ₹3.99 commission on ₹39.90; two ₹159.60 sign-ups' points plus level 1's ₹200 on ₹319.20.
 */
async function quizPointsCapPaise(
  tx: Tx,
  options: { userId: number; purchase: { id: number; amountPaise: number }; rate: number },
): Promise<number> {
  const { purchase, rate } = options;
  // One after another: a transaction is one connection, which runs one statement at a time anyway (pg 9 refuses more).
  const [invoice] = await tx
    .select({ taxablePaise: invoices.taxablePaise })
    .from(invoices)
    .where(and(eq(invoices.purchaseId, purchase.id), eq(invoices.kind, 'invoice')));
  const [paidOut] = await tx
    .select({
      paise:
        sql<string>`coalesce(sum(${walletTransactions.amountPaise} + ${walletTransactions.points} * ${rate}), 0)`.mapWith(
          Number,
        ),
    })
    .from(walletTransactions)
    .where(standingEntriesOf(purchase.id, 'Referral Commission'));
  const [buyer] = await tx.select({ referrerId: users.referrerId }).from(users).where(eq(users.id, options.userId));
  const minimumPaise = await getSetting(tx, 'level_min_purchase_paise');
  let keptPaise = (invoice?.taxablePaise ?? purchase.amountPaise) - (paidOut?.paise ?? 0);
  if (buyer?.referrerId != null && purchase.amountPaise >= minimumPaise) {
    const ladder = await tx
      .select({ rewardPaise: levels.rewardPaise, rewardPoints: levels.rewardPoints, node: levels.node })
      .from(levels);
    const shares = ladder
      .filter((level) => level.node > 0)
      .map((level) => Math.ceil((level.rewardPaise + level.rewardPoints * rate) / level.node));
    keptPaise -= Math.max(0, ...shares);
  }
  return Math.max(0, keptPaise);
}

/** A purchase's ledger entries of one kind that still stand (not Rejected). */
function standingEntriesOf(purchaseId: number, method: 'Quiz Points' | 'Referral Commission') {
  return and(
    eq(walletTransactions.purchaseId, purchaseId),
    eq(walletTransactions.method, method),
    ne(walletTransactions.status, 'Rejected'),
  );
}
