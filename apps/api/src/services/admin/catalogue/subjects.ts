import { asc, eq, sql } from 'drizzle-orm';
import { subjects, terms, videoRenditions, type DbOrTx } from '@app/db';
import { adminMessages, youtubeEmbedUrl, type AdminSubject, type SubjectFileType } from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/index.ts';
import { deleteOwnFile, streamUpload, typeMessageOf, type StoredKind, type StoredUpload } from '../uploads.ts';
import { deleteRenditions, onVideoFileChanged, renditionsOf, toVideoState } from '../../video/index.ts';
import { issueCertificatesOfCourse } from './issue-certificates-of-course.ts';

export interface SubjectPatch {
  name?: string | undefined;
  about?: string | undefined;
  position?: number | undefined;
  file_type?: SubjectFileType | undefined;
  url?: string | undefined;
}

const isStoredType = (type: string) => type === 'pdf' || type === 'video';

const selectSubjects = (db: DbOrTx) =>
  db
    .select({
      id: subjects.id,
      termId: subjects.termId,
      name: subjects.name,
      about: subjects.about,
      position: subjects.position,
      fileType: subjects.fileType,
      fileRef: subjects.fileRef,
      // Spelled out: Drizzle leaves the columns of a one-table select unqualified.
      questionsCount: sql<number>`(select count(*) from questions q where q.subject_id = "subjects"."id")`.mapWith(
        Number,
      ),
      video: videoRenditions,
    })
    .from(subjects)
    .leftJoin(videoRenditions, eq(videoRenditions.subjectId, subjects.id));
type SubjectRow = Awaited<ReturnType<typeof selectSubjects>>[number];

function toAdminSubject(row: SubjectRow): AdminSubject {
  const stored = isStoredType(row.fileType);
  return {
    id: row.id,
    term_id: row.termId,
    name: row.name,
    about: row.about,
    position: row.position,
    file_type: row.fileType as SubjectFileType,
    url: stored ? null : row.fileRef,
    has_file: stored && row.fileRef !== '',
    questions_count: row.questionsCount,
    video: row.fileType === 'video' && row.fileRef !== '' ? toVideoState(row.video ?? undefined, row.fileRef) : null,
  };
}

export async function findSubjectRow(db: DbOrTx, id: number): Promise<SubjectRow> {
  const [row] = await selectSubjects(db).where(eq(subjects.id, id));
  if (!row) throw AppError.notFound(adminMessages.subjectNotFound);
  return row;
}

/**
 * The chapter whose file is the stored object `key`, if any: an upload's key is new for each upload, so at most one
 * chapter points at it (a repeat of the request that attached it finds that chapter).
 */
export async function findSubjectWithFile(db: DbOrTx, key: string): Promise<AdminSubject | null> {
  const [row] = await selectSubjects(db).where(eq(subjects.fileRef, key)).limit(1);
  return row ? toAdminSubject(row) : null;
}

/** The course a chapter belongs to (through its term). */
export async function findSubjectCourseId(db: DbOrTx, subjectId: number): Promise<number> {
  const [row] = await db
    .select({ courseId: terms.courseId })
    .from(subjects)
    .innerJoin(terms, eq(terms.id, subjects.termId))
    .where(eq(subjects.id, subjectId));
  if (!row) throw AppError.notFound(adminMessages.subjectNotFound);
  return row.courseId;
}

/** 404 unless the term exists; `lock` holds its row (FOR NO KEY UPDATE): the term's chapters are added one at a time. */
async function assertTerm(db: DbOrTx, termId: number, options: { lock?: boolean } = {}): Promise<void> {
  const query = db.select({ id: terms.id }).from(terms).where(eq(terms.id, termId));
  const [term] = await (options.lock ? query.for('no key update') : query);
  if (!term) throw AppError.notFound(adminMessages.termNotFound);
}

/** GET /admin/terms/{id}/subjects: in their order. */
export async function listSubjects(ctx: AppContext, termId: number): Promise<AdminSubject[]> {
  await assertTerm(ctx.db, termId);
  const rows = await selectSubjects(ctx.db)
    .where(eq(subjects.termId, termId))
    .orderBy(asc(subjects.position), asc(subjects.id));
  return rows.map(toAdminSubject);
}

/** The kinds a chapter file may be: the one `file_type` names, or either while it is not known yet. */
const chapterKinds = (fileType: unknown): StoredKind[] =>
  fileType === 'pdf' || fileType === 'video' ? [fileType] : ['pdf', 'video'];

/**
 * Streams a chapter's uploaded file to storage under private/subjects/term-<id>/ as it arrives
 * (pdf by '%PDF-', video by its ftyp box, each within its limit). `fileType` is the form's
 * file_type when it came before the file. Nothing points at the file until the chapter is saved.
 */
export async function receiveChapterFile(
  ctx: AppContext,
  options: { target: { termId: number } | { subjectId: number }; fileType: unknown; source: AsyncIterable<Uint8Array> },
): Promise<StoredUpload> {
  const { target } = options;
  let termId: number;
  if ('termId' in target) {
    await assertTerm(ctx.db, target.termId);
    termId = target.termId;
  } else {
    termId = (await findSubjectRow(ctx.db, target.subjectId)).termId;
  }
  return streamUpload(ctx, {
    folder: 'private/subjects/',
    name: `term-${termId}/chapter`,
    source: options.source,
    kinds: chapterKinds(options.fileType),
  });
}

/**
 * What a chapter points at: a checked upload already stored under private/subjects/ (pdf by '%PDF-',
 * video by its ftyp box), a YouTube URL as its embed URL, or an https link. With neither an upload
 * nor a URL, a chapter of the same stored type keeps its file (`keep`).
 */
async function resolveFile(
  ctx: AppContext,
  options: {
    fileType: SubjectFileType;
    url: string | undefined;
    upload: StoredUpload | null;
    current: SubjectRow | null;
  },
): Promise<{ fileRef: string; storedKey: string | null }> {
  const { fileType, url, upload, current } = options;
  try {
    return resolveFileRef({ fileType, url, upload, current });
  } catch (error) {
    // The upload was stored before the form was checked; nothing points at it.
    if (upload) await deleteOwnFile(ctx, upload.key);
    throw error;
  }
}

function resolveFileRef(options: {
  fileType: SubjectFileType;
  url: string | undefined;
  upload: StoredUpload | null;
  current: SubjectRow | null;
}): { fileRef: string; storedKey: string | null } {
  const { fileType, url, upload, current } = options;
  if (isStoredType(fileType)) {
    if (!upload) {
      if (current && current.fileType === fileType) return { fileRef: current.fileRef, storedKey: null };
      throw AppError.field('file', adminMessages.fileRequired);
    }
    if (upload.kind !== fileType) throw AppError.field('file', typeMessageOf([fileType]));
    return { fileRef: upload.key, storedKey: upload.key };
  }
  if (upload) throw AppError.field('file', `A ${fileType} chapter takes a URL, not a file.`);
  const link = url ?? (current && current.fileType === fileType ? current.fileRef : undefined);
  if (!link)
    throw AppError.field('url', fileType === 'youtube' ? adminMessages.youtubeUrlInvalid : adminMessages.urlInvalid);
  if (fileType === 'youtube') {
    const embed = youtubeEmbedUrl(link);
    if (!embed) throw AppError.field('url', adminMessages.youtubeUrlInvalid);
    return { fileRef: embed, storedKey: null };
  }
  return { fileRef: link, storedKey: null };
}

/** POST /admin/terms/{id}/subjects (JSON, or multipart with the file). */
export async function createSubject(
  ctx: AppContext,
  options: {
    actorId: number;
    termId: number;
    input: SubjectPatch & { name: string; file_type: SubjectFileType };
    upload: StoredUpload | null;
  },
): Promise<AdminSubject> {
  const { input, termId } = options;
  await assertTerm(ctx.db, termId).catch(async (error: unknown) => {
    if (options.upload) await deleteOwnFile(ctx, options.upload.key);
    throw error;
  });
  const file = await resolveFile(ctx, {
    fileType: input.file_type,
    url: input.url,
    upload: options.upload,
    current: null,
  });
  let created: { subject: AdminSubject; isNew: boolean };
  try {
    created = await ctx.db.transaction(async (tx) => {
      await assertTerm(tx, termId, { lock: true });
      // A completion of the same upload sent twice at once (the console's first answer slow to come back): the other
      // one attached it while this one waited for the term, and its chapter is the answer, the file left to it.
      const attached = file.storedKey ? await findSubjectWithFile(tx, file.storedKey) : null;
      if (attached) return { subject: attached, isNew: false };
      const [last] = await tx
        .select({ max: sql<number>`coalesce(max(${subjects.position}), -1)`.mapWith(Number) })
        .from(subjects)
        .where(eq(subjects.termId, termId));
      const [row] = await tx
        .insert(subjects)
        .values({
          termId,
          name: input.name,
          about: input.about ?? '',
          position: input.position ?? (last?.max ?? -1) + 1,
          fileType: input.file_type,
          fileRef: file.fileRef,
        })
        .returning({ id: subjects.id });
      const after = toAdminSubject(await findSubjectRow(tx, row!.id));
      await recordAudit(tx, ctx, {
        actorId: options.actorId,
        action: 'subject.create',
        entity: 'subjects',
        entityId: row!.id,
        after: { ...after, file_ref: file.fileRef },
      });
      return { subject: after, isNew: true };
    });
  } catch (error) {
    await deleteOwnFile(ctx, file.storedKey);
    throw error;
  }
  // Attached meanwhile to a chapter of another name: not this one's file (the console then uploads it anew).
  if (!created.isNew && created.subject.name !== input.name)
    throw AppError.field('file', adminMessages.uploadAlreadyAttached);
  if (created.isNew) {
    await onVideoFileChanged(ctx, { subjectId: created.subject.id, fileType: input.file_type, fileRef: file.fileRef });
  }
  return created.subject;
}

/** PUT /admin/subjects/{id} (JSON, or multipart with a new file): the fields given change. */
export async function updateSubject(
  ctx: AppContext,
  options: { actorId: number; id: number; patch: SubjectPatch; upload: StoredUpload | null },
): Promise<AdminSubject> {
  const { id, patch, upload } = options;
  const current = await findSubjectRow(ctx.db, id).catch(async (error: unknown) => {
    if (upload) await deleteOwnFile(ctx, upload.key);
    throw error;
  });
  const changesFile = patch.file_type !== undefined || patch.url !== undefined || upload !== null;
  const file = changesFile
    ? await resolveFile(ctx, {
        fileType: patch.file_type ?? (current.fileType as SubjectFileType),
        url: patch.url,
        upload,
        current,
      })
    : { fileRef: current.fileRef, storedKey: null };
  let previousRef: string;
  let after: AdminSubject;
  try {
    ({ previousRef, after } = await ctx.db.transaction(async (tx) => {
      const locked = await findSubjectRow(tx, id);
      const before = toAdminSubject(locked);
      await tx
        .update(subjects)
        .set({
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.about !== undefined ? { about: patch.about } : {}),
          ...(patch.position !== undefined ? { position: patch.position } : {}),
          fileType: patch.file_type ?? locked.fileType,
          fileRef: file.fileRef,
        })
        .where(eq(subjects.id, id));
      const updated = toAdminSubject(await findSubjectRow(tx, id));
      await recordAudit(tx, ctx, {
        actorId: options.actorId,
        action: 'subject.update',
        entity: 'subjects',
        entityId: id,
        before: { ...before, file_ref: locked.fileRef },
        after: { ...updated, file_ref: file.fileRef },
      });
      return { previousRef: locked.fileRef, after: updated };
    }));
  } catch (error) {
    await deleteOwnFile(ctx, file.storedKey);
    throw error;
  }
  if (previousRef !== file.fileRef) {
    await deleteOwnFile(ctx, previousRef);
    await onVideoFileChanged(ctx, { subjectId: id, fileType: after.file_type, fileRef: file.fileRef });
  }
  return after;
}

/**
 * DELETE /admin/subjects/{id}: with its questions, its stored file and its video's renditions. Quiz results already given
 * stay; a learner whose results pass every quiz the course has left gets the certificate now.
 */
export async function deleteSubject(ctx: AppContext, options: { actorId: number; id: number }): Promise<void> {
  const { fileRef, renditions } = await ctx.db.transaction(async (tx) => {
    const current = await findSubjectRow(tx, options.id);
    const courseId = await findSubjectCourseId(tx, options.id);
    const renditions = await renditionsOf(tx, [options.id]);
    await tx.delete(subjects).where(eq(subjects.id, options.id));
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: 'subject.delete',
      entity: 'subjects',
      entityId: options.id,
      before: { ...toAdminSubject(current), file_ref: current.fileRef },
    });
    await issueCertificatesOfCourse(tx, { courseId, now: ctx.now() });
    return { fileRef: current.fileRef, renditions };
  });
  await deleteOwnFile(ctx, fileRef);
  await deleteRenditions(ctx.storage, renditions);
}
