import { count, desc, eq } from 'drizzle-orm';
import { users, walletTransactions, type DbOrTx } from '@app/db';
import { lastPage, ledgerKind, paiseToRupees, type LedgerStatus, type TransactionsData } from '@app/contracts';

/** GET /transactions: the wallet and a page of its ledger, newest first. */
export async function listTransactions(db: DbOrTx, options: { userId: number; page: number; perPage: number }): Promise<TransactionsData> {
  const { userId, page, perPage } = options;
  const [[wallet], [total], rows] = await Promise.all([
    db.select({ balancePaise: users.balancePaise, points: users.points }).from(users).where(eq(users.id, userId)),
    db.select({ n: count() }).from(walletTransactions).where(eq(walletTransactions.userId, userId)),
    db.select().from(walletTransactions)
      .where(eq(walletTransactions.userId, userId))
      .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  const totalRows = total?.n ?? 0;
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
    })),
    current_page: page,
    per_page: perPage,
    total: totalRows,
    last_page: lastPage(totalRows, perPage),
  };
}
