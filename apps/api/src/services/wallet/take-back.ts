import { eq } from 'drizzle-orm';
import { users, type Tx } from '@app/db';
import { commissionReversal, formatInr, paiseToRupees, type LedgerMethod } from '@app/contracts';
import { postEntry } from './post-entry.ts';

export interface TakenBack {
  paise: number;
  points: number;
  /** What the wallet no longer held: recorded in the entry for operators, never taken below zero. */
  shortfallPaise: number;
  shortfallPoints: number;
}

export const NOTHING_TAKEN: TakenBack = { paise: 0, points: 0, shortfallPaise: 0, shortfallPoints: 0 };

export function addTakenBack(a: TakenBack, b: TakenBack): TakenBack {
  return {
    paise: a.paise + b.paise,
    points: a.points + b.points,
    shortfallPaise: a.shortfallPaise + b.shortfallPaise,
    shortfallPoints: a.shortfallPoints + b.shortfallPoints,
  };
}

/**
 * Takes back money and points a refunded purchase earned, as one negative ledger entry, never
 * below zero: what was already spent or withdrawn is written in the entry's description as the
 * shortfall. Locks the wallet's row (FOR NO KEY UPDATE, as onPurchasePaid does) before reading it.
 */
export async function takeBack(
  tx: Tx,
  entry: {
    userId: number;
    method: LedgerMethod;
    paise: number;
    points: number;
    description: string;
    purchaseId: number;
    at: Date;
  },
): Promise<TakenBack> {
  if (entry.paise <= 0 && entry.points <= 0) return NOTHING_TAKEN;
  const [wallet] = await tx
    .select({ balancePaise: users.balancePaise, points: users.points })
    .from(users)
    .where(eq(users.id, entry.userId))
    .for('no key update');
  const money = commissionReversal(Math.max(0, entry.paise), wallet?.balancePaise ?? 0);
  const points = commissionReversal(Math.max(0, entry.points), wallet?.points ?? 0);
  const shortfalls = [
    money.shortfallPaise > 0 ? formatInr(paiseToRupees(money.shortfallPaise)) : '',
    points.shortfallPaise > 0 ? `${points.shortfallPaise} points` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  await postEntry(tx, {
    userId: entry.userId,
    method: entry.method,
    amountPaise: -money.reversedPaise,
    points: -points.reversedPaise,
    status: 'Done',
    description: `${entry.description}${shortfalls ? `; ${shortfalls} not recovered (already spent)` : ''}`,
    purchaseId: entry.purchaseId,
    at: entry.at,
  });
  return {
    paise: money.reversedPaise,
    points: points.reversedPaise,
    shortfallPaise: money.shortfallPaise,
    shortfallPoints: points.shortfallPaise,
  };
}
