import { and, eq, min, ne, sql } from 'drizzle-orm';
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
  const t = walletTransactions;
  const owed = await tx
    .select({
      method: t.method,
      paise:
        sql<string>`least(sum(${t.shortfallPaise}), coalesce(sum(${t.shortfallPaise}) filter (where ${t.shortfallPaise} > 0 and ${t.id} > ${withdrawal.id}), 0))`.mapWith(
          Number,
        ),
    })
    .from(t)
    .where(and(eq(t.userId, userId), ne(t.shortfallPaise, 0)))
    .groupBy(t.method)
    .orderBy(min(t.id));
  let recovered = 0;
  for (const debt of owed) {
    const paise = Math.min(debt.paise, options.paise - recovered);
    if (paise <= 0) continue;
    await postEntry(tx, {
      userId,
      method: debt.method as LedgerMethod,
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
