import { and, asc, inArray, ne } from 'drizzle-orm';
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
 * pay it (decision 046). Each recovery names the withdrawal that paid it, so the debts it paid are not counted again
 * for another withdrawal (decision 059). Call it in the transaction that gave the money back (the wallet's row locked), after it.
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
      recoveredFromId: withdrawal.id,
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
  /** What money coming back from the withdrawal pays of it: what is still owed of the debts recorded after it was asked. */
  payablePaise: number;
}

/** A debt (a positive shortfall) and what is still owed of it. */
interface OpenDebt {
  id: number;
  remainingPaise: number;
}

/**
 * For each withdrawal, its learner's debts by method, the oldest first: what recoverShortfalls pays from that
 * withdrawal's money if it comes back, and what the console shows the operator paying it (one query for a page).
 *
 * Each user's and method's shortfall rows are replayed in id order: a debt opens; a recovery pays the oldest debts
 * still open that its withdrawal's money could pay (recorded after that withdrawal was asked; any, for a recovery from
 * before migration 0031 that names none, as those were paid). A withdrawal's payable amount is what is still owed of
 * the debts recorded after it; what is owed is what is still open of all. Summing the shortfalls recorded after a
 * withdrawal instead counted a debt an earlier rejection had paid as still payable, and took the later withdrawal's
 * money for an older debt (decision 059).
 */
export async function debtsAgainst(
  db: DbOrTx,
  withdrawals: { id: number; userId: number }[],
): Promise<Map<number, DebtAgainstWithdrawal[]>> {
  const found = new Map<number, DebtAgainstWithdrawal[]>(withdrawals.map((w) => [w.id, []]));
  if (withdrawals.length === 0) return found;
  const t = walletTransactions;
  const rows = await db
    .select({
      id: t.id,
      userId: t.userId,
      method: t.method,
      shortfallPaise: t.shortfallPaise,
      recoveredFromId: t.recoveredFromId,
    })
    .from(t)
    .where(and(inArray(t.userId, [...new Set(withdrawals.map((w) => w.userId))]), ne(t.shortfallPaise, 0)))
    .orderBy(asc(t.id));

  // Per user, per method (in the order of their first row), the debts still open after every recovery.
  const ledgers = new Map<number, Map<LedgerMethod, OpenDebt[]>>();
  for (const row of rows) {
    const methods = ledgers.get(row.userId) ?? new Map<LedgerMethod, OpenDebt[]>();
    ledgers.set(row.userId, methods);
    const method = row.method as LedgerMethod;
    const debts = methods.get(method) ?? [];
    methods.set(method, debts);
    if (row.shortfallPaise > 0) {
      debts.push({ id: row.id, remainingPaise: row.shortfallPaise });
      continue;
    }
    let left = -row.shortfallPaise;
    const after = row.recoveredFromId ?? 0;
    // What its withdrawal could pay first; anything more (rows that never fit the rule) from the oldest debts, so
    // that what is owed stays the sum of the shortfalls.
    for (const eligible of [(debt: OpenDebt) => debt.id > after, () => true]) {
      for (const debt of debts) {
        if (left === 0) break;
        if (debt.remainingPaise === 0 || !eligible(debt)) continue;
        const paid = Math.min(debt.remainingPaise, left);
        debt.remainingPaise -= paid;
        left -= paid;
      }
    }
  }

  for (const withdrawal of withdrawals) {
    const methods = ledgers.get(withdrawal.userId);
    if (!methods) continue;
    const debts: (DebtAgainstWithdrawal & { oldest: number })[] = [];
    for (const [method, open] of methods) {
      const owed = open.filter((debt) => debt.remainingPaise > 0);
      if (owed.length === 0) continue;
      const payable = owed.filter((debt) => debt.id > withdrawal.id);
      debts.push({
        method,
        owedPaise: owed.reduce((sum, debt) => sum + debt.remainingPaise, 0),
        payablePaise: payable.reduce((sum, debt) => sum + debt.remainingPaise, 0),
        // The method whose oldest debt this withdrawal pays is paid first.
        oldest: (payable[0] ?? owed[0]!).id,
      });
    }
    debts.sort((a, b) => a.oldest - b.oldest);
    found.set(
      withdrawal.id,
      debts.map(({ method, owedPaise, payablePaise }) => ({ method, owedPaise, payablePaise })),
    );
  }
  return found;
}
