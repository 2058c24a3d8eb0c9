import { and, asc, eq } from 'drizzle-orm';
import { batches, courses, standards, syllabuses, type DbOrTx } from '@app/db';
import { accountMessages, paiseToRupees, type BatchData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';

/** The batch of a syllabus + standard pair with its names and fee in paise, or null. */
export async function findBatch(db: DbOrTx, options: { syllabusId: number; standardId: number }) {
  const [row] = await db
    .select({
      id: batches.id,
      name: batches.name,
      feePaise: batches.feePaise,
      syllabus: { id: syllabuses.id, name: syllabuses.name },
      standard: { id: standards.id, name: standards.name },
    })
    .from(batches)
    .innerJoin(syllabuses, eq(syllabuses.id, batches.syllabusId))
    .innerJoin(standards, eq(standards.id, batches.standardId))
    .where(and(eq(batches.syllabusId, options.syllabusId), eq(batches.standardId, options.standardId)))
    .limit(1);
  return row ?? null;
}

/** GET /batch/{syllabusId}/{standardId}: the batch, its fee in rupees and its published subject courses. */
export async function getBatch(ctx: AppContext, options: { syllabusId: number; standardId: number }): Promise<BatchData> {
  const batch = await findBatch(ctx.db, options);
  if (!batch) throw AppError.notFound(accountMessages.batchNotFound);
  const subjects = await ctx.db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(and(eq(courses.batchId, batch.id), eq(courses.isPublished, true)))
    .orderBy(asc(courses.id));
  return {
    id: batch.id,
    name: batch.name,
    syllabus: batch.syllabus,
    standard: batch.standard,
    fee: paiseToRupees(batch.feePaise),
    subjects,
  };
}
