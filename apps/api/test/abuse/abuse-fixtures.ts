import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { purchases } from '@app/db';
import type { TestApp, TestClient } from '../helpers.ts';
import type { Learner } from '../fixtures.ts';
import { correctOptions } from '../quiz-fixtures.ts';
import { expectLedgerBalanced } from '../wallet-fixtures.ts';

export const DAY_MS = 86_400_000;

/**
 * Pays what a checkout call starts (POST /checkout or POST /first-payment) the way the browser does
 * with the sandbox provider: the provider's pay call, then /pay-now (confirmPayment, onPurchasePaid).
 * Returns the purchase id and the provider's payment id.
 */
export async function payThroughSandbox(
  t: Pick<TestApp, 'client'>,
  buyer: Learner,
  path: '/checkout' | '/first-payment',
  body: object,
): Promise<{ purchaseId: number; paymentId: string }> {
  const checkout = await t.client.as(buyer.token).post(path, body);
  expect(checkout.statusCode, JSON.stringify(checkout.body)).toBe(200);
  expect(checkout.body.data.payment).toBe(true);
  const paid = await t.client.post('/sandbox/pay', { order_id: checkout.body.data.order_id, outcome: 'success' });
  expect(paid.statusCode).toBe(200);
  const confirm = await t.client.as(buyer.token).post('/pay-now', {
    payment_id: paid.body.razorpay_payment_id,
    order_id: paid.body.razorpay_order_id,
    signature: paid.body.razorpay_signature,
  });
  expect(confirm.statusCode, JSON.stringify(confirm.body)).toBe(200);
  return { purchaseId: checkout.body.data.purchase_id, paymentId: paid.body.razorpay_payment_id };
}

/** Draws a subject's quiz as the client does and submits it with `right` correct answers. */
export async function takeQuiz(t: TestApp, client: TestClient, subjectId: number, right: number) {
  const first = await client.get(`/quiz/${subjectId}/1`);
  if (first.statusCode !== 200) return first;
  const ids: number[] = [first.body.data.id];
  for (let n = 2; n <= first.body.data.total_questions; n++)
    ids.push((await client.get(`/quiz/${subjectId}/${n}`)).body.data.id);
  const bank = await correctOptions(t.app, ids);
  const data = ids.map((id, i) => {
    const { correct, optionCount } = bank.get(id)!;
    return [id, i < right ? correct : (correct % optionCount) + 1];
  });
  return client.post(`/quiz/${subjectId}`, { data });
}

export async function countPurchases(t: TestApp, where: { userId?: number; status?: string; offerCodeId?: number }) {
  const rows = await t.app.ctx.db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(purchases)
    .where(
      and(
        where.userId !== undefined ? eq(purchases.userId, where.userId) : undefined,
        where.status !== undefined ? eq(purchases.status, where.status) : undefined,
        where.offerCodeId !== undefined ? eq(purchases.offerCodeId, where.offerCodeId) : undefined,
      ),
    );
  return rows[0]!.n;
}

/** The ledger invariants after an attack: wallets equal their ledgers (held credits once Done), nothing negative. */
export async function expectBooksBalanced(t: TestApp): Promise<void> {
  await expectLedgerBalanced(t.app);
}
