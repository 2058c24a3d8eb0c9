import { and, eq } from 'drizzle-orm';
import { purchases, type DbOrTx } from '@app/db';

/** True when the learner holds a paid purchase of the batch's fee (POST /first-payment, confirmed). */
export async function hasPaidBatch(db: DbOrTx, userId: number, batchId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), eq(purchases.batchId, batchId), eq(purchases.status, 'paid')))
    .limit(1);
  return row !== undefined;
}
