import { and, eq, gt, isNotNull, sql, type SQL } from 'drizzle-orm';
import { walletTransactions, type DbOrTx } from '@app/db';
import type { LedgerMethod } from '@app/contracts';
import { getSetting } from '../settings/index.ts';
import type { WriteBatch } from '../database/index.ts';
import { addEntry, newTransactionId } from './post-entry.ts';
import { payDebtsFromEarnings, usersOwingWithMoney } from './recover-shortfalls.ts';

/*
 * Held credits: commissions, level rewards and Quiz Points are posted as Pending, outside the wallet, until the
 * refund window of the purchase that earned them has passed; then they become Done and enter the
 * wallet. Until then they can be neither redeemed nor withdrawn, and a refund cancels them
 * (Rejected). The wallet is therefore the sum of the ledger less the credits not yet Done:
 * a credit counts once it is Done, a debit (a Pending withdrawal too) as soon as it is posted.
 */

export interface HeldCredit {
  userId: number;
  method: Extract<LedgerMethod, 'Referral Commission' | 'Level Reward' | 'Quiz Points'>;
  amountPaise: number;
  points: number;
  description: string;
  purchaseId: number | null;
  /** When it becomes Done: the end of the earning purchase's refund window. */
  availableAt: Date;
  at: Date;
}

/** The end of the refund window of a purchase paid at `paidAt`, with the refund_window_days setting's value. */
export function refundWindowEndAt(paidAt: Date, refundWindowDays: number): Date {
  return new Date(paidAt.getTime() + refundWindowDays * 86_400_000);
}

/** The end of the refund window of a purchase paid at `paidAt` (setting refund_window_days). */
export async function refundWindowEnd(db: DbOrTx, paidAt: Date): Promise<Date> {
  return refundWindowEndAt(paidAt, await getSetting(db, 'refund_window_days'));
}

/**
 * Adds a held credit to a batch of writes: a Pending ledger row; the wallet does not move until it
 * is released. With no refund window (refund_window_days = 0) there is nothing to hold: it is
 * posted Done at once (addEntry). Returns the entry's transaction id.
 */
export function addHeldCredit(writes: WriteBatch, tx: DbOrTx, credit: HeldCredit): string {
  if (
    !Number.isSafeInteger(credit.amountPaise) ||
    !Number.isSafeInteger(credit.points) ||
    credit.amountPaise < 0 ||
    credit.points < 0
  ) {
    throw new Error(`a held credit must be whole and positive: ${credit.amountPaise} paise, ${credit.points} points`);
  }
  if (credit.availableAt <= credit.at) {
    const { availableAt: _, ...entry } = credit;
    return addEntry(writes, { ...entry, status: 'Done' }).transactionId;
  }
  const transactionId = newTransactionId();
  writes.add(
    tx.insert(walletTransactions).values({
      transactionId,
      userId: credit.userId,
      method: credit.method,
      amountPaise: credit.amountPaise,
      points: credit.points,
      status: 'Pending',
      description: credit.description,
      purchaseId: credit.purchaseId,
      availableAt: credit.availableAt,
      createdAt: credit.at,
    }),
  );
  return transactionId;
}

/**
 * The release as the two parts of one WITH statement: `released` (the user's due held credits made
 * Done, RETURNING id, amount_paise, points) and `credited` (their sum added to the wallet, RETURNING
 * the new balance_paise and points; no row when nothing was due), which reads `released` by that name.
 * GET /transactions runs them ahead of its reads (list-transactions.ts).
 *
 * When something is due, `released` locks the wallet's row (users) before any ledger row: the order every money
 * change takes (a refund locks the referrer's wallet, then releases and takes back). Locking the credits first, a
 * withdrawal releasing a commission deadlocked with that commission's refund, and PostgreSQL killed one of the two.
 * With nothing due nothing is locked, so a read of the wallet page stays a read.
 */
export function releaseHeldCreditsSql(options: { userId: number | SQL; now: Date | SQL }): {
  released: SQL;
  credited: SQL;
} {
  const { userId, now } = options;
  return {
    released: sql`
      UPDATE wallet_transactions SET status = 'Done', settled_at = ${now}
      WHERE user_id = ${userId} AND status = 'Pending' AND available_at IS NOT NULL AND available_at <= ${now}
        AND EXISTS (
          SELECT FROM users WHERE users.id = ${userId} AND EXISTS (
            SELECT FROM wallet_transactions due
            WHERE due.user_id = ${userId} AND due.status = 'Pending' AND due.available_at <= ${now})
          FOR NO KEY UPDATE OF users)
      RETURNING id, amount_paise, points`,
    credited: sql`
      UPDATE users SET balance_paise = users.balance_paise + s.paise, points = users.points + s.pts
      FROM (SELECT sum(amount_paise) AS paise, sum(points) AS pts FROM released) AS s
      WHERE users.id = ${userId} AND s.paise IS NOT NULL
      RETURNING users.balance_paise, users.points`,
  };
}

/**
 * Releases the user's held credits whose time has come, in one statement: they become Done and
 * their sum enters the wallet. A concurrent release or refund of the same row waits for the row
 * lock and then finds it no longer Pending, so each credit enters the wallet once.
 */
export async function releaseHeldCredits(db: DbOrTx, options: { userId: number; now: Date }): Promise<void> {
  const { released, credited } = releaseHeldCreditsSql(options);
  await db.execute(sql`WITH released AS (${released}) ${credited}`);
}

/** Releases every due held credit, user by user (the reconciler's periodic run: settleEarnings). Returns how many users. */
export async function releaseDueHeldCredits(db: DbOrTx, options: { now: Date; batchSize?: number }): Promise<number> {
  const due = await db
    .selectDistinct({ userId: walletTransactions.userId })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.status, 'Pending'), sql`${walletTransactions.availableAt} <= ${options.now}`))
    .limit(options.batchSize ?? 500);
  for (const { userId } of due) await settleEarnings(db, { userId, now: options.now });
  return due.length;
}

/**
 * The reconciler's periodic run: every due held credit released and the debts it pays (releaseDueHeldCredits), then
 * every learner still owing with money in the wallet settled (credits posted Done at once, balances from before
 * decision 068), so the balance a learner sees is what they can withdraw. Returns how many users were settled.
 */
export async function settleDueWallets(db: DbOrTx, options: { now: Date; batchSize?: number }): Promise<number> {
  const released = await releaseDueHeldCredits(db, options);
  const owing = await usersOwingWithMoney(db, options.batchSize ?? 500);
  for (const userId of owing) await settleEarnings(db, { userId, now: options.now });
  return released + owing.length;
}

/**
 * In a transaction of its own: the user's due held credits released, and what they owe paid from the wallet
 * (payDebtsFromEarnings). Before POST /withdraw's own transaction, so that a debt paid stays paid when the
 * withdrawal is then refused for want of money.
 */
export async function settleEarnings(db: DbOrTx, options: { userId: number; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    await releaseHeldCredits(tx, options);
    await payDebtsFromEarnings(tx, { userId: options.userId, at: options.now });
  });
}

/**
 * Cancels a held credit that has not been released (a refund inside the window): Rejected, and the
 * wallet never saw it. True when it was cancelled; false when it was not Pending any more.
 */
export async function cancelHeldCredit(tx: DbOrTx, options: { transactionId: string; now: Date }): Promise<boolean> {
  const rows = await tx
    .update(walletTransactions)
    .set({ status: 'Rejected', settledAt: options.now })
    .where(
      and(
        eq(walletTransactions.transactionId, options.transactionId),
        eq(walletTransactions.status, 'Pending'),
        gt(walletTransactions.availableAt, options.now),
      ),
    )
    .returning({ id: walletTransactions.id });
  return rows.length > 0;
}

/** A credit still held (Pending with a release time): not in the wallet yet. A Pending withdrawal has none. */
export const isHeldCredit = and(eq(walletTransactions.status, 'Pending'), isNotNull(walletTransactions.availableAt))!;

/** What a user's held credits add up to, in paise and points. */
export async function heldCreditsOf(db: DbOrTx, userId: number): Promise<{ paise: number; points: number }> {
  const [held] = await db
    .select({
      paise: sql<number>`coalesce(sum(${walletTransactions.amountPaise}), 0)::bigint`.mapWith(Number),
      points: sql<number>`coalesce(sum(${walletTransactions.points}), 0)::bigint`.mapWith(Number),
    })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.userId, userId), isHeldCredit));
  return held ?? { paise: 0, points: 0 };
}

/**
 * Cancels every credit a user still has held whose refund window has not ended (Rejected, settled `now`; one already
 * due is earned: the caller releases it first): an erased account (decision 066) must not have them released into a
 * wallet nobody can use, and owed for ever in the balances register. Answers their sums.
 */
export async function cancelHeldCredits(
  tx: DbOrTx,
  options: { userId: number; now: Date },
): Promise<{ paise: number; points: number }> {
  const cancelled = await tx
    .update(walletTransactions)
    .set({ status: 'Rejected', settledAt: options.now })
    .where(
      and(eq(walletTransactions.userId, options.userId), isHeldCredit, gt(walletTransactions.availableAt, options.now)),
    )
    .returning({ paise: walletTransactions.amountPaise, points: walletTransactions.points });
  return cancelled.reduce((sum, row) => ({ paise: sum.paise + row.paise, points: sum.points + row.points }), {
    paise: 0,
    points: 0,
  });
}
