import { and, eq, sql } from 'drizzle-orm';
import { auditLog, purchases } from '@app/db';
import type { App } from '../../src/app.ts';
import type { TestApp, TestClient } from '../helpers.ts';
import { correctOptions } from '../quiz-fixtures.ts';
import { expectLedgerBalanced } from '../wallet-fixtures.ts';

export const DAY_MS = 86_400_000;

/** The audit log's self-referral findings about a sub-user. */
export function selfReferralAudit(app: App, userId: number) {
  return app.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'referral.self_referral'), eq(auditLog.entityId, String(userId))));
}

/**
 * Draws a subject's quiz as the client does and answers it with `right` correct answers: the body to
 * submit, or the answer that refused the draw.
 */
export async function answerQuiz(t: Pick<TestApp, 'app'>, client: TestClient, subjectId: number, right: number) {
  const first = await client.get(`/quiz/${subjectId}/1`);
  if (first.statusCode !== 200) return { refused: first };
  const ids: number[] = [first.body.data.id];
  for (let n = 2; n <= first.body.data.total_questions; n++)
    ids.push((await client.get(`/quiz/${subjectId}/${n}`)).body.data.id);
  const bank = await correctOptions(t.app, ids);
  const data = ids.map((id, i) => {
    const { correct, optionCount } = bank.get(id)!;
    return [id, i < right ? correct : (correct % optionCount) + 1];
  });
  return { body: { data } };
}

/** Draws a subject's quiz as the client does and submits it with `right` correct answers. */
export async function takeQuiz(t: Pick<TestApp, 'app'>, client: TestClient, subjectId: number, right: number) {
  const answered = await answerQuiz(t, client, subjectId, right);
  return answered.refused ?? client.post(`/quiz/${subjectId}`, answered.body);
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
export async function expectBooksBalanced(t: Pick<TestApp, 'app'>): Promise<void> {
  await expectLedgerBalanced(t.app);
}
