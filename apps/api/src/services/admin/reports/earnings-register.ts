import { and, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { bankDetails, users, walletTransactions, withdrawalReturns, type DbOrTx } from '@app/db';
import type { LedgerMethod } from '@app/contracts';
import type { Period } from './period.ts';
import { toCsv } from './to-csv.ts';

const HEADER = [
  'PAN',
  'Accounts',
  'Learners',
  'Referral commission (₹)',
  'Level rewards (₹)',
  'Points redeemed (₹)',
  'Taken back (₹)',
  'Net earned (₹)',
  'Withdrawals paid, less returned (₹)',
] as const;

const EARNINGS: readonly LedgerMethod[] = ['Referral Commission', 'Level Reward', 'Point Redeem'];
// A Quiz Points Reversal takes money back when the points had been redeemed (their value).
const TAKEN_BACK: readonly LedgerMethod[] = ['Commission Reversal', 'Level Reward Reversal', 'Quiz Points Reversal'];

const t = walletTransactions;
const paiseOf = (where: SQL) => sql<string>`coalesce(sum(${t.amountPaise}) filter (where ${where}), 0)`.mapWith(Number);

/**
 * What each person earned in a period, for the accountant (tax deducted at source on commission is reckoned per
 * PAN and financial year): money that became the learner's in it (a held commission or level reward on the day its
 * hold ended, anything else when posted), points turned into rupees, less what refunds took back in it; and the
 * withdrawals paid to them in it (less those the bank sent back in it). Accounts with one PAN are one person: a
 * referral farm's fifty accounts add up on one line. An account without bank details is a line of its own.
 */
export async function earningsRegister(db: DbOrTx, period: Period, now: Date): Promise<string> {
  // The day money became the learner's: a held credit's is the end of its hold, Done or due (released when read).
  const earnedAt = sql`coalesce(${t.availableAt}, ${t.createdAt})`;
  const isEarned = and(
    inArray(t.method, [...EARNINGS]),
    or(eq(t.status, 'Done'), and(eq(t.status, 'Pending'), sql`${t.availableAt} <= ${now}`)),
    sql`${earnedAt} >= ${period.start} AND ${earnedAt} < ${period.end}`,
  )!;
  const isTakenBack = and(
    inArray(t.method, [...TAKEN_BACK]),
    gte(t.createdAt, period.start),
    lt(t.createdAt, period.end),
  )!;
  const isPaidOut = and(
    eq(t.method, 'Withdraw'),
    eq(t.status, 'Done'),
    gte(t.settledAt, period.start),
    lt(t.settledAt, period.end),
  )!;
  // A paid withdrawal the bank sent back: its amount came back to the learner ('Withdraw Reversal', dated the return),
  // so it is taken off what was paid in the period of the return, as the payouts register does.
  const isReturned = and(
    eq(t.method, 'Withdraw Reversal'),
    sql`EXISTS (SELECT 1 FROM ${withdrawalReturns} WHERE ${withdrawalReturns.reversalId} = ${t.id})`,
    gte(t.createdAt, period.start),
    lt(t.createdAt, period.end),
  )!;
  const method = (name: LedgerMethod) => and(isEarned, eq(t.method, name))!;
  const rows = await db
    .select({
      userId: users.id,
      name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      code: users.referralCode,
      pan: bankDetails.panCard,
      commission: paiseOf(method('Referral Commission')),
      levelRewards: paiseOf(method('Level Reward')),
      redeemed: paiseOf(method('Point Redeem')),
      takenBack: paiseOf(isTakenBack),
      paidOut: sql<string>`coalesce(-sum(${t.amountPaise}) filter (where ${or(isPaidOut, isReturned)}), 0)`.mapWith(
        Number,
      ),
    })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .leftJoin(bankDetails, eq(bankDetails.userId, t.userId))
    .where(and(or(isEarned, isTakenBack, isPaidOut, isReturned), sql`${t.amountPaise} <> 0`))
    .groupBy(users.id, bankDetails.panCard);

  interface Person {
    pan: string | null;
    learners: string[];
    commission: number;
    levelRewards: number;
    redeemed: number;
    takenBack: number;
    paidOut: number;
  }
  const people = new Map<string, Person>();
  for (const row of rows) {
    const key = row.pan ?? `user:${row.userId}`;
    const person = people.get(key);
    const learner = `#${row.userId} ${row.name} (${row.code})`;
    if (!person) {
      people.set(key, { ...row, learners: [learner] });
      continue;
    }
    person.learners.push(learner);
    person.commission += row.commission;
    person.levelRewards += row.levelRewards;
    person.redeemed += row.redeemed;
    person.takenBack += row.takenBack;
    person.paidOut += row.paidOut;
  }
  const lines = [...people.values()].map((p) => {
    const net = p.commission + p.levelRewards + p.redeemed + p.takenBack;
    const cells = [
      p.pan,
      String(p.learners.length),
      p.learners.join('; '),
      p.commission,
      p.levelRewards,
      p.redeemed,
      p.takenBack,
      net,
      p.paidOut,
    ];
    return { net, cells };
  });
  lines.sort((a, b) => b.net - a.net);
  return toCsv(
    HEADER,
    lines.map((line) => line.cells),
  );
}
