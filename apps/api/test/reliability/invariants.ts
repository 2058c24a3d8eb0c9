import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@app/db';
import { commissionPaise } from '@app/contracts';
import { COUNTED_REFERRAL_STATUSES } from '../../src/services/levels/index.ts';
import type { FakeRazorpay } from '../payments-fake-razorpay.ts';

/**
 * What must hold for the money after any run, however requests interleaved or the server died,
 * checked in SQL over the whole database. Each check answers the rows that break it, as readable
 * lines (at most a few per check); an empty list means every invariant holds.
 *
 * Assumptions of the workloads these serve: every redeem and withdrawal carries an Idempotency-Key,
 * and no operator changes rates, levels or referral statuses during the run.
 */
export async function findLedgerViolations(db: Db): Promise<string[]> {
  const checks = [
    walletsNeverNegative,
    walletsEqualTheirLedger,
    idempotencyKeysSettled,
    oneMovementPerIdempotencyKey,
    purchasesHaveTheirLedgerEffects,
    operatorRefundsOnce,
    levelRewardsOncePerLevel,
    withdrawalsSettledOnce,
    reversalsBelongToRejections,
    debtsNeverOverpaid,
    noWithdrawalWhileOwing,
  ];
  const found: string[] = [];
  for (const check of checks) found.push(...(await check(db)).slice(0, 5));
  return found;
}

const LIMIT = 20;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

async function walletsNeverNegative(db: Db): Promise<string[]> {
  const found = await rows<{ id: number; balance: string; points: string }>(
    db,
    sql`
    select id, balance_paise as balance, points from users where balance_paise < 0 or points < 0 limit ${LIMIT}`,
  );
  return found.map((r) => `user ${r.id}: wallet below zero (${r.balance} paise, ${r.points} points)`);
}

/** What a learner owes (their shortfalls, less what paid them) never goes below zero: no debt is paid twice. */
async function debtsNeverOverpaid(db: Db): Promise<string[]> {
  const found = await rows<{ user_id: number; method: string; owed: string }>(
    db,
    sql`
    select user_id, method, sum(shortfall_paise) as owed from wallet_transactions where shortfall_paise <> 0
    group by user_id, method having sum(shortfall_paise) < 0 limit ${LIMIT}`,
  );
  return found.map((r) => `user ${r.user_id}: ${r.method} debts paid beyond what was owed (${r.owed} paise)`);
}

/**
 * A withdrawal is asked only once what the learner owed was paid (decision 068): the debt is paid from the wallet,
 * under its lock, in the withdrawal's own transaction, so every debt recorded before a withdrawal was paid before it.
 */
async function noWithdrawalWhileOwing(db: Db): Promise<string[]> {
  const found = await rows<{ id: number; user_id: number; owed: string }>(
    db,
    sql`
    select w.id, w.user_id, d.owed from wallet_transactions w
    cross join lateral (
      select coalesce(sum(shortfall_paise), 0) as owed from wallet_transactions s
      where s.user_id = w.user_id and s.shortfall_paise <> 0 and s.id < w.id
    ) d
    where w.method = 'Withdraw' and d.owed <> 0 limit ${LIMIT}`,
  );
  return found.map((r) => `withdrawal ${r.id} of user ${r.user_id}: asked while owing ${r.owed} paise`);
}

async function walletsEqualTheirLedger(db: Db): Promise<string[]> {
  const found = await rows<{
    id: number;
    balance: string;
    points: string;
    ledger_paise: string;
    ledger_points: string;
  }>(
    db,
    sql`
    select u.id, u.balance_paise as balance, u.points, coalesce(l.paise, 0) as ledger_paise, coalesce(l.points, 0) as ledger_points
    from users u
    left join (
      -- A held credit (available_at set) enters the wallet once Done; everything else when posted.
      select user_id, sum(amount_paise) as paise, sum(points) as points from wallet_transactions
      where available_at is null or status = 'Done' group by user_id
    ) l
      on l.user_id = u.id
    where u.balance_paise <> coalesce(l.paise, 0) or u.points <> coalesce(l.points, 0)
    limit ${LIMIT}`,
  );
  return found.map(
    (r) =>
      `user ${r.id}: wallet ${r.balance} paise / ${r.points} points, ledger sums to ${r.ledger_paise} / ${r.ledger_points}`,
  );
}

/** The key row is written with its answer in the movement's transaction: one without an answer outlived a crash. */
async function idempotencyKeysSettled(db: Db): Promise<string[]> {
  const found = await rows<{ user_id: number; key: string }>(
    db,
    sql`
    select user_id, key from idempotency_keys where status_code is null limit ${LIMIT}`,
  );
  return found.map((r) => `idempotency key ${r.key} of user ${r.user_id}: claimed but never answered`);
}

/**
 * Nothing moved twice for one key: per user, as many redeem and withdrawal entries as keys that
 * answered 200 for that route (a key answered with an error moved nothing).
 */
async function oneMovementPerIdempotencyKey(db: Db): Promise<string[]> {
  const found = await rows<{ user_id: number; method: string; moved: string; keys: string }>(
    db,
    sql`
    with moved as (
      select user_id, method, count(*) as n from wallet_transactions
      where method in ('Withdraw', 'Point Redeem') group by user_id, method
    ), keyed as (
      select user_id, case route when 'POST /withdraw' then 'Withdraw' else 'Point Redeem' end as method, count(*) as n
      from idempotency_keys where status_code = 200 and route in ('POST /withdraw', 'POST /redeem-point')
      group by user_id, route
    )
    select coalesce(m.user_id, k.user_id) as user_id, coalesce(m.method, k.method) as method,
           coalesce(m.n, 0) as moved, coalesce(k.n, 0) as keys
    from moved m full join keyed k on k.user_id = m.user_id and k.method = m.method
    where coalesce(m.n, 0) <> coalesce(k.n, 0)
    limit ${LIMIT}`,
  );
  return found.map(
    (r) => `user ${r.user_id}: ${r.moved} '${r.method}' entries for ${r.keys} successful idempotency keys`,
  );
}

interface PurchaseEffects {
  id: number;
  status: string;
  amount_paise: string;
  was_paid: boolean;
  buyer_id: number;
  buyer_active: boolean;
  referrer_id: number | null;
  referral_status: string;
  commissions: string;
  commission_paise: string;
  commission_user: number | null;
  commission_status: string | null;
  reversals: string;
  reversal_paise: string;
  reversal_user: number | null;
  others: string;
}

/**
 * A purchase's ledger effects, from onPurchasePaid and onPurchaseRefunded: one that was marked
 * paid (paid_at is set only by that UPDATE) activates its buyer and, when the buyer was referred
 * and the sign-up counts, pays the referrer commission_percent of the amount exactly once. A
 * refunded one that carried a commission has exactly one reversal of at most that commission (less
 * when the referrer had already spent it). Nothing else refers to a purchase; a purchase never
 * marked paid (pending, failed, or refunded as a duplicate payment) has no entries at all.
 */
async function purchasesHaveTheirLedgerEffects(db: Db): Promise<string[]> {
  const [setting] = await rows<{ value: unknown }>(
    db,
    sql`select value from settings where key = 'commission_percent'`,
  );
  const percent = Number(setting?.value ?? 0);
  const purchases = await rows<PurchaseEffects>(
    db,
    sql`
    select p.id, p.status, p.amount_paise, p.paid_at is not null as was_paid,
           b.id as buyer_id, b.activated_at is not null as buyer_active, b.referrer_id, b.referral_status,
           count(w.id) filter (where w.method = 'Referral Commission') as commissions,
           coalesce(sum(w.amount_paise) filter (where w.method = 'Referral Commission'), 0) as commission_paise,
           min(w.user_id) filter (where w.method = 'Referral Commission') as commission_user,
           min(w.status) filter (where w.method = 'Referral Commission') as commission_status,
           count(w.id) filter (where w.method = 'Commission Reversal') as reversals,
           coalesce(sum(w.amount_paise) filter (where w.method = 'Commission Reversal'), 0) as reversal_paise,
           min(w.user_id) filter (where w.method = 'Commission Reversal') as reversal_user,
           count(w.id) filter (where w.method not in (
             'Referral Commission', 'Commission Reversal', 'Level Reward', 'Level Reward Reversal', 'Quiz Points', 'Quiz Points Reversal'
           )) as others
    from purchases p
    join users b on b.id = p.user_id
    left join wallet_transactions w on w.purchase_id = p.id
    group by p.id, b.id`,
  );
  return purchases.flatMap((p) =>
    purchaseProblems(p, percent).map((problem) => `purchase ${p.id} (${p.status}): ${problem}`),
  );
}

function purchaseProblems(p: PurchaseEffects, percent: number): string[] {
  const problems: string[] = [];
  const commissions = Number(p.commissions);
  const reversals = Number(p.reversals);
  if (p.status === 'paid' && !p.was_paid) problems.push('paid without paid_at');
  const isPaidAboveZero = Number(p.amount_paise) > 0;
  if (p.status === 'paid' && isPaidAboveZero && !p.buyer_active) problems.push(`buyer ${p.buyer_id} not activated`);
  const isCounted = (COUNTED_REFERRAL_STATUSES as readonly string[]).includes(p.referral_status);
  const expected =
    p.was_paid && isPaidAboveZero && p.referrer_id !== null && isCounted
      ? commissionPaise(Number(p.amount_paise), percent)
      : 0;
  if (commissions !== (expected > 0 ? 1 : 0))
    problems.push(`${commissions} commissions, expected ${expected > 0 ? 1 : 0}`);
  if (commissions === 1 && (Number(p.commission_paise) !== expected || p.commission_user !== p.referrer_id)) {
    problems.push(
      `commission of ${p.commission_paise} paise to user ${p.commission_user}, expected ${expected} to ${p.referrer_id}`,
    );
  }
  // A refund cancels a commission still held (Rejected) and reverses one already Done; nothing else cancels one.
  if (commissions === 1 && p.status !== 'refunded' && p.commission_status === 'Rejected')
    problems.push('commission rejected without a refund');
  if (commissions === 1 && p.status === 'refunded' && p.commission_status === 'Pending')
    problems.push('commission still held after a refund');
  const expectedReversals = p.status === 'refunded' && commissions === 1 && p.commission_status === 'Done' ? 1 : 0;
  if (reversals !== expectedReversals)
    problems.push(`${reversals} commission reversals, expected ${expectedReversals}`);
  const reversed = -Number(p.reversal_paise);
  if (
    reversals === 1 &&
    (reversed < 0 || reversed > Number(p.commission_paise) || p.reversal_user !== p.commission_user)
  ) {
    problems.push(
      `reversal of ${reversed} paise from user ${p.reversal_user} for a commission of ${p.commission_paise} to ${p.commission_user}`,
    );
  }
  if (Number(p.others) > 0) problems.push(`${p.others} other ledger entries refer to it`);
  return problems;
}

/** An operator refund (its audit row) happens once, and exactly for the paid purchases that are now refunded. */
async function operatorRefundsOnce(db: Db): Promise<string[]> {
  const found = await rows<{ id: number; status: string; refunds: string }>(
    db,
    sql`
    select p.id, p.status, count(a.id) as refunds
    from purchases p
    left join audit_log a on a.action = 'purchase.refund' and a.entity = 'purchases' and a.entity_id = p.id::text
    group by p.id
    having count(a.id) <> case when p.status = 'refunded' and p.paid_at is not null then 1 else 0 end
    limit ${LIMIT}`,
  );
  return found.map((r) => `purchase ${r.id} (${r.status}): refunded by operators ${r.refunds} times`);
}

/**
 * Each achieved level pays its reward once (one 'Level Reward' entry of that level's amount and
 * points), levels are achieved in order, and the referrer has at least as many counted, active
 * sub-users as the achieved levels' nodes add up to (each sub-user counts in one window only).
 */
async function levelRewardsOncePerLevel(db: Db): Promise<string[]> {
  const found = await rows<{
    id: number;
    achieved: string;
    top: number | null;
    rewards: string;
    paid: string;
    due: string;
    points: string;
    due_points: string;
    subs: string;
    needed: string;
  }>(
    db,
    sql`
    with achieved as (
      select a.user_id, count(*) as n, max(a.level_number) as top,
             sum(l.reward_paise) as due, sum(l.reward_points) as due_points, sum(l.node) as needed,
             count(*) filter (where l.reward_paise > 0 or l.reward_points > 0) as rewarded
      from level_achievements a join levels l on l.number = a.level_number group by a.user_id
    ), rewards as (
      select user_id, count(*) as n, sum(amount_paise) as paid, sum(points) as points
      from wallet_transactions where method = 'Level Reward' and status <> 'Rejected' group by user_id
    ), subs as (
      select referrer_id as user_id, count(*) as n from users
      where activated_at is not null and referral_status in ('counted', 'released') and referrer_id is not null
      group by referrer_id
    )
    select u.id, coalesce(a.n, 0) as achieved, a.top, coalesce(r.n, 0) as rewards,
           coalesce(r.paid, 0) as paid, coalesce(a.due, 0) as due, coalesce(r.points, 0) as points, coalesce(a.due_points, 0) as due_points,
           coalesce(s.n, 0) as subs, coalesce(a.needed, 0) as needed
    from users u
    left join achieved a on a.user_id = u.id
    left join rewards r on r.user_id = u.id
    left join subs s on s.user_id = u.id
    where coalesce(a.rewarded, 0) <> coalesce(r.n, 0)
       or coalesce(a.due, 0) <> coalesce(r.paid, 0) or coalesce(a.due_points, 0) <> coalesce(r.points, 0)
       or coalesce(a.top, 0) <> coalesce(a.n, 0)
       or coalesce(s.n, 0) < coalesce(a.needed, 0)
    limit ${LIMIT}`,
  );
  return found.map(
    (r) =>
      `user ${r.id}: ${r.achieved} levels achieved (top ${r.top ?? 0}), ${r.rewards} rewards of ${r.paid} paise / ${r.points} points ` +
      `(due ${r.due} / ${r.due_points}), ${r.subs} counted sub-users for ${r.needed} needed`,
  );
}

/** 'Withdraw Reversal' entries with the withdrawal each names ('Withdrawal TX… rejected: reason'). */
const reversals = sql`
  select id, user_id, amount_paise, description,
         substring(description from '^Withdrawal (TX[A-Z0-9]+) rejected') as withdrawal_transaction_id
  from wallet_transactions where method = 'Withdraw Reversal'`;

/**
 * A withdrawal is settled at most once: Pending has no settlement; Done has its bank reference;
 * Rejected has exactly one 'Withdraw Reversal' giving back exactly its amount; each settled one
 * has exactly one settlement audit row (the operator's, or the rejection of a refund's take-back or a guardian's
 * withdrawal of consent).
 */
async function withdrawalsSettledOnce(db: Db): Promise<string[]> {
  const found = await rows<{
    id: number;
    status: string;
    amount_paise: string;
    settled: boolean;
    bank_reference: string | null;
    reversals: string;
    given_back: string;
    settlements: string;
  }>(
    db,
    sql`
    with reversals as (${reversals}),
    given_back as (
      select user_id, withdrawal_transaction_id, count(*) as n, sum(amount_paise) as paise
      from reversals group by user_id, withdrawal_transaction_id
    ), settlements as (
      select entity_id, count(*) as n from audit_log
      where action in ('withdrawal.settle', 'withdrawal.rejected_earnings_taken_back', 'withdrawal.rejected_consent_withdrawn')
        and entity = 'wallet_transactions'
      group by entity_id
    ), withdrawals as (
      select w.id, w.status, w.amount_paise, w.settled_at is not null as settled, w.bank_reference,
             coalesce(g.n, 0) as reversals, coalesce(g.paise, 0) as given_back, coalesce(s.n, 0) as settlements
      from wallet_transactions w
      left join given_back g on g.user_id = w.user_id and g.withdrawal_transaction_id = w.transaction_id
      left join settlements s on s.entity_id = w.id::text
      where w.method = 'Withdraw'
    )
    select * from withdrawals
    where not (
      (status = 'Pending' and not settled and reversals = 0 and settlements = 0)
      or (status = 'Done' and settled and bank_reference is not null and reversals = 0 and settlements = 1)
      or (status = 'Rejected' and settled and reversals = 1 and given_back = -amount_paise and settlements = 1)
    )
    limit ${LIMIT}`,
  );
  return found.map(
    (r) =>
      `withdrawal ${r.id} (${r.status}, ${r.amount_paise} paise): settled=${r.settled}, bank reference ${r.bank_reference}, ` +
      `${r.reversals} reversals giving back ${r.given_back}, ${r.settlements} settlements`,
  );
}

/** Every 'Withdraw Reversal' gives back a rejected withdrawal of the same user: money never appears from nowhere. */
async function reversalsBelongToRejections(db: Db): Promise<string[]> {
  const found = await rows<{ id: number; user_id: number; description: string }>(
    db,
    sql`
    with reversals as (${reversals})
    select r.id, r.user_id, r.description from reversals r
    where not exists (
      select 1 from wallet_transactions w
      where w.method = 'Withdraw' and w.status = 'Rejected' and w.user_id = r.user_id
        and w.transaction_id = r.withdrawal_transaction_id)
    limit ${LIMIT}`,
  );
  return found.map((r) => `reversal ${r.id} of user ${r.user_id} matches no rejected withdrawal: ${r.description}`);
}

// ---------------------------------------------------------------- the provider's side

export interface ProviderPayment {
  id: string;
  orderId: string;
  amountPaise: number;
  status: string;
  refundedPaise: number;
}

/**
 * The provider's books agree with ours, once the reconciler has run: every captured payment either
 * bought something (its purchase is paid with that payment, nothing refunded) or was given back
 * in full exactly once (an operator refund of its purchase, or an orphan refund of a payment that
 * could buy nothing, both claimed by the `refund:<payment id>` row); no purchase is still pending;
 * and no refund claim is stuck half-way (money refunded at the provider, purchase still paid).
 */
export async function findProviderViolations(
  db: Db,
  { payments, refundsPerPayment }: { payments: ProviderPayment[]; refundsPerPayment: Map<string, number> },
): Promise<string[]> {
  const purchases = await rows<{ id: number; status: string; order_id: string | null; payment_id: string | null }>(
    db,
    sql`
    select id, status, provider_order_id as order_id, provider_payment_id as payment_id from purchases`,
  );
  const claims = new Set(
    (
      await rows<{ event_id: string }>(
        db,
        sql`
    select event_id from payment_events where event_id like 'refund:%'`,
      )
    ).map((r) => r.event_id.slice('refund:'.length)),
  );
  const byOrder = new Map(purchases.filter((p) => p.order_id).map((p) => [p.order_id!, p]));
  const found: string[] = purchases
    .filter((p) => p.status === 'pending')
    .slice(0, 5)
    .map((p) => `purchase ${p.id}: still pending after the reconciler ran`);

  for (const payment of payments.filter((p) => p.status === 'captured' || p.status === 'refunded')) {
    const purchase = byOrder.get(payment.orderId);
    const refunds = refundsPerPayment.get(payment.id) ?? 0;
    const where = `payment ${payment.id} (purchase ${purchase?.id ?? 'none'}, ${purchase?.status ?? '-'})`;
    if (refunds > 1 || (payment.refundedPaise !== 0 && payment.refundedPaise !== payment.amountPaise)) {
      found.push(`${where}: refunded ${refunds} times, ${payment.refundedPaise} of ${payment.amountPaise} paise`);
    } else if (payment.refundedPaise === 0 && !(purchase?.status === 'paid' && purchase.payment_id === payment.id)) {
      found.push(`${where}: money taken, nothing bought and nothing given back`);
    } else if (payment.refundedPaise > 0 && (purchase?.status === 'paid' || !claims.has(payment.id))) {
      found.push(
        `${where}: given back at the provider, but ${claims.has(payment.id) ? 'the purchase is still paid' : 'no refund claim records it'}`,
      );
    }
  }
  return found.slice(0, 30);
}

/** The fake Razorpay's books in the shape findProviderViolations reads. */
export function booksOf(provider: FakeRazorpay): {
  payments: ProviderPayment[];
  refundsPerPayment: Map<string, number>;
} {
  const payments = [...provider.payments.values()].map((p) => ({
    id: p.id,
    orderId: p.order_id,
    amountPaise: p.amount,
    status: p.status,
    refundedPaise: p.amount_refunded,
  }));
  const refundsPerPayment = new Map<string, number>();
  for (const refund of provider.refunds)
    refundsPerPayment.set(refund.payment_id, (refundsPerPayment.get(refund.payment_id) ?? 0) + 1);
  return { payments, refundsPerPayment };
}
