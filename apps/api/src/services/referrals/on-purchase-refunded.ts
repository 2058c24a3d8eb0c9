import { and, eq } from 'drizzle-orm';
import { users, walletTransactions, type Tx } from '@app/db';
import { commissionReversal, formatInr, paiseToRupees } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { postEntry } from '../wallet/ledger.ts';

export interface CommissionReversalResult {
  reversedPaise: number;
  shortfallPaise: number;
}

/**
 * Runs inside the transaction that marks a purchase refunded: takes back the referrer's commission
 * on it with one 'Commission Reversal' entry. The wallet never goes negative, so when the referrer
 * has already spent or withdrawn it, only the balance is taken and the shortfall is written in
 * the entry's description for operators. Null when there was no commission or it was already
 * reversed. The sub-user stays active and level progress stands (server-rules reverse only the
 * commission).
 */
export async function onPurchaseRefunded(tx: Tx, ctx: AppContext, purchaseId: number): Promise<CommissionReversalResult | null> {
  const entries = await tx.select().from(walletTransactions).where(eq(walletTransactions.purchaseId, purchaseId));
  const commission = entries.find((e) => e.method === 'Referral Commission');
  if (!commission || entries.some((e) => e.method === 'Commission Reversal')) return null;

  const [referrer] = await tx.select({ balancePaise: users.balancePaise }).from(users)
    .where(and(eq(users.id, commission.userId))).for('no key update'); // not FOR UPDATE: see onPurchasePaid
  const { reversedPaise, shortfallPaise } = commissionReversal(commission.amountPaise, referrer?.balancePaise ?? 0);
  const shortfall = shortfallPaise > 0
    ? `; ${formatInr(paiseToRupees(shortfallPaise))} not recovered (balance too low)`
    : '';
  await postEntry(tx, {
    userId: commission.userId,
    method: 'Commission Reversal',
    amountPaise: -reversedPaise,
    points: 0,
    status: 'Done',
    description: `Purchase refunded: commission ${commission.transactionId} reversed${shortfall}`,
    purchaseId,
    at: ctx.now(),
  });
  return { reversedPaise, shortfallPaise };
}
