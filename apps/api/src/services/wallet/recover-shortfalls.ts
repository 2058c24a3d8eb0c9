import { and, min, ne, sql } from 'drizzle-orm';
import { walletTransactions, type DbOrTx } from '@app/db';
import { formatInr, ledgerDescription, paiseToRupees, type LedgerMethod } from '@app/contracts';
import { postEntry } from './post-entry.ts';

/**
 * Money a take-back could not recover because it had left the wallet (a withdrawal being paid, or paid) is owed: the
 * take-back's entry keeps it as `shortfall_paise`. When that money comes back (a withdrawal rejected by the operator
 * paying it, or returned by the bank), it pays what is owed first, up to `paise`, oldest debt first: an entry of the
 * take-back's own method takes it (its `shortfall_paise` negative), so a refunded commission cannot be withdrawn again
 * through a transfer that bounced. Only debts recorded after the withdrawal was asked are paid from it: its money had
 * left the wallet when they were found, whereas a withdrawal asked after a debt is made of later earnings, which do not
 * pay it (decision 046). Call it in the transaction that gave the money back (the wallet's row locked), after it.
 * Returns the paise recovered.
 */
export async function recoverShortfalls(
  tx: DbOrTx,
  options: { userId: number; paise: number; withdrawal: { id: number; transactionId: string }; at: Date },
): Promise<number> {
  const { userId, withdrawal, at } = options;
  const [debts = []] = (await debtsAgainst(tx, [{ id: withdrawal.id, userId }])).values();
  let recovered = 0;
  for (const debt of debts) {
    const paise = Math.min(debt.payablePaise, options.paise - recovered);
    if (paise <= 0) continue;
    await postEntry(tx, {
      userId,
      method: debt.method,
      amountPaise: -paise,
      points: 0,
      status: 'Done',
      description: ledgerDescription('shortfallRecovered', {
        amount: formatInr(paiseToRupees(paise)),
        id: withdrawal.transactionId,
      }),
      shortfallPaise: -paise,
      at,
    });
    recovered += paise;
  }
  return recovered;
}

/** One method's debt of a learner, as seen from one of their withdrawals (debtsAgainst). */
export interface DebtAgainstWithdrawal {
  method: LedgerMethod;
  /** Still owed of it: its shortfalls less what was recovered. */
  owedPaise: number;
  /** What money coming back from the withdrawal pays of it: only shortfalls recorded after it was asked. */
  payablePaise: number;
}

/**
 * For each withdrawal, its learner's debts by method, the oldest first: what recoverShortfalls pays from that
 * withdrawal's money if it comes back, and what the console shows the operator paying it (one query for a page).
 */
export async function debtsAgainst(
  db: DbOrTx,
  withdrawals: { id: number; userId: number }[],
): Promise<Map<number, DebtAgainstWithdrawal[]>> {
  const found = new Map<number, DebtAgainstWithdrawal[]>(withdrawals.map((w) => [w.id, []]));
  if (withdrawals.length === 0) return found;
  const subjects = JSON.stringify(withdrawals.map((w) => ({ id: w.id, user_id: w.userId })));
  const t = walletTransactions;
  const rows = await db
    .select({
      withdrawalId: sql<number>`w.id`.mapWith(Number),
      method: t.method,
      owed: sql<string>`sum(${t.shortfallPaise})`.mapWith(Number),
      payable:
        sql<string>`least(sum(${t.shortfallPaise}), coalesce(sum(${t.shortfallPaise}) filter (where ${t.shortfallPaise} > 0 and ${t.id} > w.id), 0))`.mapWith(
          Number,
        ),
    })
    .from(sql`jsonb_to_recordset(${subjects}::jsonb) AS w(id int, user_id int)`)
    .innerJoin(t, and(sql`${t.userId} = w.user_id`, ne(t.shortfallPaise, 0)))
    .groupBy(sql`w.id`, t.method)
    .orderBy(sql`w.id`, min(t.id));
  for (const row of rows) {
    found.get(row.withdrawalId)?.push({
      method: row.method as LedgerMethod,
      owedPaise: Math.max(0, row.owed),
      payablePaise: Math.max(0, row.payable),
    });
  }
  return found;
}
