import { sql } from 'drizzle-orm';
import { users, walletTransactions, type DbOrTx } from '@app/db';
import { walletMessages, type LedgerMethod, type LedgerStatus } from '@app/contracts';
import { AppError } from '../../lib/app-error.ts';
import { randomString } from '../../lib/crypto.ts';
import { WriteBatch, type BatchValue } from '../database/index.ts';

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
  /** A take-back's money not recovered (positive), or a later recovery of it (negative): see recover-shortfalls.ts. */
  shortfallPaise?: number;
  /** A recovery's withdrawal (wallet_transactions id): the one whose money came back and paid it. */
  recoveredFromId?: number | null;
  /** A level reward's share taken back: the Level Reward (wallet_transactions id) it is a share of (decision 075). */
  reversesId?: number | null;
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
  const writes = new WriteBatch();
  const posted = addEntry(writes, entry);
  await writes.run(tx);
  const wallet = posted.wallet.value!;
  return { transactionId: posted.transactionId, balancePaise: wallet.balancePaise, points: wallet.points };
}

/**
 * postEntry as part of a batch of writes sent as one statement: the guarded wallet UPDATE, and the
 * ledger row inserted only from the row it returns. After the batch has run, `wallet` is the wallet
 * after the entry; when the guard refused, the batch's next step throws postEntry's 400.
 */
export function addEntry(
  writes: WriteBatch,
  entry: LedgerEntry,
): { transactionId: string; wallet: BatchValue<{ balancePaise: number; points: number } | null> } {
  const { userId, amountPaise, points } = entry;
  if (
    !Number.isSafeInteger(amountPaise) ||
    !Number.isSafeInteger(points) ||
    !Number.isSafeInteger(entry.shortfallPaise ?? 0)
  ) {
    throw new Error(
      `ledger amounts must be integers: ${amountPaise} paise, ${points} points, ${entry.shortfallPaise} short`,
    );
  }
  const moved = writes.add(sql`
    UPDATE ${users} SET balance_paise = balance_paise + ${amountPaise}::bigint, points = points + ${points}::int
    WHERE id = ${userId}::int AND balance_paise + ${amountPaise}::bigint >= 0 AND points + ${points}::int >= 0
    RETURNING balance_paise, points`);
  const transactionId = newTransactionId();
  // Without a time of its own the row takes the column's default, the database's clock.
  const createdAt = entry.at
    ? { column: sql`, created_at`, value: sql`, ${entry.at.toISOString()}::timestamptz` }
    : { column: sql``, value: sql`` };
  writes.add(sql`
    INSERT INTO ${walletTransactions} (transaction_id, user_id, method, amount_paise, points, status, description, purchase_id, shortfall_paise, recovered_from_id, reverses_id${createdAt.column})
    SELECT ${transactionId}::text, ${userId}::int, ${entry.method}::text, ${amountPaise}::bigint, ${points}::int, ${entry.status}::text,
      ${entry.description}::text, ${entry.purchaseId ?? null}::int, ${entry.shortfallPaise ?? 0}::bigint,
      ${entry.recoveredFromId ?? null}::int, ${entry.reversesId ?? null}::int${createdAt.value}
    FROM ${moved}`);
  const wallet = writes.output(
    sql`(SELECT json_build_object('balancePaise', balance_paise, 'points', points) FROM ${moved})`,
    (raw) => (raw ? (raw as { balancePaise: number; points: number }) : null),
  );
  writes.then(async () => {
    if (!wallet.value) {
      throw AppError.badRequest(
        amountPaise < 0 ? walletMessages.insufficientBalance : walletMessages.insufficientPoints,
      );
    }
  });
  return { transactionId, wallet };
}
