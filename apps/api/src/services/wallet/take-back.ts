import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { users, walletTransactions, type Tx } from '@app/db';
import {
  commissionReversal,
  formatInr,
  joinLedgerParts,
  ledgerDescription,
  paiseToRupees,
  redeemValuePaise,
  type LedgerMethod,
} from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { isPendingWithdrawal } from './pending-withdrawal.ts';
import { convertValuePaise } from './get-convert-value.ts';
import { postEntry } from './post-entry.ts';
import { payDebtsFromEarnings } from './recover-shortfalls.ts';
import { stopWithdrawal } from './reject-withdrawal.ts';

export interface TakenBack {
  /** Money taken back, the value of points already redeemed included. */
  paise: number;
  points: number;
  /** Money the wallet no longer held: recorded in the entry for operators, never taken below zero. */
  shortfallPaise: number;
  /** Points the wallet no longer held (redeemed): their value is in `paise`, or in `shortfallPaise` when gone too. */
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
 * below zero: what was already spent or withdrawn is the entry's shortfall (in its description, and its
 * `shortfall_paise`: owed). Locks the wallet's row (FOR NO KEY UPDATE, as onPurchasePaid does) before reading it.
 *
 * Points already redeemed became rupees: the ones the wallet no longer holds are taken back as their value, with the
 * money, so points turned into cash and withdrawn cannot outlive the refund of what earned them. Their value is the
 * lowest rate the learner ever redeemed at, or today's when lower (never more than they were paid for a point).
 *
 * Money the learner has asked to withdraw is still the house's until it is paid: when the wallet cannot cover what
 * is taken back, their withdrawals no operator has started paying are rejected first, oldest first, until it can
 * (the amount back in the wallet, a 'Withdraw Reversal', an audit row and a mail saying why), so a refund after the
 * commission was withdrawn takes it back instead of recording it lost while the operator pays it out. What is still
 * short (a withdrawal being paid, or paid) is owed, and paid first by any money that reaches the wallet next
 * (recover-shortfalls.ts); what the wallet still holds after the take-back pays older debts at once.
 */
export async function takeBack(
  tx: Tx,
  ctx: AppContext,
  entry: {
    userId: number;
    method: LedgerMethod;
    paise: number;
    points: number;
    description: string;
    purchaseId: number;
    /** A level reward's share: the Level Reward it is a share of (decision 075). */
    reversesId?: number;
    at: Date;
  },
): Promise<TakenBack> {
  if (entry.paise <= 0 && entry.points <= 0) return NOTHING_TAKEN;
  const readWallet = async () =>
    (
      await tx
        .select({ balancePaise: users.balancePaise, points: users.points })
        .from(users)
        .where(eq(users.id, entry.userId))
        .for('no key update')
    )[0];
  let wallet = await readWallet();
  const points = commissionReversal(Math.max(0, entry.points), wallet?.points ?? 0);
  const redeemedPaise =
    points.shortfallPaise > 0 ? redeemValuePaise(points.shortfallPaise, await redeemedAtRate(tx, entry.userId)) : 0;
  const duePaise = Math.max(0, entry.paise) + redeemedPaise;
  if (wallet && duePaise > wallet.balancePaise) {
    await rejectWithdrawalsToCover(tx, ctx, {
      userId: entry.userId,
      paise: duePaise - wallet.balancePaise,
      at: entry.at,
    });
    wallet = await readWallet();
  }
  const money = commissionReversal(duePaise, wallet?.balancePaise ?? 0);
  await postEntry(tx, {
    userId: entry.userId,
    method: entry.method,
    amountPaise: -money.reversedPaise,
    points: -points.reversedPaise,
    status: 'Done',
    description: joinLedgerParts(
      entry.description,
      redeemedPaise > 0
        ? ledgerDescription('redeemedTakenBack', {
            points: points.shortfallPaise,
            amount: formatInr(paiseToRupees(redeemedPaise)),
          })
        : '',
      money.shortfallPaise > 0
        ? ledgerDescription('notRecovered', { amount: formatInr(paiseToRupees(money.shortfallPaise)) })
        : '',
    ),
    purchaseId: entry.purchaseId,
    shortfallPaise: money.shortfallPaise,
    ...(entry.reversesId === undefined ? {} : { reversesId: entry.reversesId }),
    at: entry.at,
  });
  // What the refund's own release brought in beyond what it took back pays older debts (decision 068).
  await payDebtsFromEarnings(tx, { userId: entry.userId, at: entry.at });
  return {
    paise: money.reversedPaise,
    points: points.reversedPaise,
    shortfallPaise: money.shortfallPaise,
    shortfallPoints: points.shortfallPaise,
  };
}

/** Paise a point: today's redeem rate, or the lowest the user redeemed at when lower. */
async function redeemedAtRate(tx: Tx, userId: number): Promise<number> {
  const [lowest] = await tx
    .select({ paise: sql<number | null>`min(${walletTransactions.amountPaise} / -${walletTransactions.points})::int` })
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.userId, userId),
        eq(walletTransactions.method, 'Point Redeem'),
        lt(walletTransactions.points, 0),
      ),
    );
  const today = await convertValuePaise(tx);
  return typeof lowest?.paise === 'number' ? Math.min(today, lowest.paise) : today;
}

/** Why the learner's withdrawal stopped, in the ledger (the learner's mail says it in their language). */
const EARNINGS_TAKEN_BACK = ledgerDescription('earningsTakenBack');

/** Rejects the user's withdrawals not being paid, oldest first, until `paise` is back in the wallet (or none is left). */
async function rejectWithdrawalsToCover(tx: Tx, ctx: AppContext, options: { userId: number; paise: number; at: Date }) {
  const pending = await tx
    .select({ id: walletTransactions.id })
    .from(walletTransactions)
    .where(and(eq(walletTransactions.userId, options.userId), isPendingWithdrawal))
    .orderBy(asc(walletTransactions.id));
  let missing = options.paise;
  for (const withdrawal of pending) {
    if (missing <= 0) break;
    const back = await stopWithdrawal(tx, ctx, {
      id: withdrawal.id,
      reason: EARNINGS_TAKEN_BACK,
      mailReason: { earningsTakenBack: true },
      action: 'withdrawal.rejected_earnings_taken_back',
      now: options.at,
    });
    if (back !== null) missing -= back;
  }
}
