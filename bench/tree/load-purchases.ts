import type pg from 'pg';
import { commissionPaise } from '@app/contracts';

/** Course prices in paise: what the generated purchases pay. */
const COURSE_PRICES = [49_900, 99_900, 29_900, 149_900, 19_900, 79_900, 59_900, 39_900, 129_900, 9_900, 0, 199_900];

/** Share of active users who bought a second course later. */
const SECOND_PURCHASE_PERCENT = 15;

export interface PurchasesLoad {
  purchases: number;
  commissions: number;
}

/**
 * Every active user paid for one course at the instant they became active (as onPurchasePaid
 * activates them), some for a second one later; each paid purchase of a counted sub-user earns
 * their referrer the commission, computed by the contracts' own rule. The course table
 * `bench_course` (slot → course, price, commission) lives for this session only.
 */
export async function loadPurchases(
  client: pg.Client,
  options: { now: Date; commissionPercent: number },
): Promise<PurchasesLoad> {
  const { now, commissionPercent } = options;
  const courseIds: number[] = [];
  for (const [slot, price] of COURSE_PRICES.entries()) {
    const { rows } = await client.query<{ id: number }>(
      `insert into courses (name, about, price_paise, offer_price_paise, is_published) values ($1, '', $2, $2, true) returning id`,
      [`Bench course ${slot + 1}`, price],
    );
    courseIds.push(rows[0]!.id);
  }
  await client.query(
    `create temporary table bench_course as
     select slot - 1 as slot, id, price, commission
     from unnest($1::int[], $2::bigint[], $3::bigint[]) with ordinality as c(id, price, commission, slot)`,
    [courseIds, COURSE_PRICES, COURSE_PRICES.map((price) => commissionPaise(price, commissionPercent))],
  );

  const first = await client.query(
    `insert into purchases (user_id, course_id, price_paise, amount_paise, provider, provider_order_id, provider_payment_id,
                            status, paid_at, created_at)
     select u.id, c.id, c.price, c.price, 'sandbox', 'order_bench_' || u.id || '_1', 'pay_bench_' || u.id || '_1',
            'paid', u.activated_at, u.activated_at - interval '2 minutes'
     from users u join bench_course c on c.slot = u.id % $1::int
     where u.activated_at is not null`,
    [COURSE_PRICES.length],
  );
  const second = await client.query(
    `insert into purchases (user_id, course_id, price_paise, amount_paise, provider, provider_order_id, provider_payment_id,
                            status, paid_at, created_at)
     select u.id, c.id, c.price, c.price, 'sandbox', 'order_bench_' || u.id || '_2', 'pay_bench_' || u.id || '_2',
            'paid', later.paid_at, later.paid_at - interval '2 minutes'
     from users u
     cross join lateral (select u.activated_at + (1 + u.id % 60) * interval '1 day' as paid_at) later
     join bench_course c on c.slot = (u.id + 5) % $1::int
     where u.activated_at is not null and (u.id * 31) % 100 < $2::int and later.paid_at < $3::timestamptz`,
    [COURSE_PRICES.length, SECOND_PURCHASE_PERCENT, now],
  );

  const commissions = await client.query(
    `insert into wallet_transactions (transaction_id, user_id, method, amount_paise, points, status, description, purchase_id, created_at)
     select 'TXC' || upper(lpad(to_hex(p.id), 12, '0')), b.referrer_id, 'Referral Commission', c.commission, 0, 'Done',
            $1::text || '% commission on ' || b.first_name || ' ' || b.last_name || '''s purchase', p.id, p.paid_at
     from purchases p
     join users b on b.id = p.user_id
     join bench_course c on c.id = p.course_id
     where p.status = 'paid' and b.referrer_id is not null and b.referral_status in ('counted', 'released') and c.commission > 0`,
    [String(commissionPercent)],
  );
  return { purchases: (first.rowCount ?? 0) + (second.rowCount ?? 0), commissions: commissions.rowCount ?? 0 };
}

/** The course every benchmark purchase buys: the first generated one. */
export async function benchCourse(client: pg.Client | pg.Pool): Promise<{ id: number; pricePaise: number }> {
  const { rows } = await client.query<{ id: number; price_paise: number }>(
    `select id, price_paise from courses where name = 'Bench course 1' order by id limit 1`,
  );
  return { id: rows[0]!.id, pricePaise: Number(rows[0]!.price_paise) };
}
