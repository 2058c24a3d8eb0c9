import { and, eq, sql } from 'drizzle-orm';
import { batches, courses, purchases, users, type DbOrTx, type Tx } from '@app/db';
import { catalogueMessages } from '@app/contracts';
import { AppError } from '../../lib/app-error.ts';

/** What opens a course to a learner. */
export interface CourseAccess {
  /** The paid purchase that opens it (of the course, or of its batch's fee); null for a free batch. */
  purchaseId: number | null;
  /** Paid with an amount above zero: only then does studying it earn Quiz Points. */
  isPaidAboveZero: boolean;
  /** What that purchase was paid (0 for a free batch): its Quiz Points are worth at most this. */
  amountPaise: number;
  /** When that purchase was paid (its refund window starts then); null for a free batch. */
  paidAt: Date | null;
  via: 'course' | 'batch';
}

/**
 * Whether a batch's subjects are open to a learner: a paid fee stays paid after a change of batch;
 * a free batch opens only while it is the learner's own. findOpenBatchIds says the same in SQL.
 */
export function isBatchOpen(batch: { isPaid: boolean; isOwnBatch: boolean; feePaise: number }): boolean {
  return batch.isPaid || (batch.isOwnBatch && batch.feePaise === 0);
}

/**
 * The one access rule for course content (terms, files, quizzes, certificates):
 * - a catalogue course opens with a paid purchase of it;
 * - a school batch's subject course is never sold on its own: it opens through the batch, at once
 *   when the learner's own batch has no fee, else with the paid batch fee. A fee paid for a batch
 *   stays paid when the learner later picks another batch; a free batch opens only while it is theirs.
 *   Either way only once the course has been published: an operator's draft is closed to its batch (decision 074);
 *   one unpublished later stays open.
 * Null when the learner has no access. One round trip.
 */
export async function findCourseAccess(db: DbOrTx, userId: number, courseId: number): Promise<CourseAccess | null> {
  const [row] = await db
    .select({
      batchId: courses.batchId,
      wasPublished: courses.wasPublished,
      feePaise: batches.feePaise,
      isOwnBatch: sql<boolean>`${users.id} IS NOT NULL`,
      purchaseId: purchases.id,
      amountPaise: purchases.amountPaise,
      paidAt: purchases.paidAt,
    })
    .from(courses)
    .leftJoin(batches, eq(batches.id, courses.batchId))
    .leftJoin(
      users,
      and(eq(users.id, userId), eq(users.syllabusId, batches.syllabusId), eq(users.standardId, batches.standardId)),
    )
    .leftJoin(
      purchases,
      and(
        eq(purchases.userId, userId),
        eq(purchases.status, 'paid'),
        sql`CASE WHEN ${courses.batchId} IS NULL THEN ${purchases.courseId} = ${courses.id} ELSE ${purchases.batchId} = ${courses.batchId} END`,
      ),
    )
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!row) return null;
  const via = row.batchId === null ? 'course' : 'batch';
  if (via === 'batch' && !row.wasPublished) return null;
  if (row.purchaseId !== null) {
    const amountPaise = row.amountPaise ?? 0;
    return { purchaseId: row.purchaseId, isPaidAboveZero: amountPaise > 0, amountPaise, paidAt: row.paidAt, via };
  }
  if (via === 'batch' && isBatchOpen({ isPaid: false, isOwnBatch: row.isOwnBatch, feePaise: row.feePaise ?? 0 })) {
    return { purchaseId: null, isPaidAboveZero: false, amountPaise: 0, paidAt: null, via };
  }
  return null;
}

/** Course content is for learners with access only: 403 otherwise. */
export async function assertCourseAccess(db: DbOrTx, userId: number, courseId: number): Promise<CourseAccess> {
  const access = await findCourseAccess(db, userId, courseId);
  if (!access) throw AppError.forbidden(catalogueMessages.buyToOpen);
  return access;
}

/** The batches whose subjects are open to the learner (the same rule): paid batch fees, and their own batch when it is free. */
export async function findOpenBatchIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    SELECT ${purchases.batchId} AS id FROM ${purchases}
    WHERE ${purchases.userId} = ${userId} AND ${purchases.status} = 'paid' AND ${purchases.batchId} IS NOT NULL
    UNION
    SELECT ${batches.id} FROM ${batches} JOIN ${users}
      ON ${users.syllabusId} = ${batches.syllabusId} AND ${users.standardId} = ${batches.standardId}
    WHERE ${users.id} = ${userId} AND ${batches.feePaise} = 0`);
  return rows.rows.map((row) => Number(row.id));
}

/**
 * assertCourseAccess for a write that earns something on the purchase (a quiz submission's Quiz
 * Points): the paid purchase is share-locked until the transaction ends. A refund being written now
 * commits first and the course is closed (403); one that comes after waits for this write, so that it
 * sees, and takes back, what the write earned. Without the lock a submission that read the purchase as
 * paid could credit its points after the refund had counted them.
 */
export async function holdCourseAccess(tx: Tx, userId: number, courseId: number): Promise<CourseAccess> {
  const access = await assertCourseAccess(tx, userId, courseId);
  if (access.purchaseId === null) return access;
  const [held] = await tx
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.id, access.purchaseId), eq(purchases.status, 'paid')))
    .for('share');
  if (!held) throw AppError.forbidden(catalogueMessages.buyToOpen);
  return access;
}
