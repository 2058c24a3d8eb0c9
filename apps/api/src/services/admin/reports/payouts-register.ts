import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { auditLog, users, walletTransactions, withdrawalReturns, type DbOrTx } from '@app/db';
import { maskAccountLast4 } from '@app/contracts';
import { selectWithdrawals, type WithdrawalRow } from '../money/withdrawals.ts';
import type { Period } from './period.ts';
import { code, indiaDay, toCsv, type Cell } from './to-csv.ts';

const HEADER = [
  'Date',
  'Event',
  'Transaction id',
  'Learner id',
  'Learner',
  'Referral code',
  'PAN',
  'Account holder',
  'Bank',
  'IFSC',
  'Account (last 4)',
  'Amount (₹)',
  'Bank reference',
  'Operator',
  'Reason returned',
] as const;

/**
 * The payouts of a period: every withdrawal marked paid (Done) in it, and every paid one the bank sent back in it
 * (its amount negative: it came back to the learner's wallet), by date. The account and the PAN are the ones given
 * when it was asked for (copied with it; a withdrawal from before they were copied shows the learner's PAN today).
 * The operator of a payment is the one paying it when it was marked Done (who started paying it, or took it over),
 * or, for one marked Done without a start, the one who marked it Done (its settlement's audit row: decision 054); of
 * a return, the one who recorded it. The withdrawals
 * are read as the console reads them (selectWithdrawals). The account is masked as the console shows it
 * (********0012) and the bank reference and the referral code are codes, so that a spreadsheet keeps them as the
 * bank statement prints them (decision 049).
 */
export async function payoutsRegister(db: DbOrTx, period: Period): Promise<string> {
  const paid = await selectWithdrawals(
    db,
    and(
      eq(walletTransactions.status, 'Done'),
      gte(walletTransactions.settledAt, period.start),
      lt(walletTransactions.settledAt, period.end),
    ),
  );
  const returned = await selectWithdrawals(
    db,
    and(gte(withdrawalReturns.returnedAt, period.start), lt(withdrawalReturns.returnedAt, period.end)),
  );
  const settlers = await settledBy(
    db,
    paid.filter((row) => !row.payer).map((row) => row.entry.id),
  );
  const events = [
    ...paid.map((row) => ({ at: row.entry.settledAt!, isReturn: false, row })),
    ...returned.map((row) => ({ at: row.returned!.at!, isReturn: true, row })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime() || Number(a.isReturn) - Number(b.isReturn));
  return toCsv(
    HEADER,
    events.map(({ at, isReturn, row }) => payoutCells(at, isReturn, row, settlers.get(row.entry.id) ?? null)),
  );
}

/**
 * Who marked each of these withdrawals Done: the actor of its one 'withdrawal.settle' audit row, written in the
 * settlement's transaction (the ledger row keeps no settler; the audit log is append-only).
 */
async function settledBy(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: auditLog.entityId, firstName: users.firstName, lastName: users.lastName })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.entity, 'wallet_transactions'),
        inArray(auditLog.entityId, ids.map(String)),
        eq(auditLog.action, 'withdrawal.settle'),
      ),
    );
  return new Map(rows.map((row) => [Number(row.id), `${row.firstName} ${row.lastName}`]));
}

function payoutCells(at: Date, isReturn: boolean, row: WithdrawalRow, settler: string | null): Cell[] {
  const paidPaise = -row.entry.amountPaise;
  const operator = isReturn ? row.returnedBy : row.payer;
  return [
    indiaDay(at),
    isReturn ? 'Returned by bank' : 'Paid',
    row.entry.transactionId,
    String(row.entry.userId),
    `${row.firstName} ${row.lastName}`,
    code(row.referralCode),
    row.pan,
    row.bank?.fullName ?? null,
    row.bank?.bankName ?? null,
    row.bank?.ifscCode ?? null,
    row.bank ? maskAccountLast4(row.bank.accountLast4) : null,
    isReturn ? -paidPaise : paidPaise,
    code(row.entry.bankReference),
    operator?.firstName ? `${operator.firstName} ${operator.lastName}` : isReturn ? null : settler,
    isReturn ? (row.returned?.reason ?? null) : null,
  ];
}
