import { eq } from 'drizzle-orm';
import { terms } from '@app/db';
import {
  adminMessages,
  CHAPTER_UPLOAD_KEY,
  UPLOAD_MAX_PARTS,
  type AdminSubject,
  type UploadCompleteBody,
  type UploadSigned,
  type UploadStart,
  type UploadStartBody,
} from '@app/contracts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/index.ts';
import { checkStoredUpload, newUploadKey, STORED_KINDS, type StoredKind } from '../uploads.ts';
import { createSubject, findSubjectRow, findSubjectWithFile, updateSubject } from './subjects.ts';

/** S3's smallest part (but the last) is 5 MiB; 8 MiB keeps the request count down on a phone line too. */
const MIN_PART_BYTES = 8 * 1024 * 1024;
const MiB = 1024 * 1024;

/** Parts of at least 8 MiB, larger when needed to stay within S3's 10,000 parts, in whole MiB. */
export function partSizeFor(size: number): number {
  return Math.max(MIN_PART_BYTES, Math.ceil(size / UPLOAD_MAX_PARTS / MiB) * MiB);
}

const kindOfKey = (key: string): StoredKind => (key.endsWith('.pdf') ? 'pdf' : 'video');
const termOfKey = (key: string): number => Number(CHAPTER_UPLOAD_KEY.exec(key)?.[1]);

/**
 * POST /admin/uploads: starts a browser-direct upload of a chapter file. The declared size is
 * checked against the kind's limit now (and the real one at completion). File storage answers
 * `{ direct: false }`: the console streams the file through the multipart form instead.
 */
export async function startChapterUpload(
  ctx: AppContext,
  options: { actorId: number; input: UploadStartBody },
): Promise<UploadStart> {
  const { input } = options;
  const rule = STORED_KINDS[input.kind];
  if (input.size > rule.maxBytes) throw AppError.field('file', adminMessages.fileTooLarge);
  // Same check as the multipart path: a term that does not exist is a 404 before anything is stored.
  await findTerm(ctx, input.term_id);
  const key = newUploadKey('private/subjects/', `term-${input.term_id}/chapter`, rule.ext);
  const uploadId = await ctx.storage.createUpload(key, rule.contentType);
  if (uploadId === null) return { direct: false };
  const partSize = partSizeFor(input.size);
  await recordAudit(ctx.db, ctx, {
    actorId: options.actorId,
    action: 'upload.start',
    entity: 'uploads',
    entityId: key,
    after: { kind: input.kind, file_name: input.file_name, size: input.size, part_size: partSize },
  });
  return {
    direct: true,
    key,
    upload_id: uploadId,
    part_size: partSize,
    part_count: Math.max(1, Math.ceil(input.size / partSize)),
  };
}

async function findTerm(ctx: AppContext, termId: number): Promise<void> {
  const [term] = await ctx.db.select({ id: terms.id }).from(terms).where(eq(terms.id, termId));
  if (!term) throw AppError.notFound(adminMessages.termNotFound);
}

/** POST /admin/uploads/parts: presigned PUT URLs for a batch of parts. */
export async function signChapterUploadParts(
  ctx: AppContext,
  options: { key: string; uploadId: string; partNumbers: number[] },
): Promise<UploadSigned> {
  if (ctx.storage.kind !== 's3') throw AppError.badRequest(adminMessages.uploadNotFound);
  const urls = await Promise.all(
    options.partNumbers.map(async (partNumber) => ({
      part_number: partNumber,
      url: await ctx.storage.signUploadPart(options.key, options.uploadId, partNumber),
    })),
  );
  return { urls };
}

/**
 * POST /admin/uploads/complete: joins the parts, then checks the object as the multipart path
 * does (first bytes by a ranged read, size against the kind's limit; a failure deletes it, 422),
 * and only then points a chapter at it: `subject_id`'s, or a new one named `name`.
 */
export async function completeChapterUpload(
  ctx: AppContext,
  options: { actorId: number; input: UploadCompleteBody },
): Promise<AdminSubject> {
  const { input } = options;
  const kind = kindOfKey(input.key);
  if (input.subject_id === undefined && input.name === undefined)
    throw AppError.field('name', adminMessages.nameRequired);
  if (input.subject_id !== undefined) await findSubjectRow(ctx.db, input.subject_id);
  // The same completion again (the console retried after its answer was lost on the way back): the chapter the first
  // one made or changed is the answer, not a second chapter with the same file. The same upload sent for another
  // chapter (the console kept it, its answer lost, and the file was chosen again elsewhere) is refused without
  // touching the store: two chapters never share a file, and the console then starts a fresh upload.
  const attached = await findSubjectWithFile(ctx.db, input.key);
  if (attached) {
    const isRepeat = input.subject_id === undefined ? attached.name === input.name : attached.id === input.subject_id;
    if (isRepeat) return attached;
    throw AppError.field('file', adminMessages.uploadAlreadyAttached);
  }
  try {
    await ctx.storage.completeUpload(
      input.key,
      input.upload_id,
      input.parts.map((p) => ({ partNumber: p.part_number, etag: p.etag })),
    );
  } catch {
    // An unknown or expired upload id, or parts the store does not have.
    throw AppError.field('file', adminMessages.uploadNotFound);
  }
  const upload = await checkStoredUpload(ctx, { key: input.key, kinds: [kind] });
  if (input.subject_id !== undefined) {
    return updateSubject(ctx, {
      actorId: options.actorId,
      id: input.subject_id,
      upload,
      patch: { file_type: kind, name: input.name, about: input.about, position: input.position },
    });
  }
  return createSubject(ctx, {
    actorId: options.actorId,
    termId: termOfKey(input.key),
    upload,
    input: { name: input.name!, file_type: kind, about: input.about, position: input.position },
  });
}

/**
 * POST /admin/uploads/abort: drops the parts sent so far. An object already stored under the key is left alone: it
 * exists only once a completion joined the parts, and a completion either attaches it to a chapter or deletes it
 * itself. Deleting it here took a chapter's file from its learners when the abort came after (or during) the
 * completion that attached it, or named any chapter's key.
 */
export async function abortChapterUpload(
  ctx: AppContext,
  options: { actorId: number; key: string; uploadId: string },
): Promise<void> {
  if (ctx.storage.kind !== 's3') return;
  // Some S3-compatible stores have no AbortMultipartUpload; a bucket lifecycle rule is the backstop.
  await ctx.storage.abortUpload(options.key, options.uploadId).catch(() => undefined);
  await recordAudit(ctx.db, ctx, {
    actorId: options.actorId,
    action: 'upload.abort',
    entity: 'uploads',
    entityId: options.key,
  });
}
