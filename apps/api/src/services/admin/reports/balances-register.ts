import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@app/db';
import { IST_OFFSET_MS } from '@app/contracts';
import { convertValuePaise } from '../../wallet/index.ts';
import { toCsv, type Cell } from './to-csv.ts';

const HEADER = [
  'Learner id',
  'Learner',
  'Email',
  'PAN',
  'Wallet balance (₹)',
  'Withdrawals waiting (₹)',
  'Withdrawals being paid (₹)',
  'Held credits (₹)',
  'Held points',
  'Points',
  'Value of points (₹)',
  'Owed to the learner (₹)',
  'Debt owed by the learner (₹)',
] as const;

/** A line's money and points, in the register's column order: a learner's, or the sums of them all. */
interface BalanceFigures {
  balancePaise: number;
  waitingPaise: number;
  beingPaidPaise: number;
  heldPaise: number;
  heldPoints: number;
  points: number;
  pointsValuePaise: number;
  owedPaise: number;
  debtPaise: number;
}
const FIGURES = [
  'balancePaise',
  'waitingPaise',
  'beingPaidPaise',
  'heldPaise',
  'heldPoints',
  'points',
  'pointsValuePaise',
  'owedPaise',
  'debtPaise',
] as const satisfies readonly (keyof BalanceFigures)[];

/** What the business owes its learners (and they owe it) at one instant: the sums of the register's columns. */
export interface BalanceTotals extends BalanceFigures {
  learners: number;
  /** The redeem rate the points were valued at (setting convert_value_paise). */
  convertValuePaise: number;
}

/** A learner's line as the statement reads it; the points' value and what is owed are worked out from it. */
interface BalanceLine extends Omit<BalanceFigures, 'pointsValuePaise' | 'owedPaise'> {
  userId: number;
  name: string;
  email: string;
  pan: string | null;
}

/** India's wall clock at `at`, as an ISO string without its zone (IST is UTC+05:30 all year). */
export const indiaIso = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString();

/** An instant as India time, `2026-12-01 00:00:00 IST`. */
export function indiaInstant(at: Date): string {
  return `${indiaIso(at).slice(0, 19).replace('T', ' ')} IST`;
}

/** The figures' cells: rupees as amounts, points as plain counts. */
const figureCells = (figures: BalanceFigures): Cell[] =>
  FIGURES.map((key) => (key === 'heldPoints' || key === 'points' ? String(figures[key]) : figures[key]));

/**
 * Every learner with something to report, read in one statement (one snapshot of the database: the wallets and the
 * ledger at the same instant). A withdrawal is waiting until an operator starts paying it (withdrawal_payouts), then
 * being paid until it is marked Done or Rejected; its amount has already left the wallet. A held credit is a Pending
 * row with an end of hold (commission, level reward, Quiz Points): not in the wallet yet, still owed unless a refund
 * cancels it. The debt is the sum of the learner's shortfalls less their recoveries (decisions 046, 059).
 */
async function balanceLines(db: DbOrTx): Promise<BalanceLine[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT u.id AS user_id, u.first_name || ' ' || u.last_name AS name, u.email, b.pan_card AS pan,
      u.balance_paise, u.points,
      coalesce(l.waiting, 0) AS waiting, coalesce(l.being_paid, 0) AS being_paid,
      coalesce(l.held_paise, 0) AS held_paise, coalesce(l.held_points, 0) AS held_points, coalesce(l.debt, 0) AS debt
    FROM users u
    LEFT JOIN (
      SELECT w.user_id,
        -sum(w.amount_paise) FILTER (WHERE w.method = 'Withdraw' AND w.status = 'Pending' AND p.wallet_transaction_id IS NULL) AS waiting,
        -sum(w.amount_paise) FILTER (WHERE w.method = 'Withdraw' AND w.status = 'Pending' AND p.wallet_transaction_id IS NOT NULL) AS being_paid,
        sum(w.amount_paise) FILTER (WHERE w.status = 'Pending' AND w.available_at IS NOT NULL) AS held_paise,
        sum(w.points) FILTER (WHERE w.status = 'Pending' AND w.available_at IS NOT NULL) AS held_points,
        sum(w.shortfall_paise) AS debt
      FROM wallet_transactions w
      LEFT JOIN withdrawal_payouts p ON p.wallet_transaction_id = w.id
      GROUP BY w.user_id
    ) l ON l.user_id = u.id
    LEFT JOIN bank_details b ON b.user_id = u.id
    WHERE u.balance_paise <> 0 OR u.points <> 0 OR coalesce(l.waiting, 0) <> 0 OR coalesce(l.being_paid, 0) <> 0
      OR coalesce(l.held_paise, 0) <> 0 OR coalesce(l.held_points, 0) <> 0 OR coalesce(l.debt, 0) <> 0
    ORDER BY u.id`);
  return result.rows.map((row) => ({
    userId: Number(row.user_id),
    name: String(row.name),
    email: String(row.email),
    pan: row.pan === null || row.pan === undefined ? null : String(row.pan),
    balancePaise: Number(row.balance_paise),
    waitingPaise: Number(row.waiting),
    beingPaidPaise: Number(row.being_paid),
    heldPaise: Number(row.held_paise),
    heldPoints: Number(row.held_points),
    points: Number(row.points),
    debtPaise: Number(row.debt),
  }));
}

/**
 * "Balances owed" as at `now` (decision 067): one line per learner with a wallet balance, a withdrawal not yet paid,
 * a held credit, points or a debt; a totals line; and the instant it was taken, in India time. Points (held ones
 * too) are valued at today's redeem rate. What is owed to a learner is their wallet, their withdrawals not yet paid,
 * their held money and the value of their points; a debt they owe is a column of its own, not netted off.
 */
export async function balancesRegister(db: DbOrTx, now: Date): Promise<{ csv: string; totals: BalanceTotals }> {
  const rate = await convertValuePaise(db);
  const lines = (await balanceLines(db)).map((line) => {
    const pointsValuePaise = (line.points + line.heldPoints) * rate;
    const owedPaise = line.balancePaise + line.waitingPaise + line.beingPaidPaise + line.heldPaise + pointsValuePaise;
    return { ...line, pointsValuePaise, owedPaise };
  });
  const totals: BalanceTotals = { learners: lines.length, convertValuePaise: rate, ...sumOf(lines) };
  const rows: Cell[][] = lines.map((line) => [
    String(line.userId),
    line.name,
    line.email,
    line.pan,
    ...figureCells(line),
  ]);
  rows.push(['Total', `${totals.learners} learners`, null, null, ...figureCells(totals)]);
  rows.push(['As at', indiaInstant(now), `Points valued at ₹${(rate / 100).toFixed(2)} each`]);
  return { csv: toCsv(HEADER, rows), totals };
}

/** Each figure summed over the lines. */
function sumOf(lines: BalanceFigures[]): BalanceFigures {
  const sums = Object.fromEntries(FIGURES.map((key) => [key, 0])) as unknown as BalanceFigures;
  for (const line of lines) for (const key of FIGURES) sums[key] += line[key];
  return sums;
}
