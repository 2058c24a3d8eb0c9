import { desc, eq, sql } from 'drizzle-orm';
import { users, walletTransactions, type DbOrTx } from '@app/db';
import { lastPage, ledgerKind, paiseToRupees, type LedgerStatus, type TransactionsData } from '@app/contracts';
import { preparedPerDatabase } from '../database/prepared-per-database.ts';
import { releaseHeldCredits } from './held-credits.ts';

// The wallet page is read often: two prepared statements, run side by side.

/** The cached wallet and how many ledger rows it has, in one row. */
const walletSummaryQuery = preparedPerDatabase((db) => db
  .select({
    balancePaise: users.balancePaise,
    points: users.points,
    entries: sql<number>`(select count(*) from ${walletTransactions} where ${walletTransactions.userId} = ${sql.placeholder('userId')})`.mapWith(Number),
  })
  .from(users)
  .where(eq(users.id, sql.placeholder('userId')))
  .prepare('wallet_summary'));

const ledgerPageQuery = preparedPerDatabase((db) => db
  .select()
  .from(walletTransactions)
  .where(eq(walletTransactions.userId, sql.placeholder('userId')))
  .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
  .limit(sql.placeholder('limit'))
  .offset(sql.placeholder('offset'))
  .prepare('wallet_ledger_page'));

/**
 * GET /transactions: the wallet and a page of its ledger, newest first, after releasing the held
 * credits whose refund window has passed (so the page shows them Done and in the balance).
 */
export async function listTransactions(
  db: DbOrTx,
  options: { userId: number; page: number; perPage: number; now: Date },
): Promise<TransactionsData> {
  const { userId, page, perPage } = options;
  await releaseHeldCredits(db, { userId, now: options.now });
  const [[wallet], rows] = await Promise.all([
    walletSummaryQuery(db).execute({ userId }),
    ledgerPageQuery(db).execute({ userId, limit: perPage, offset: (page - 1) * perPage }),
  ]);
  const totalRows = wallet?.entries ?? 0;
  return {
    points: wallet?.points ?? 0,
    balance: paiseToRupees(wallet?.balancePaise ?? 0),
    transactions: rows.map((row) => ({
      date_time: row.createdAt.toISOString(),
      method: row.method,
      transaction_id: row.transactionId,
      kind: ledgerKind(row.amountPaise, row.points),
      amount: paiseToRupees(row.amountPaise),
      point: row.points,
      status: row.status as LedgerStatus,
      description: row.description,
      available_at: row.status === 'Pending' && row.availableAt ? row.availableAt.toISOString() : null,
    })),
    current_page: page,
    per_page: perPage,
    total: totalRows,
    last_page: lastPage(totalRows, perPage),
  };
}
