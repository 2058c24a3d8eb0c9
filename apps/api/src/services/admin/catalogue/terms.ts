import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { courses, subjects, terms, type DbOrTx } from '@app/db';
import { adminMessages, type AdminTerm, type TermCreateBody } from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/index.ts';
import { mediaPath } from '../../catalogue/index.ts';
import { cleanImage, deleteOwnFile, storeUpload, swapStoredFile } from '../uploads.ts';
import { deleteRenditions, renditionsOf } from '../../video/index.ts';
import { issueCertificatesOfCourse } from './issue-certificates-of-course.ts';

interface TermPatch {
  name?: string | undefined;
  about?: string | undefined;
  position?: number | undefined;
}

const selectTerms = (db: DbOrTx) =>
  db
    .select({
      id: terms.id,
      courseId: terms.courseId,
      name: terms.name,
      about: terms.about,
      photoPath: terms.photoPath,
      position: terms.position,
      // Spelled out: Drizzle leaves the columns of a one-table select unqualified.
      subjectsCount: sql<number>`(select count(*) from subjects s where s.term_id = "terms"."id")`.mapWith(Number),
    })
    .from(terms);
type TermRow = Awaited<ReturnType<typeof selectTerms>>[number];

function toAdminTerm(row: TermRow): AdminTerm {
  return {
    id: row.id,
    course_id: row.courseId,
    name: row.name,
    about: row.about,
    photo_path: mediaPath(row.photoPath),
    position: row.position,
    subjects_count: row.subjectsCount,
  };
}

async function findTermRow(db: DbOrTx, id: number): Promise<TermRow> {
  const [row] = await selectTerms(db).where(eq(terms.id, id));
  if (!row) throw AppError.notFound(adminMessages.termNotFound);
  return row;
}

/** GET /admin/courses/{id}/terms: in their order. */
export async function listTerms(ctx: AppContext, courseId: number): Promise<AdminTerm[]> {
  const [course] = await ctx.db.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw AppError.notFound(adminMessages.courseNotFound);
  const rows = await selectTerms(ctx.db)
    .where(eq(terms.courseId, courseId))
    .orderBy(asc(terms.position), asc(terms.id));
  return rows.map(toAdminTerm);
}

/** POST /admin/courses/{id}/terms: placed last unless a position is given. */
export async function createTerm(
  ctx: AppContext,
  options: { actorId: number; courseId: number; input: TermCreateBody & TermPatch },
): Promise<AdminTerm> {
  const { input, courseId } = options;
  return ctx.db.transaction(async (tx) => {
    const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for('update');
    if (!course) throw AppError.notFound(adminMessages.courseNotFound);
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${terms.position}), -1)`.mapWith(Number) })
      .from(terms)
      .where(eq(terms.courseId, courseId));
    const [row] = await tx
      .insert(terms)
      .values({
        courseId,
        name: input.name,
        about: input.about ?? '',
        position: input.position ?? (last?.max ?? -1) + 1,
      })
      .returning({ id: terms.id });
    const after = toAdminTerm(await findTermRow(tx, row!.id));
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: 'term.create',
      entity: 'terms',
      entityId: row!.id,
      after,
    });
    return after;
  });
}

/** PUT /admin/terms/{id} */
export async function updateTerm(
  ctx: AppContext,
  options: { actorId: number; id: number; patch: TermPatch },
): Promise<AdminTerm> {
  const { id, patch } = options;
  return ctx.db.transaction(async (tx) => {
    const before = toAdminTerm(await findTermRow(tx, id));
    const set = {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.about !== undefined ? { about: patch.about } : {}),
      ...(patch.position !== undefined ? { position: patch.position } : {}),
    };
    if (Object.keys(set).length > 0) await tx.update(terms).set(set).where(eq(terms.id, id));
    const after = toAdminTerm(await findTermRow(tx, id));
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: 'term.update',
      entity: 'terms',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/**
 * DELETE /admin/terms/{id}: its chapters and questions go with it, and their stored files. A learner
 * whose results pass every quiz the course has left gets the certificate now.
 */
export async function deleteTerm(ctx: AppContext, options: { actorId: number; id: number }): Promise<void> {
  const { files, renditions } = await ctx.db.transaction(async (tx) => {
    const current = await findTermRow(tx, options.id);
    const chapterFiles = await tx
      .select({ id: subjects.id, key: subjects.fileRef })
      .from(subjects)
      .where(and(eq(subjects.termId, options.id), inArray(subjects.fileType, ['pdf', 'video'])));
    const renditions = await renditionsOf(
      tx,
      chapterFiles.map((f) => f.id),
    );
    await tx.delete(terms).where(eq(terms.id, options.id));
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: 'term.delete',
      entity: 'terms',
      entityId: options.id,
      before: toAdminTerm(current),
    });
    await issueCertificatesOfCourse(tx, { courseId: current.courseId, now: ctx.now() });
    return { files: [current.photoPath, ...chapterFiles.map((f) => f.key)], renditions };
  });
  for (const key of files) await deleteOwnFile(ctx, key);
  await deleteRenditions(ctx.storage, renditions);
}

/** POST /admin/terms/{id}/image */
export async function setTermImage(
  ctx: AppContext,
  options: { actorId: number; id: number; upload: Buffer },
): Promise<AdminTerm> {
  await findTermRow(ctx.db, options.id);
  const key = await storeUpload(ctx, 'terms/', `${options.id}/image`, await cleanImage(options.upload));
  return swapStoredFile(ctx, key, () =>
    ctx.db.transaction(async (tx) => {
      const current = await findTermRow(tx, options.id);
      await tx.update(terms).set({ photoPath: key }).where(eq(terms.id, options.id));
      const after = toAdminTerm(await findTermRow(tx, options.id));
      await recordAudit(tx, ctx, {
        actorId: options.actorId,
        action: 'term.image',
        entity: 'terms',
        entityId: options.id,
        before: toAdminTerm(current),
        after,
      });
      return { result: after, previousKey: current.photoPath };
    }),
  );
}
