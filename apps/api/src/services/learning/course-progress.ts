import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { subjectProgress, subjects, terms, type DbOrTx } from '@app/db';
import { progressPercent, type ProgressData } from '@app/contracts';

/** Percent of each course's subjects the learner has opened, two decimals; 0 for a course without subjects. */
export async function progressPercents(db: DbOrTx, options: { userId: number; courseIds: number[] }): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (options.courseIds.length === 0) return result;
  const totals = await db
    .select({ courseId: terms.courseId, n: count() })
    .from(subjects)
    .innerJoin(terms, eq(terms.id, subjects.termId))
    .where(inArray(terms.courseId, options.courseIds))
    .groupBy(terms.courseId);
  // Joined through the subject's term, so a subject moved or deleted since no longer counts.
  const studied = await db
    .select({ courseId: terms.courseId, n: count() })
    .from(subjectProgress)
    .innerJoin(subjects, eq(subjects.id, subjectProgress.subjectId))
    .innerJoin(terms, eq(terms.id, subjects.termId))
    .where(and(eq(subjectProgress.userId, options.userId), inArray(terms.courseId, options.courseIds)))
    .groupBy(terms.courseId);
  const studiedBy = new Map(studied.map((r) => [r.courseId, Number(r.n)]));
  for (const id of options.courseIds) {
    const total = Number(totals.find((t) => t.courseId === id)?.n ?? 0);
    result.set(id, progressPercent(studiedBy.get(id) ?? 0, total));
  }
  return result;
}

/** Where the learner stands in one course (access already checked). */
export async function readCourseProgress(db: DbOrTx, options: { userId: number; courseId: number }): Promise<ProgressData> {
  const rows = await db
    .select({
      subjectId: subjectProgress.subjectId,
      termId: subjects.termId,
      positionSeconds: subjectProgress.positionSeconds,
      updatedAt: subjectProgress.updatedAt,
    })
    .from(subjectProgress)
    .innerJoin(subjects, eq(subjects.id, subjectProgress.subjectId))
    .innerJoin(terms, eq(terms.id, subjects.termId))
    .where(and(eq(subjectProgress.userId, options.userId), eq(terms.courseId, options.courseId)))
    .orderBy(desc(subjectProgress.updatedAt), desc(subjectProgress.subjectId));
  const [total] = await db
    .select({ n: count() })
    .from(subjects)
    .innerJoin(terms, eq(terms.id, subjects.termId))
    .where(eq(terms.courseId, options.courseId));
  const totalSubjects = Number(total?.n ?? 0);
  const last = rows[0];
  return {
    course_id: options.courseId,
    last_subject_id: last?.subjectId ?? null,
    last_term_id: last?.termId ?? null,
    position_seconds: last?.positionSeconds ?? 0,
    studied_subject_ids: rows.map((r) => r.subjectId).sort((a, b) => a - b),
    total_subjects: totalSubjects,
    percent: progressPercent(rows.length, totalSubjects),
  };
}
