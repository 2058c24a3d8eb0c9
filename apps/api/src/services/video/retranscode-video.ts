import { eq } from 'drizzle-orm';
import { subjects } from '@app/db';
import { adminMessages, videoMessages, type VideoState } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { deleteHlsOutput } from './hls-files.ts';
import { scheduleTranscode } from './schedule-transcode.ts';
import { findVideoRows, resetVideoState, toVideoState } from './video-state.ts';
import { deleteRenditions, renditionsOf } from './rendition-folders.ts';

/** A run that has not reported for this long is taken to have died with its process. */
export const STALLED_AFTER_MS = 5 * 60 * 1000;

/**
 * POST /admin/subjects/{id}/transcode: 'Transcode again'. Resets the chapter's renditions to
 * pending (audited) and schedules a run. Refused while a run is alive.
 */
export async function retranscodeVideo(
  ctx: AppContext,
  options: { actorId: number; subjectId: number },
): Promise<VideoState> {
  const { state, previousMasterKey } = await ctx.db.transaction(async (tx) => {
    const [subject] = await tx
      .select({ fileType: subjects.fileType, fileRef: subjects.fileRef })
      .from(subjects)
      .where(eq(subjects.id, options.subjectId))
      .for('update');
    if (!subject) throw AppError.notFound(adminMessages.subjectNotFound);
    if (subject.fileType !== 'video' || subject.fileRef === '') throw AppError.badRequest(videoMessages.notVideo);
    const row = (await findVideoRows(tx, [options.subjectId])).get(options.subjectId);
    const before = toVideoState(row, subject.fileRef);
    const isAlive =
      before.status === 'running' && !!row && ctx.now().getTime() - row.updatedAt.getTime() < STALLED_AFTER_MS;
    if (isAlive) throw AppError.badRequest(videoMessages.alreadyRunning);
    const previous = await resetVideoState(tx, ctx, { subjectId: options.subjectId, sourceRef: subject.fileRef });
    const after = toVideoState((await findVideoRows(tx, [options.subjectId])).get(options.subjectId), subject.fileRef);
    await recordAudit(tx, ctx, {
      actorId: options.actorId,
      action: 'subject.transcode',
      entity: 'subjects',
      entityId: options.subjectId,
      before,
      after,
    });
    return { state: after, previousMasterKey: previous?.masterKey ?? null };
  });
  if (previousMasterKey) await deleteHlsOutput(ctx.storage, previousMasterKey);
  await scheduleTranscode(ctx, { subjectId: options.subjectId });
  return state;
}

/**
 * After a chapter's file changed (create or update): its renditions start over for the new file; a chapter that is
 * no longer a video (a PDF, a link) loses the renditions of the video it was.
 */
export async function onVideoFileChanged(
  ctx: AppContext,
  options: { subjectId: number; fileType: string; fileRef: string },
): Promise<void> {
  if (options.fileType !== 'video' || options.fileRef === '') {
    await deleteRenditions(ctx.storage, await renditionsOf(ctx.db, [options.subjectId]));
    return;
  }
  const previous = await resetVideoState(ctx.db, ctx, { subjectId: options.subjectId, sourceRef: options.fileRef });
  if (previous?.masterKey) await deleteHlsOutput(ctx.storage, previous.masterKey);
  await scheduleTranscode(ctx, { subjectId: options.subjectId });
}
