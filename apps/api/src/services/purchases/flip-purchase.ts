import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@app/db';
import { preparedPerDatabase } from '../database/index.ts';
import { settingValues, type SettingKey } from '../settings/index.ts';
import { takeDocumentSequence, type InvoicedPurchase } from '../invoices/index.ts';
import { earnsFromSubUsers, type PaidReferralPurchase } from '../referrals/index.ts';
import type { OfferCodeLimits } from './offer-code-uses.ts';

const PAID_SETTINGS = [
  'commission_percent',
  'refund_window_days',
  'level_min_purchase_paise',
  'offer_reservation_minutes',
] as const satisfies readonly SettingKey[];

/**
 * A purchase that has just become paid, with everything its paid hooks need, read in the statement
 * that made it paid (flipPurchase) under the row locks they need. What the referral network reads of it
 * is PaidReferralPurchase; this adds what the purchase's other hooks read.
 */
export interface PaidPurchase extends Omit<PaidReferralPurchase, 'purchase' | 'buyer' | 'settings'> {
  purchase: PaidReferralPurchase['purchase'] & {
    userId: number;
    pricePaise: number;
    discountPaise: number;
    offerCodeId: number | null;
    courseId: number | null;
    batchId: number | null;
    providerPaymentId: string | null;
    providerOrderId: string | null;
  };
  /** The offer code's limits, its row locked; null without a code. */
  offerCode: OfferCodeLimits | null;
  /** When something was paid: the buyer, their row locked (after the referrer's). */
  buyer: (NonNullable<PaidReferralPurchase['buyer']> & InvoicedPurchase['buyer']) | null;
  settings: Record<(typeof PAID_SETTINGS)[number], number>;
  /** The course's or the batch's name. */
  itemName: string;
  /** The invoice number's sequence, taken when something was paid (flipPurchase with an invoice year). */
  invoiceSequence: number | null;
  /**
   * The date the invoice bears: the time the provider took the payment when it was given and is believed (see
   * flipPurchase), else the paid time; or the previous invoice's date when a payment that took its number while this
   * one waited for the series is dated later (takeDocumentSequence). Null with no number.
   */
  invoiceIssuedAt: Date | null;
  /**
   * The courses this purchase opens (the course, or the batch's subject courses) in which the buyer
   * already submitted a quiz: a learner buying back what they studied, whose certificate is looked at
   * again. Empty on a first purchase.
   */
  studiedCourseIds: number[];
}

const PURCHASE_COLUMNS = sql.raw(
  'id, user_id, amount_paise, price_paise, discount_paise, offer_code_id, course_id, batch_id, provider_payment_id, provider_order_id, paid_at, created_at',
);

/**
 * The one statement that marks a purchase paid: the conditional pending → paid UPDATE (only a
 * pending purchase of the same amount and currency passes), and in the same statement the row locks
 * and reads of what follows, so the whole paid path costs this statement and one batch of writes.
 *
 * Locks are taken in one order, each lock's query waiting for the one before it: the purchase, its
 * offer code, the buyer's referrer, the buyer, the referrer's user_levels row, and last the invoice
 * series (taken only when something was paid, for the paid date's financial year): the series row
 * serialises every paid purchase until the commit, and everything the writes after this statement
 * touch is then already locked, so no two payments can wait for each other across it. A row locked
 * after a wait is returned as its latest version; the other reads see the database as it was when
 * the statement began. Null when the purchase was not pending or does not match.
 *
 * The invoice is dated, and its series chosen, by `captured` (the time the provider took the payment, and its
 * financial year; markPurchasePaid has already kept it no later than now) when that time is not before the purchase
 * was made, checked here against the row (to the whole second: Razorpay's times are whole seconds, and a financial
 * year begins on one, so the year holds); dated no earlier than the purchase. Otherwise, by the paid time and
 * `invoiceYear`. The purchase's `paid_at` is the paid time either way.
 */
export async function flipPurchase(
  tx: DbOrTx,
  options: {
    purchaseId: number;
    payment: { paymentId: string | null; amountPaise: number; currency: string };
    paidAt: Date;
    invoiceYear: string;
    /** When the provider took the payment, no later than `paidAt`, and that time's financial year; null if unknown. */
    captured?: { at: Date; financialYear: string } | null;
  },
): Promise<PaidPurchase | null> {
  const { payment } = options;
  const [row] = await flipQuery(tx).execute({
    purchaseId: options.purchaseId,
    paidAt: options.paidAt.toISOString(),
    paymentId: payment.paymentId,
    amountPaise: payment.amountPaise,
    currency: payment.currency,
    invoiceYear: options.invoiceYear,
    capturedAt: options.captured?.at.toISOString() ?? null,
    capturedYear: options.captured?.financialYear ?? null,
  });
  return parsePaidPurchase(row);
}

/**
 * A paid purchase as flipPurchase returns it, with the same locks, without changing it or taking an
 * invoice number: for running its paid hook again (which then changes nothing).
 */
export async function readPaidPurchase(tx: DbOrTx, purchaseId: number): Promise<PaidPurchase | null> {
  const [row] = await readPaidQuery(tx).execute({ purchaseId });
  return parsePaidPurchase(row);
}

// Prepared (decision 015): the statement is planned once per pooled connection, not on every payment.
const flipQuery = preparedPerDatabase((db) =>
  paidPurchaseQuery(db, {
    purchase: sql`
    UPDATE purchases SET status = 'paid', paid_at = ${sql.placeholder('paidAt')}::timestamptz,
      provider_payment_id = ${sql.placeholder('paymentId')}::text
    WHERE id = ${sql.placeholder('purchaseId')}::int AND status = 'pending'
      AND amount_paise = ${sql.placeholder('amountPaise')}::bigint AND currency = ${sql.placeholder('currency')}::text
    RETURNING ${PURCHASE_COLUMNS}`,
    invoiceYear: sql`${sql.placeholder('invoiceYear')}`,
    paidAt: sql`${sql.placeholder('paidAt')}::timestamptz`,
    capturedAt: sql`${sql.placeholder('capturedAt')}::timestamptz`,
    capturedYear: sql`${sql.placeholder('capturedYear')}`,
  }).prepare('flip_purchase'),
);

const readPaidQuery = preparedPerDatabase((db) =>
  paidPurchaseQuery(db, {
    purchase: sql`SELECT ${PURCHASE_COLUMNS} FROM purchases WHERE id = ${sql.placeholder('purchaseId')}::int AND status = 'paid' FOR NO KEY UPDATE`,
    invoiceYear: null,
    paidAt: null,
    capturedAt: null,
    capturedYear: null,
  }).prepare('read_paid_purchase'),
);

function paidPurchaseQuery(
  db: DbOrTx,
  options: {
    purchase: SQL;
    invoiceYear: SQL | null;
    paidAt: SQL | null;
    capturedAt: SQL | null;
    capturedYear: SQL | null;
  },
) {
  const cte = (name: string, body: SQL) => db.$with(name, { id: sql<number>`id` }).as(body);
  // The provider's time of the payment is believed when it is not before the purchase (false when there is none).
  const isCaptureBelieved = sql`(${options.capturedAt ?? sql`NULL::timestamptz`} >= date_trunc('second', (SELECT created_at FROM purchase)))`;
  // `(SELECT count(*) FROM x) >= 0` holds always: it makes a query wait for x's locks before its own.
  const ctes = [
    cte('purchase', options.purchase),
    cte(
      'offer_code',
      sql`
      SELECT id, max_uses AS "maxUses", max_uses_per_user AS "maxUsesPerUser" FROM offer_codes
      WHERE id = (SELECT offer_code_id FROM purchase) FOR UPDATE`,
    ),
    cte(
      'payer',
      sql`
      SELECT id, referrer_id FROM users
      WHERE id = (SELECT user_id FROM purchase WHERE amount_paise > 0) AND (SELECT count(*) FROM offer_code) >= 0`,
    ),
    cte(
      'referrer',
      sql`
      SELECT id, created_at AS "createdAt", email_canonical AS "emailCanonical", mobile FROM users
      WHERE id = (SELECT referrer_id FROM payer) AND ${earnsFromSubUsers()} FOR NO KEY UPDATE`,
    ),
    cte(
      'buyer',
      sql`
      SELECT id, first_name AS "firstName", last_name AS "lastName", email, state, address, landmark, city, pin,
        (SELECT country_name FROM countries WHERE countries.id = users.country_id) AS "countryName",
        (SELECT iso_code FROM countries WHERE countries.id = users.country_id) AS "countryIsoCode",
        referrer_id AS "referrerId", email_canonical AS "emailCanonical", mobile, referral_status AS "referralStatus",
        activated_at AS "activatedAt"
      FROM users WHERE id = (SELECT id FROM payer) AND (SELECT count(*) FROM referrer) >= 0 FOR NO KEY UPDATE`,
    ),
    cte(
      'ladder',
      sql`
      SELECT level_number AS "levelNumber", window_start AS "windowStart", completed_at AS "completedAt" FROM user_levels
      WHERE user_id = (SELECT id FROM referrer) AND (SELECT count(*) FROM buyer) >= 0 FOR UPDATE`,
    ),
    ...(options.invoiceYear === null
      ? []
      : [
          cte(
            'series',
            takeDocumentSequence({
              kind: 'invoice',
              financialYear: sql`CASE WHEN ${isCaptureBelieved} THEN ${options.capturedYear ?? sql`NULL`}::text
                ELSE ${options.invoiceYear}::text END`,
              at: sql`CASE WHEN ${isCaptureBelieved}
                THEN greatest(${options.capturedAt ?? sql`NULL::timestamptz`}, (SELECT created_at FROM purchase))
                ELSE ${options.paidAt ?? sql`NULL::timestamptz`} END`,
              when: sql`EXISTS (SELECT 1 FROM purchase WHERE amount_paise > 0) AND (SELECT count(*) FROM ladder) >= 0`,
            }),
          ),
        ]),
  ];
  const settingKeys = sql.raw(PAID_SETTINGS.map((key) => `'${key}'`).join(', '));
  return db
    .with(...ctes)
    .select({
      purchase: sql<Json | null>`(SELECT json_build_object('id', id, 'userId', user_id, 'amountPaise', amount_paise,
      'pricePaise', price_paise, 'discountPaise', discount_paise, 'offerCodeId', offer_code_id, 'courseId', course_id,
      'batchId', batch_id, 'providerPaymentId', provider_payment_id, 'providerOrderId', provider_order_id, 'paidAt', paid_at)
      FROM purchase)`,
      offerCode: sql<Json | null>`(SELECT row_to_json(c) FROM offer_code c)`,
      buyer: sql<Json | null>`(SELECT row_to_json(b) FROM buyer b)`,
      referrer: sql<Json | null>`(SELECT row_to_json(r) FROM referrer r)`,
      ladder: sql<Json | null>`(SELECT row_to_json(l) FROM ladder l)`,
      levels: sql<
        Json[] | null
      >`(SELECT json_agg(json_build_object('number', number, 'name', name, 'days', days, 'node', node,
      'rewardPoints', reward_points, 'rewardPaise', reward_paise) ORDER BY number)
      FROM levels WHERE EXISTS (SELECT 1 FROM referrer))`,
      banks: sql<
        Json[] | null
      >`(SELECT json_agg(json_build_object('userId', user_id, 'accountNumberHash', account_number_hash, 'panCard', pan_card))
      FROM bank_details WHERE user_id IN (SELECT id FROM buyer UNION ALL SELECT id FROM referrer) AND EXISTS (SELECT 1 FROM referrer))`,
      settings: sql<Json | null>`(SELECT json_object_agg(key, value) FROM settings WHERE key IN (${settingKeys}))`,
      isCommissionPaid: sql<boolean>`EXISTS (SELECT 1 FROM wallet_transactions
      WHERE purchase_id = (SELECT id FROM purchase) AND method = 'Referral Commission')`,
      itemName: sql<string>`coalesce((SELECT name FROM courses WHERE id = (SELECT course_id FROM purchase)),
      (SELECT name FROM batches WHERE id = (SELECT batch_id FROM purchase)), '')`,
      invoiceSequence:
        options.invoiceYear === null
          ? sql<number | null>`NULL::int`
          : sql<number | null>`(SELECT last_sequence FROM series)`,
      invoiceIssuedAt:
        options.invoiceYear === null
          ? sql<string | null>`NULL::timestamptz`
          : sql<string | null>`(SELECT last_issued_at FROM series)`,
      studiedCourseIds: sql<number[] | null>`(SELECT json_agg(DISTINCT t.course_id) FROM quiz_attempts a
      JOIN subjects s ON s.id = a.subject_id JOIN terms t ON t.id = s.term_id JOIN courses c ON c.id = t.course_id
      WHERE a.user_id = (SELECT user_id FROM purchase) AND a.submitted_at IS NOT NULL
        AND (c.id = (SELECT course_id FROM purchase) OR c.batch_id = (SELECT batch_id FROM purchase)))`,
    })
    .from(sql`(SELECT 1) AS one`);
}

type Json = Record<string, unknown>;
const dateOf = (value: unknown): Date => new Date(value as string);
const dateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : dateOf(value));

function parsePaidPurchase(row: Json | undefined): PaidPurchase | null {
  const purchase = row?.purchase as Json | null | undefined;
  if (!row || !purchase) return null;
  const buyer = row.buyer as Json | null;
  const referrer = row.referrer as Json | null;
  const ladder = row.ladder as Json | null;
  const settings = (row.settings as Json | null) ?? {};
  return {
    purchase: { ...(purchase as Omit<PaidPurchase['purchase'], 'paidAt'>), paidAt: dateOf(purchase.paidAt) },
    offerCode: (row.offerCode as OfferCodeLimits | null) ?? null,
    buyer: buyer
      ? {
          ...(buyer as Omit<NonNullable<PaidPurchase['buyer']>, 'activatedAt'>),
          activatedAt: dateOrNull(buyer.activatedAt),
        }
      : null,
    referrer: referrer
      ? {
          ...(referrer as Omit<NonNullable<PaidPurchase['referrer']>, 'createdAt'>),
          createdAt: dateOf(referrer.createdAt),
        }
      : null,
    levels: (row.levels as PaidPurchase['levels'] | null) ?? [],
    ladderRow: ladder
      ? {
          levelNumber: Number(ladder.levelNumber),
          windowStart: dateOf(ladder.windowStart),
          completedAt: dateOrNull(ladder.completedAt),
        }
      : null,
    banks: (row.banks as PaidPurchase['banks'] | null) ?? [],
    settings: settingValues(new Map(Object.entries(settings)), PAID_SETTINGS),
    isCommissionPaid: row.isCommissionPaid === true,
    itemName: String(row.itemName ?? ''),
    invoiceSequence:
      row.invoiceSequence === null || row.invoiceSequence === undefined ? null : Number(row.invoiceSequence),
    invoiceIssuedAt: dateOrNull(row.invoiceIssuedAt),
    studiedCourseIds: ((row.studiedCourseIds as unknown[] | null) ?? []).map(Number),
  };
}
