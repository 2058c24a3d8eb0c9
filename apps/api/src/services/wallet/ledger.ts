import { and, eq, sql } from 'drizzle-orm';
import { users, walletTransactions, type DbOrTx } from '@app/db';
import { walletMessages, type LedgerMethod, type LedgerStatus } from '@app/contracts';
import { AppError } from '../../lib/app-error.ts';
import { randomString } from '../../lib/crypto.ts';

/** Public transaction ids: 'TX' + 14 characters without look-alikes (about 69 bits). */
const TRANSACTION_ID_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function newTransactionId(): string {
  return `TX${randomString(TRANSACTION_ID_ALPHABET, 14)}`;
}

export interface LedgerEntry {
  userId: number;
  method: LedgerMethod;
  /** Signed paise: a credit is positive, a withdrawal or reversal negative. */
  amountPaise: number;
  /** Signed whole points. */
  points: number;
  status: LedgerStatus;
  description: string;
  purchaseId?: number | null;
  /** The entry's time (ctx.now()); the database's clock when omitted. */
  at?: Date;
}

export interface PostedEntry {
  transactionId: string;
  /** The wallet after the entry. */
  balancePaise: number;
  points: number;
}

/**
 * The one way money and points move: one ledger row, and the same delta applied to the cached
 * wallet on users by a single guarded UPDATE, so no interleaving of requests can take either
 * below zero (the users CHECKs are the last line). Call it inside the transaction of the change
 * it belongs to. The ledger always sums to the wallet: a Pending withdrawal holds its amount at
 * once, and a rejected one is given back by a separate 'Withdraw Reversal' entry.
 *
 * Throws 400 (insufficient balance or points) when the delta would go below zero.
 */
export async function postEntry(tx: DbOrTx, entry: LedgerEntry): Promise<PostedEntry> {
  const { userId, amountPaise, points } = entry;
  if (!Number.isSafeInteger(amountPaise) || !Number.isSafeInteger(points)) {
    throw new Error(`ledger amounts must be integers: ${amountPaise} paise, ${points} points`);
  }
  const [wallet] = await tx
    .update(users)
    .set({
      balancePaise: sql`${users.balancePaise} + ${amountPaise}`,
      points: sql`${users.points} + ${points}`,
    })
    .where(and(
      eq(users.id, userId),
      sql`${users.balancePaise} + ${amountPaise} >= 0`,
      sql`${users.points} + ${points} >= 0`,
    ))
    .returning({ balancePaise: users.balancePaise, points: users.points });
  if (!wallet) {
    throw AppError.badRequest(amountPaise < 0 ? walletMessages.insufficientBalance : walletMessages.insufficientPoints);
  }
  const transactionId = newTransactionId();
  await tx.insert(walletTransactions).values({
    transactionId,
    userId,
    method: entry.method,
    amountPaise,
    points,
    status: entry.status,
    description: entry.description,
    purchaseId: entry.purchaseId ?? null,
    ...(entry.at ? { createdAt: entry.at } : {}),
  });
  return { transactionId, balancePaise: wallet.balancePaise, points: wallet.points };
}
