import { and, asc, eq } from 'drizzle-orm';
import { batches, courses, standards, syllabuses, type DbOrTx } from '@app/db';
import { accountMessages, paiseToRupees, type BatchData } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { isBatchOpen, hasPaidBatch } from '../purchases/index.ts';

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

type FoundBatch = NonNullable<Awaited<ReturnType<typeof findBatch>>>;

/** The learner as the batch description needs them: who, and which syllabus and standard they picked. */
export interface BatchLearner {
  id: number;
  syllabusId: number | null;
  standardId: number | null;
}

/**
 * GET /batch/{syllabusId}/{standardId}: the batch, its fee in rupees, its published subject courses,
 * and what it means for this learner: theirs or not, fee paid or not, subjects open or not.
 */
export async function getBatch(
  ctx: AppContext,
  options: { user: BatchLearner; syllabusId: number; standardId: number },
): Promise<BatchData> {
  const batch = await findBatch(ctx.db, options);
  if (!batch) throw AppError.notFound(accountMessages.batchNotFound);
  return describeBatch(ctx, { user: options.user, batch });
}

/** The batch of the learner's own syllabus and standard, or null when they picked none. */
export async function findOwnBatch(db: DbOrTx, user: { syllabusId: number | null; standardId: number | null }) {
  const { syllabusId, standardId } = user;
  return syllabusId && standardId ? findBatch(db, { syllabusId, standardId }) : null;
}

/** GET /batch: the batch of the learner's own syllabus and standard, or null when they have none. */
export async function getMyBatch(ctx: AppContext, options: { user: BatchLearner }): Promise<BatchData | null> {
  const batch = await findOwnBatch(ctx.db, options.user);
  return batch ? describeBatch(ctx, { user: options.user, batch }) : null;
}

async function describeBatch(ctx: AppContext, options: { user: BatchLearner; batch: FoundBatch }): Promise<BatchData> {
  const { user, batch } = options;
  const subjects = await ctx.db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(and(eq(courses.batchId, batch.id), eq(courses.isPublished, true)))
    .orderBy(asc(courses.id));
  const isPaid = await hasPaidBatch(ctx.db, user.id, batch.id);
  const isMine = user.syllabusId === batch.syllabus.id && user.standardId === batch.standard.id;
  return {
    id: batch.id,
    name: batch.name,
    syllabus: batch.syllabus,
    standard: batch.standard,
    fee: paiseToRupees(batch.feePaise),
    is_mine: isMine,
    is_paid: isPaid,
    is_open: isBatchOpen({ isPaid, isOwnBatch: isMine, feePaise: batch.feePaise }),
    subjects,
  };
}
