import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { users, walletTransactions, type DbOrTx, type Tx } from '@app/db';
import { formatInr, ledgerDescription, paiseToRupees, type LedgerMethod } from '@app/contracts';
import { postEntry } from './post-entry.ts';

/*
 * Debts. Money a take-back could not recover because it had left the wallet (a withdrawal being paid, or paid) is owed:
 * the take-back's entry keeps it as `shortfall_paise`. Any money that later enters the wallet pays what is owed first,
 * oldest debt first (decision 068): money coming back from a withdrawal (recoverShortfalls) and the learner's later
 * earnings (payDebtsFromEarnings). Each payment is an entry of the debt's own method taking the money, its
 * `shortfall_paise` negative, so a refunded commission withdrawn once cannot be withdrawn again from what comes next.
 */

/** One method's debt of a learner: what is still owed of its shortfalls. */
export interface Debt {
  method: LedgerMethod;
  owedPaise: number;
}

/**
 * Each learner's debts by method, the method of the oldest debt still open first (one query for many learners).
 * A learner's shortfall rows are replayed in id order, per method: a debt opens, a recovery pays the oldest still open.
 */
export async function debtsOf(db: DbOrTx, userIds: number[]): Promise<Map<number, Debt[]>> {
  const found = new Map<number, Debt[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return found;
  const t = walletTransactions;
  const rows = await db
    .select({ id: t.id, userId: t.userId, method: t.method, shortfallPaise: t.shortfallPaise })
    .from(t)
    .where(and(inArray(t.userId, [...new Set(userIds)]), ne(t.shortfallPaise, 0)))
    .orderBy(asc(t.id));

  const open = new Map<number, Map<LedgerMethod, { id: number; remainingPaise: number }[]>>();
  for (const row of rows) {
    const methods = open.get(row.userId) ?? new Map<LedgerMethod, { id: number; remainingPaise: number }[]>();
    open.set(row.userId, methods);
    const method = row.method as LedgerMethod;
    const debts = methods.get(method) ?? [];
    methods.set(method, debts);
    if (row.shortfallPaise > 0) {
      debts.push({ id: row.id, remainingPaise: row.shortfallPaise });
      continue;
    }
    let left = -row.shortfallPaise;
    for (const debt of debts) {
      const paid = Math.min(debt.remainingPaise, left);
      debt.remainingPaise -= paid;
      left -= paid;
    }
  }

  for (const [userId, methods] of open) {
    const debts = [...methods]
      .map(([method, rows]) => ({ method, rows: rows.filter((debt) => debt.remainingPaise > 0) }))
      .filter(({ rows }) => rows.length > 0)
      .sort((a, b) => a.rows[0]!.id - b.rows[0]!.id);
    found.set(
      userId,
      debts.map(({ method, rows }) => ({
        method,
        owedPaise: rows.reduce((sum, debt) => sum + debt.remainingPaise, 0),
      })),
    );
  }
  return found;
}

/** What a list of debts adds up to. */
export function owedPaiseOf(debts: Debt[]): number {
  return debts.reduce((sum, debt) => sum + debt.owedPaise, 0);
}

/**
 * Pays the learner's debts, oldest first, up to `paise`, with one entry per method taking the money from the wallet.
 * The wallet's row must be locked by the caller's transaction. Returns the paise paid.
 */
async function payDebts(
  tx: DbOrTx,
  options: {
    userId: number;
    paise: number;
    at: Date;
    describe: (amount: string) => string;
    recoveredFromId: number | null;
  },
): Promise<number> {
  const { userId, at } = options;
  const [debts = []] = (await debtsOf(tx, [userId])).values();
  let paidPaise = 0;
  for (const debt of debts) {
    const paise = Math.min(debt.owedPaise, options.paise - paidPaise);
    if (paise <= 0) break;
    await postEntry(tx, {
      userId,
      method: debt.method,
      amountPaise: -paise,
      points: 0,
      status: 'Done',
      description: options.describe(formatInr(paiseToRupees(paise))),
      shortfallPaise: -paise,
      recoveredFromId: options.recoveredFromId,
      at,
    });
    paidPaise += paise;
  }
  return paidPaise;
}

/**
 * Money that came back from a withdrawal (rejected by the operator paying it, or returned by the bank) pays what is
 * owed first, up to `paise`; each entry names the withdrawal. Call it in the transaction that gave the money back
 * (the wallet's row locked), after it. Returns the paise recovered.
 */
export async function recoverShortfalls(
  tx: DbOrTx,
  options: { userId: number; paise: number; withdrawal: { id: number; transactionId: string }; at: Date },
): Promise<number> {
  return payDebts(tx, {
    userId: options.userId,
    paise: options.paise,
    at: options.at,
    describe: (amount) => ledgerDescription('shortfallRecovered', { amount, id: options.withdrawal.transactionId }),
    recoveredFromId: options.withdrawal.id,
  });
}

/**
 * The learner's later earnings pay what they owe: whatever the wallet holds goes to their debts first, oldest first,
 * before any of it can be withdrawn (decision 068). Locks the wallet's row (the first lock of every money change) and
 * reads the balance under it. Called where money is about to leave (POST /withdraw), where it has just come in (points
 * redeemed, the reconciler's release of due held credits, what a take-back leaves of a refund's own release), by the
 * wallet page when it finds a learner owing with money in the wallet, and by the reconciler for every such learner
 * (settleDueWallets). Returns the paise paid.
 */
export async function payDebtsFromEarnings(tx: Tx, options: { userId: number; at: Date }): Promise<number> {
  const [wallet] = await tx
    .select({ balancePaise: users.balancePaise })
    .from(users)
    .where(eq(users.id, options.userId))
    .for('no key update');
  if (!wallet || wallet.balancePaise <= 0) return 0;
  return payDebts(tx, {
    userId: options.userId,
    paise: wallet.balancePaise,
    at: options.at,
    describe: (amount) => ledgerDescription('debtRecovered', { amount }),
    recoveredFromId: null,
  });
}

/**
 * Learners who owe with money in the wallet, at most `limit`: credits posted Done at once (no refund window), a
 * balance from before decision 068. Found through the partial index of the shortfall rows.
 */
export async function usersOwingWithMoney(db: DbOrTx, limit: number): Promise<number[]> {
  const rows = await db.execute<{ user_id: number }>(sql`
    SELECT d.user_id FROM (
      SELECT ${walletTransactions.userId} AS user_id FROM ${walletTransactions} WHERE ${walletTransactions.shortfallPaise} <> 0
      GROUP BY ${walletTransactions.userId} HAVING sum(${walletTransactions.shortfallPaise}) > 0
    ) d JOIN ${users} ON ${users.id} = d.user_id
    WHERE ${users.balancePaise} > 0
    LIMIT ${limit}`);
  return rows.rows.map((row) => Number(row.user_id));
}

/** The SQL for what a learner owes, in paise (the sum of their shortfalls), for statements that read it with other things. */
export function owedPaiseSql(userId: number | SQL): SQL<number> {
  return sql<number>`(SELECT greatest(coalesce(sum(${walletTransactions.shortfallPaise}), 0), 0) FROM ${walletTransactions}
    WHERE ${walletTransactions.userId} = ${userId} AND ${walletTransactions.shortfallPaise} <> 0)`;
}
