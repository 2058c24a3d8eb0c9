import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { courses, levels, purchases, settings, users } from '@app/db';
import type { App } from '../src/app.ts';
import { onPurchasePaid } from '../src/services/referrals/on-purchase-paid.ts';
import { onPurchaseRefunded, type CommissionReversalResult } from '../src/services/referrals/on-purchase-refunded.ts';
import { postEntry } from '../src/services/wallet/ledger.ts';
import { issueToken } from '../src/services/accounts/tokens.ts';

/** The default levels of server-rules.md, with the rewards these tests expect. */
export const TEST_LEVELS = [
  { number: 1, name: 'Starter', days: 30, node: 2, rewardPoints: 100, rewardPaise: 10_000 },
  { number: 2, name: 'Bronze', days: 60, node: 4, rewardPoints: 200, rewardPaise: 25_000 },
  { number: 3, name: 'Silver', days: 90, node: 8, rewardPoints: 400, rewardPaise: 50_000 },
  { number: 4, name: 'Gold', days: 120, node: 16, rewardPoints: 800, rewardPaise: 100_000 },
  { number: 5, name: 'Platinum', days: 180, node: 32, rewardPoints: 1_600, rewardPaise: 250_000 },
];

/** Levels and rates as these tests expect them, whatever the reference-data migration holds. */
export async function setReferenceData(app: App, rates: Record<string, number> = {}): Promise<void> {
  for (const level of TEST_LEVELS) {
    await app.ctx.db.insert(levels).values(level).onConflictDoUpdate({ target: levels.number, set: level });
  }
  const all = { commission_percent: 10, convert_value_paise: 100, minimum_withdrawal_paise: 10_000, ...rates };
  for (const [key, value] of Object.entries(all)) {
    await app.ctx.db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
  }
}

/**
 * A purchase of a fresh course made paid the way the payments code does it: a conditional
 * pending → paid UPDATE and onPurchasePaid in the same transaction.
 */
export async function payPurchase(app: App, userId: number, amountPaise: number): Promise<number> {
  const [course] = await app.ctx.db.insert(courses).values({
    name: `Course ${randomBytes(4).toString('hex')}`, pricePaise: amountPaise, offerPricePaise: amountPaise, isPublished: true,
  }).returning({ id: courses.id });
  const [purchase] = await app.ctx.db.insert(purchases).values({
    userId, courseId: course!.id, pricePaise: amountPaise, amountPaise, provider: 'sandbox', status: 'pending',
  }).returning({ id: purchases.id });
  await app.ctx.db.transaction(async (tx) => {
    const paidAt = app.ctx.now();
    const [paid] = await tx.update(purchases).set({ status: 'paid', paidAt })
      .where(and(eq(purchases.id, purchase!.id), eq(purchases.status, 'pending')))
      .returning({ id: purchases.id, userId: purchases.userId, amountPaise: purchases.amountPaise });
    await onPurchasePaid(tx, app.ctx, { ...paid!, paidAt });
  });
  return purchase!.id;
}

/** Marks a paid purchase refunded and reverses its commission, in one transaction. */
export async function refundPurchase(app: App, purchaseId: number): Promise<CommissionReversalResult | null> {
  return app.ctx.db.transaction(async (tx) => {
    await tx.update(purchases).set({ status: 'refunded', refundedAt: app.ctx.now() }).where(eq(purchases.id, purchaseId));
    return onPurchaseRefunded(tx, app.ctx, purchaseId);
  });
}

/** Credits points (as a quiz would) through the ledger. */
export async function creditPoints(app: App, userId: number, points: number): Promise<void> {
  await postEntry(app.ctx.db, { userId, method: 'Quiz Points', amountPaise: 0, points, status: 'Done', description: 'Quiz result' });
}

export async function walletOf(app: App, userId: number): Promise<{ balancePaise: number; points: number }> {
  const [row] = await app.ctx.db.select({ balancePaise: users.balancePaise, points: users.points }).from(users).where(eq(users.id, userId));
  return row!;
}

/** Every user's cached wallet equals the sums of their ledger rows, and nothing is negative. */
export async function expectLedgerBalanced(app: App): Promise<void> {
  const result = await app.ctx.db.execute<{ id: number; balance: string; points: string; ledger_balance: string; ledger_points: string }>(sql`
    select u.id, u.balance_paise as balance, u.points,
           coalesce(sum(w.amount_paise), 0) as ledger_balance, coalesce(sum(w.points), 0) as ledger_points
    from users u left join wallet_transactions w on w.user_id = u.id
    group by u.id, u.balance_paise, u.points`);
  const wallets = result.rows.map((r) => ({
    id: Number(r.id), balance: Number(r.balance), points: Number(r.points),
    ledgerBalance: Number(r.ledger_balance), ledgerPoints: Number(r.ledger_points),
  }));
  expect(wallets.length).toBeGreaterThan(0);
  for (const w of wallets) {
    expect({ id: w.id, balance: w.balance, points: w.points }).toEqual({ id: w.id, balance: w.ledgerBalance, points: w.ledgerPoints });
    expect(w.balance).toBeGreaterThanOrEqual(0);
    expect(w.points).toBeGreaterThanOrEqual(0);
  }
}

/** A multipart/form-data body with one file field, as a browser sends it. */
export function multipartFile(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = `----lc${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
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
};

/**
 * A token last used at the app's (possibly advanced) clock: tokens idle for 30 days expire, so
 * tests that move the clock sign in again at the new time.
 */
export function signInNow(app: App, userId: number): Promise<string> {
  return issueToken(app.ctx.db, userId, app.ctx.now());
}
