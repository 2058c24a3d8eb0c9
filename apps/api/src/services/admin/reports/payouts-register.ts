import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  bankDetails,
  users,
  walletTransactions,
  withdrawalAccounts,
  withdrawalPayouts,
  withdrawalReturns,
  type DbOrTx,
} from '@app/db';
import type { Period } from './period.ts';
import { indiaDay, toCsv, type Cell } from './to-csv.ts';

const operator = alias(users, 'operator');

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
 * The columns both events read: the withdrawal, its learner, their PAN, the account it was paid to and the operator
 * (`operatorId`: who started paying, or who recorded the return).
 */
function selectPayouts(
  db: DbOrTx,
  operatorId: typeof withdrawalPayouts.startedBy | typeof withdrawalReturns.returnedBy,
) {
  return db
    .select({
      transactionId: walletTransactions.transactionId,
      amountPaise: walletTransactions.amountPaise,
      settledAt: walletTransactions.settledAt,
      bankReference: walletTransactions.bankReference,
      learner: { id: users.id, firstName: users.firstName, lastName: users.lastName, code: users.referralCode },
      pan: sql<string | null>`coalesce(${withdrawalAccounts.panCard}, ${bankDetails.panCard})`,
      account: {
        holder: withdrawalAccounts.fullName,
        bank: withdrawalAccounts.bankName,
        ifsc: withdrawalAccounts.ifscCode,
        last4: withdrawalAccounts.accountLast4,
      },
      operator: { firstName: operator.firstName, lastName: operator.lastName },
      returned: { at: withdrawalReturns.returnedAt, reason: withdrawalReturns.reason },
    })
    .from(walletTransactions)
    .innerJoin(users, eq(users.id, walletTransactions.userId))
    .leftJoin(bankDetails, eq(bankDetails.userId, walletTransactions.userId))
    .leftJoin(withdrawalAccounts, eq(withdrawalAccounts.walletTransactionId, walletTransactions.id))
    .leftJoin(withdrawalPayouts, eq(withdrawalPayouts.walletTransactionId, walletTransactions.id))
    .leftJoin(withdrawalReturns, eq(withdrawalReturns.walletTransactionId, walletTransactions.id))
    .leftJoin(operator, eq(operator.id, operatorId))
    .$dynamic();
}
type PayoutRow = Awaited<ReturnType<typeof selectPayouts>>[number];

/**
 * The payouts of a period: every withdrawal marked paid (Done) in it, and every paid one the bank sent back in it
 * (its amount negative: it came back to the learner's wallet), by date. The account and the PAN are the ones given
 * when it was asked for (copied with it; a withdrawal from before they were copied shows the learner's PAN today). The operator of a payment is the one who started paying it; of a return, the one who
 * recorded it.
 */
export async function payoutsRegister(db: DbOrTx, period: Period): Promise<string> {
  const paid = await selectPayouts(db, withdrawalPayouts.startedBy).where(
    and(
      eq(walletTransactions.method, 'Withdraw'),
      eq(walletTransactions.status, 'Done'),
      gte(walletTransactions.settledAt, period.start),
      lt(walletTransactions.settledAt, period.end),
    ),
  );
  const returned = await selectPayouts(db, withdrawalReturns.returnedBy).where(
    and(gte(withdrawalReturns.returnedAt, period.start), lt(withdrawalReturns.returnedAt, period.end)),
  );
  const events = [
    ...paid.map((row) => ({ at: row.settledAt!, isReturn: false, row })),
    ...returned.map((row) => ({ at: row.returned!.at!, isReturn: true, row })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime() || Number(a.isReturn) - Number(b.isReturn));
  return toCsv(
    HEADER,
    events.map(({ at, isReturn, row }) => payoutCells(at, isReturn, row)),
  );
}

function payoutCells(at: Date, isReturn: boolean, row: PayoutRow): Cell[] {
  const paidPaise = -row.amountPaise;
  return [
    indiaDay(at),
    isReturn ? 'Returned by bank' : 'Paid',
    row.transactionId,
    String(row.learner.id),
    `${row.learner.firstName} ${row.learner.lastName}`,
    row.learner.code,
    row.pan,
    row.account?.holder ?? null,
    row.account?.bank ?? null,
    row.account?.ifsc ?? null,
    row.account?.last4 ?? null,
    isReturn ? -paidPaise : paidPaise,
    row.bankReference,
    row.operator ? `${row.operator.firstName} ${row.operator.lastName}` : null,
    isReturn ? (row.returned?.reason ?? null) : null,
  ];
}
