import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { courses, levels, purchases, settings, users, walletTransactions } from '@app/db';
import type { App } from '../src/app.ts';
import { markPurchasePaid, markPurchaseRefunded } from '../src/services/purchases/index.ts';
import { postEntry } from '../src/services/wallet/index.ts';
import { issueToken } from '../src/services/accounts/issue-token.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { madeInBeforeAll, TEST_PASSWORD, type Learner } from './fixtures.ts';

/** The default levels (docs/product/referrals-and-levels.md#levels), with the rewards these tests expect. */
export const TEST_LEVELS = [
  { number: 1, name: 'Starter', days: 30, node: 2, rewardPoints: 100, rewardPaise: 10_000 },
  { number: 2, name: 'Bronze', days: 60, node: 4, rewardPoints: 200, rewardPaise: 25_000 },
  { number: 3, name: 'Silver', days: 90, node: 8, rewardPoints: 400, rewardPaise: 50_000 },
  { number: 4, name: 'Gold', days: 120, node: 16, rewardPoints: 800, rewardPaise: 100_000 },
  { number: 5, name: 'Platinum', days: 180, node: 32, rewardPoints: 1_600, rewardPaise: 250_000 },
];

/**
 * Levels and rates as these tests expect them, whatever the reference-data migration holds. These
 * tests are about levels, commission and the wallet, not the holding period: they run with no
 * refund window (commissions and rewards are Done at once) unless they pass `refund_window_days`;
 * the holding period has its own tests (test/abuse/holding-period.test.ts) on the default.
 */
export async function setReferenceData(app: App, rates: Record<string, number> = {}): Promise<void> {
  for (const level of TEST_LEVELS) {
    await app.ctx.db.insert(levels).values(level).onConflictDoUpdate({ target: levels.number, set: level });
  }
  const all = {
    commission_percent: 10,
    convert_value_paise: 100,
    minimum_withdrawal_paise: 10_000,
    refund_window_days: 0,
    ...rates,
  };
  for (const [key, value] of Object.entries(all)) {
    await app.ctx.db
      .insert(settings)
      .values({ key, value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
  }
}

/** A pending purchase of a fresh course, as a checkout leaves it (created at the app's clock). */
export async function pendingPurchase(app: App, userId: number, amountPaise: number): Promise<number> {
  const [course] = await app.ctx.db
    .insert(courses)
    .values({
      name: `Course ${randomBytes(4).toString('hex')}`,
      pricePaise: amountPaise,
      offerPricePaise: amountPaise,
      isPublished: true,
    })
    .returning({ id: courses.id });
  const [purchase] = await app.ctx.db
    .insert(purchases)
    .values({
      userId,
      courseId: course!.id,
      pricePaise: amountPaise,
      amountPaise,
      provider: 'sandbox',
      status: 'pending',
      createdAt: app.ctx.now(),
    })
    .returning({ id: purchases.id });
  return purchase!.id;
}

/** A purchase of a fresh course made paid the way the payments code does it (markPurchasePaid). */
export async function payPurchase(app: App, userId: number, amountPaise: number): Promise<number> {
  const purchaseId = await pendingPurchase(app, userId, amountPaise);
  await app.ctx.db.transaction((tx) =>
    markPurchasePaid(tx, app.ctx, {
      purchaseId,
      payment: { paymentId: null, amountPaise, currency: 'INR' },
    }),
  );
  return purchaseId;
}

/**
 * Marks a paid purchase refunded as an operator's refund does (markPurchaseRefunded): what was
 * taken back from the referrer's wallet, or null when the purchase was not paid or took nothing.
 */
export async function refundPurchase(
  app: App,
  purchaseId: number,
): Promise<{ reversedPaise: number; shortfallPaise: number } | null> {
  const effects = await app.ctx.db.transaction((tx) => markPurchaseRefunded(tx, app.ctx, { purchaseId }));
  if (!effects || (effects.referrer.paise === 0 && effects.referrer.shortfallPaise === 0)) return null;
  return { reversedPaise: effects.referrer.paise, shortfallPaise: effects.referrer.shortfallPaise };
}

/** Credits points (as a quiz would) through the ledger. */
export async function creditPoints(app: App, userId: number, points: number): Promise<void> {
  await postEntry(app.ctx.db, {
    userId,
    method: 'Quiz Points',
    amountPaise: 0,
    points,
    status: 'Done',
    description: 'Quiz result',
  });
}

export async function walletOf(app: App, userId: number): Promise<{ balancePaise: number; points: number }> {
  const [row] = await app.ctx.db
    .select({ balancePaise: users.balancePaise, points: users.points })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

/** A user's ledger rows, oldest first. */
export function ledgerOf(app: App, userId: number) {
  return app.ctx.db
    .select()
    .from(walletTransactions)
    .where(eq(walletTransactions.userId, userId))
    .orderBy(walletTransactions.id);
}

/**
 * Every user's cached wallet equals the sums of their ledger rows, and nothing is negative. A held
 * credit (available_at set) counts once it is Done; a debit counts as soon as it is posted.
 */
export async function expectLedgerBalanced(app: App): Promise<void> {
  const result = await app.ctx.db.execute<{
    id: number;
    balance: string;
    points: string;
    ledger_balance: string;
    ledger_points: string;
  }>(sql`
    select u.id, u.balance_paise as balance, u.points,
           coalesce(sum(w.amount_paise), 0) as ledger_balance, coalesce(sum(w.points), 0) as ledger_points
    from users u left join wallet_transactions w on w.user_id = u.id and (w.available_at is null or w.status = 'Done')
    group by u.id, u.balance_paise, u.points`);
  const wallets = result.rows.map((r) => ({
    id: Number(r.id),
    balance: Number(r.balance),
    points: Number(r.points),
    ledgerBalance: Number(r.ledger_balance),
    ledgerPoints: Number(r.ledger_points),
  }));
  expect(wallets.length).toBeGreaterThan(0);
  for (const w of wallets) {
    expect({ id: w.id, balance: w.balance, points: w.points }).toEqual({
      id: w.id,
      balance: w.ledgerBalance,
      points: w.ledgerPoints,
    });
    expect(w.balance).toBeGreaterThanOrEqual(0);
    expect(w.points).toBeGreaterThanOrEqual(0);
  }
}

/** A describe block's test app, read through to the one its beforeAll made (setUpLedgerTestApp). */
export type LedgerTestApp = Pick<TestApp, 'app' | 'client' | 'clock'>;

/**
 * The money tests' setup, registered in the calling describe block: a fresh test app with
 * setReferenceData's levels and rates, with `rates` over them (beforeAll), the ledger checked balanced after every test
 * (expectLedgerBalanced), the app closed after the last. The answer's app, client and clock are those
 * of the app beforeAll made: read them in tests and hooks, not in the describe body.
 */
export function setUpLedgerTestApp(rates: Record<string, number> = {}): LedgerTestApp {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    await setReferenceData(t.app, rates);
  });
  afterEach(async () => {
    await expectLedgerBalanced(madeInBeforeAll(t).app);
  });
  afterAll(async () => {
    await t?.close();
  });
  return {
    get app() {
      return madeInBeforeAll(t).app;
    },
    get client() {
      return madeInBeforeAll(t).client;
    },
    get clock() {
      return madeInBeforeAll(t).clock;
    },
  };
}

/** A multipart/form-data body with one file field, as a browser sends it. */
export function multipartFile(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = `----lc${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const validBank = {
  full_name: 'Asha Rao',
  bank_name: 'State Bank of India',
  bank_branch: 'Kochi Main',
  account_number: '123456789012',
  ifsc_code: 'SBIN0001234',
  pan_card: 'ABCDE1234F',
  /** Every learner made by createLearner has it; asked before bank details are saved (decision 047). */
  current_password: TEST_PASSWORD,
};

/**
 * A token last used at the app's (possibly advanced) clock: tokens idle for 30 days expire, so
 * tests that move the clock sign in again at the new time.
 */
export function signInNow(app: App, userId: number): Promise<string> {
  return issueToken(app.ctx.db, userId, app.ctx.now());
}

/**
 * Gives a learner ₹500 to withdraw (a Done level reward) and saves their bank details through the API (`bank` over
 * validBank): ready to ask for a withdrawal.
 */
export async function fundWithBank(
  t: Pick<TestApp, 'app' | 'client'>,
  learner: Learner,
  bank: Partial<typeof validBank> = {},
): Promise<void> {
  await postEntry(t.app.ctx.db, {
    userId: learner.id,
    method: 'Level Reward',
    amountPaise: 50_000,
    points: 0,
    status: 'Done',
    description: 'Reward',
  });
  expect((await t.client.as(learner.token).post('/bank-details', { ...validBank, ...bank })).statusCode).toBe(200);
}
