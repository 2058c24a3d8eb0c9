import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { batches, categories, courses, purchases, subjects, terms, type DbOrTx } from '@app/db';
import {
  adminMessages,
  courseCreateBody,
  paiseToRupees,
  rupeesToPaise,
  type AdminCourse,
  type CourseLanguage,
  type CourseUpdateBody,
  type Page,
} from '@app/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/index.ts';
import { mediaPath } from '../../catalogue/index.ts';
import { refuseIfReferenced } from '../refuse-if-referenced.ts';
import { containsPattern, pageOf } from '../page-of.ts';
import { parseInput } from '../parse-input.ts';
import { cleanImage, deleteOwnFile, storeUpload, streamUpload, swapStoredFile, type StoredUpload } from '../uploads.ts';
import { deleteRenditions, renditionsOf } from '../../video/index.ts';

type CourseInput = z.output<typeof courseCreateBody>;
type CoursePatch = Partial<CourseInput>;

const columns = {
  id: courses.id,
  name: courses.name,
  about: courses.about,
  categoryId: courses.categoryId,
  batchId: courses.batchId,
  pricePaise: courses.pricePaise,
  offerPricePaise: courses.offerPricePaise,
  isPublished: courses.isPublished,
  photoPath: courses.photoPath,
  videoPath: courses.videoPath,
  language: courses.language,
  createdAt: courses.createdAt,
  // Spelled out: Drizzle leaves the columns of a one-table select unqualified.
  termsCount: sql<number>`(select count(*) from terms t where t.course_id = "courses"."id")`.mapWith(Number),
  paidPurchases:
    sql<number>`(select count(*) from purchases p where p.course_id = "courses"."id" and p.status = 'paid')`.mapWith(
      Number,
    ),
};

const selectCourses = (db: DbOrTx) => db.select(columns).from(courses);
type CourseRow = Awaited<ReturnType<typeof selectCourses>>[number];

function toAdminCourse(row: CourseRow): AdminCourse {
  return {
    id: row.id,
    name: row.name,
    about: row.about,
    category_id: row.categoryId,
    batch_id: row.batchId,
    price: paiseToRupees(row.pricePaise),
    offer_price: paiseToRupees(row.offerPricePaise),
    is_published: row.isPublished,
    photo_path: mediaPath(row.photoPath),
    video_path: mediaPath(row.videoPath),
    language: row.language as CourseLanguage,
    terms_count: row.termsCount,
    paid_purchases: row.paidPurchases,
    created_at: row.createdAt.toISOString(),
  };
}

async function findCourseRow(db: DbOrTx, id: number, options: { forUpdate?: boolean } = {}): Promise<CourseRow> {
  const query = selectCourses(db).where(eq(courses.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw AppError.notFound(adminMessages.courseNotFound);
  return row;
}

export async function getAdminCourse(ctx: AppContext, id: number): Promise<AdminCourse> {
  return toAdminCourse(await findCourseRow(ctx.db, id));
}

/** GET /admin/courses: every course, published or not, by id. */
export async function listAdminCourses(
  ctx: AppContext,
  options: {
    q?: string | undefined;
    categoryId?: number | undefined;
    isPublished?: boolean | undefined;
    page: number;
    perPage: number;
  },
): Promise<Page<AdminCourse>> {
  const where: SQL | undefined = and(
    options.q ? ilike(courses.name, containsPattern(options.q)) : undefined,
    options.categoryId !== undefined ? eq(courses.categoryId, options.categoryId) : undefined,
    options.isPublished !== undefined ? eq(courses.isPublished, options.isPublished) : undefined,
  );
  const [[total], rows] = await Promise.all([
    ctx.db.select({ n: count() }).from(courses).where(where),
    selectCourses(ctx.db)
      .where(where)
      .orderBy(asc(courses.id))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
  ]);
  return pageOf(rows.map(toAdminCourse), total?.n ?? 0, options);
}

/** The category and batch named must exist: a 422 on the field otherwise. */
async function checkReferences(db: DbOrTx, patch: CoursePatch): Promise<void> {
  if (patch.category_id) {
    const [found] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, patch.category_id));
    if (!found) throw AppError.field('category_id', adminMessages.categoryNotFound);
  }
  if (patch.batch_id) {
    const [found] = await db.select({ id: batches.id }).from(batches).where(eq(batches.id, patch.batch_id));
    if (!found) throw AppError.field('batch_id', adminMessages.batchNotFound);
  }
}

/** The columns a patch sets; fields left out are not touched. */
function columnsOf(patch: CoursePatch): Partial<typeof courses.$inferInsert> {
  return {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.about !== undefined ? { about: patch.about } : {}),
    ...(patch.category_id !== undefined ? { categoryId: patch.category_id } : {}),
    ...(patch.batch_id !== undefined ? { batchId: patch.batch_id } : {}),
    ...(patch.price !== undefined ? { pricePaise: rupeesToPaise(patch.price) } : {}),
    ...(patch.offer_price !== undefined ? { offerPricePaise: rupeesToPaise(patch.offer_price) } : {}),
    ...(patch.is_published !== undefined ? { isPublished: patch.is_published } : {}),
    ...(patch.video_url !== undefined ? { videoPath: patch.video_url } : {}),
    ...(patch.language !== undefined ? { language: patch.language } : {}),
  };
}

/** POST /admin/courses */
export async function createCourse(
  ctx: AppContext,
  options: { actorId: number; input: CourseInput },
): Promise<AdminCourse> {
  const { input } = options;
  return ctx.db.transaction(async (tx) => {
    await checkReferences(tx, input);
    const [row] = await tx
      .insert(courses)
      .values({
        name: input.name,
        about: input.about ?? '',
        categoryId: input.category_id ?? null,
        batchId: input.batch_id ?? null,
        pricePaise: rupeesToPaise(input.price),
        offerPricePaise: rupeesToPaise(input.offer_price),
        isPublished: input.is_published ?? false,
        videoPath: input.video_url ?? null,
        language: input.language ?? 'en',
        createdAt: ctx.now(),
      })
      .returning({ id: courses.id });
    const after = toAdminCourse(await findCourseRow(tx, row!.id));
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: 'course.create',
      entity: 'courses',
      entityId: row!.id,
      after,
    });
    return after;
  });
}

/**
 * PUT /admin/courses/{id}: changes the fields given. The prices are checked together with the
 * stored ones (offer price <= price). Publishing is `is_published: true`.
 */
export async function updateCourse(
  ctx: AppContext,
  options: { actorId: number; id: number; patch: CourseUpdateBody & CoursePatch },
): Promise<AdminCourse> {
  const { patch, id } = options;
  let replacedVideo: string | null = null;
  const after = await ctx.db.transaction(async (tx) => {
    const current = await findCourseRow(tx, id, { forUpdate: true });
    parseInput(courseCreateBody, {
      name: patch.name ?? current.name,
      price: patch.price ?? paiseToRupees(current.pricePaise),
      offer_price: patch.offer_price ?? paiseToRupees(current.offerPricePaise),
    });
    await checkReferences(tx, patch);
    const before = toAdminCourse(current);
    const set = columnsOf(patch);
    if (Object.keys(set).length > 0) await tx.update(courses).set(set).where(eq(courses.id, id));
    const updated = toAdminCourse(await findCourseRow(tx, id));
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: 'course.update',
      entity: 'courses',
      entityId: id,
      before,
      after: updated,
    });
    if (patch.video_url !== undefined) replacedVideo = current.videoPath;
    return updated;
  });
  if (replacedVideo !== patch.video_url) await deleteOwnFile(ctx, replacedVideo);
  return after;
}

/**
 * DELETE /admin/courses/{id}: only a course nobody bought (its purchases are history); terms,
 * chapters and questions go with it, and the files the console stored for them, videos' renditions included.
 */
export async function deleteCourse(ctx: AppContext, options: { actorId: number; id: number }): Promise<void> {
  const { id } = options;
  const { files, renditions } = await refuseIfReferenced(adminMessages.courseHasPurchases, () =>
    ctx.db.transaction(async (tx) => {
      const current = await findCourseRow(tx, id, { forUpdate: true });
      const [bought] = await tx.select({ n: count() }).from(purchases).where(eq(purchases.courseId, id));
      if ((bought?.n ?? 0) > 0) throw AppError.badRequest(adminMessages.courseHasPurchases);
      const chapterFiles = await tx
        .select({ id: subjects.id, key: subjects.fileRef })
        .from(subjects)
        .innerJoin(terms, eq(terms.id, subjects.termId))
        .where(and(eq(terms.courseId, id), sql`${subjects.fileType} in ('pdf', 'video')`));
      const renditions = await renditionsOf(
        tx,
        chapterFiles.map((f) => f.id),
      );
      const termPhotos = await tx.select({ key: terms.photoPath }).from(terms).where(eq(terms.courseId, id));
      await tx.delete(courses).where(eq(courses.id, id));
      await recordAudit(tx, ctx, {
        actorId: options.actorId,
        action: 'course.delete',
        entity: 'courses',
        entityId: id,
        before: toAdminCourse(current),
      });
      const files = [
        current.photoPath,
        current.videoPath,
        ...chapterFiles.map((f) => f.key),
        ...termPhotos.map((t) => t.key),
      ];
      return { files, renditions };
    }),
  );
  for (const key of files) await deleteOwnFile(ctx, key);
  await deleteRenditions(ctx.storage, renditions);
}

/** Points a course column at a newly stored file, audited; the file it replaced is deleted after. */
async function setCourseFile(
  ctx: AppContext,
  options: { actorId: number; id: number; column: 'photoPath' | 'videoPath'; key: string; action: string },
): Promise<AdminCourse> {
  return swapStoredFile(ctx, options.key, () =>
    ctx.db.transaction(async (tx) => {
      const current = await findCourseRow(tx, options.id, { forUpdate: true });
      await tx
        .update(courses)
        .set({ [options.column]: options.key })
        .where(eq(courses.id, options.id));
      const after = toAdminCourse(await findCourseRow(tx, options.id));
      await recordAudit(tx, ctx, {
        actorId: options.actorId,
        action: options.action,
        entity: 'courses',
        entityId: options.id,
        before: toAdminCourse(current),
        after,
      });
      return { result: after, previousKey: current[options.column] };
    }),
  );
}

/** POST /admin/courses/{id}/image: PNG, GIF or JPEG by content, re-encoded, stored under courses/. */
export async function setCourseImage(
  ctx: AppContext,
  options: { actorId: number; id: number; upload: Buffer },
): Promise<AdminCourse> {
  await findCourseRow(ctx.db, options.id);
  const key = await storeUpload(ctx, 'courses/', `${options.id}/image`, await cleanImage(options.upload));
  return setCourseFile(ctx, { ...options, column: 'photoPath', key, action: 'course.image' });
}

/** Streams a course's demo video to storage under courses/<id>/ as it arrives: an MP4 by its ftyp box. */
export async function receiveCourseVideo(
  ctx: AppContext,
  options: { id: number; source: AsyncIterable<Uint8Array> },
): Promise<StoredUpload> {
  await findCourseRow(ctx.db, options.id);
  return streamUpload(ctx, {
    folder: 'courses/',
    name: `${options.id}/demo`,
    source: options.source,
    kinds: ['video'],
  });
}

/** POST /admin/courses/{id}/video: points the course at its streamed demo video (`receiveCourseVideo`). */
export async function setCourseVideo(
  ctx: AppContext,
  options: { actorId: number; id: number; upload: StoredUpload },
): Promise<AdminCourse> {
  return setCourseFile(ctx, {
    actorId: options.actorId,
    id: options.id,
    column: 'videoPath',
    key: options.upload.key,
    action: 'course.video',
  });
}
