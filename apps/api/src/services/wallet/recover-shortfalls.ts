import { and, eq, min, ne, sql } from 'drizzle-orm';
import { walletTransactions, type DbOrTx } from '@app/db';
import { formatInr, ledgerDescription, paiseToRupees, type LedgerMethod } from '@app/contracts';
import { postEntry } from './post-entry.ts';

/**
 * Money a take-back could not recover because it had left the wallet (a withdrawal being paid, or paid) is owed: the
 * take-back's entry keeps it as `shortfall_paise`. Money that comes back from a withdrawal (rejected, or returned by
 * the bank) pays what is owed first, oldest debt first, up to `paise`: an entry of the take-back's own method takes it
 * (its `shortfall_paise` negative), so a refunded commission cannot be withdrawn again through a transfer that
 * bounced. Call it in the transaction that gave the money back, after it. Returns the paise recovered.
 */
export async function recoverShortfalls(
  tx: DbOrTx,
  options: { userId: number; paise: number; withdrawalTransactionId: string; at: Date },
): Promise<number> {
  const { userId, withdrawalTransactionId, at } = options;
  const t = walletTransactions;
  const owed = await tx
    .select({ method: t.method, paise: sql<string>`sum(${t.shortfallPaise})`.mapWith(Number) })
    .from(t)
    .where(and(eq(t.userId, userId), ne(t.shortfallPaise, 0)))
    .groupBy(t.method)
    .having(sql`sum(${t.shortfallPaise}) > 0`)
    .orderBy(min(t.id));
  let recovered = 0;
  for (const debt of owed) {
    const paise = Math.min(debt.paise, options.paise - recovered);
    if (paise <= 0) break;
    await postEntry(tx, {
      userId,
      method: debt.method as LedgerMethod,
      amountPaise: -paise,
      points: 0,
      status: 'Done',
      description: ledgerDescription('shortfallRecovered', {
        amount: formatInr(paiseToRupees(paise)),
        id: withdrawalTransactionId,
      }),
      shortfallPaise: -paise,
      at,
    });
    recovered += paise;
  }
  return recovered;
}
