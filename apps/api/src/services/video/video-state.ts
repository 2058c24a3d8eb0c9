import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { subjects, videoRenditions, type DbOrTx } from '@app/db';
import type { VideoState } from '@app/contracts';
import type { AppContext } from '../../context.ts';

export type VideoRenditionRow = typeof videoRenditions.$inferSelect;

/** The rows of these chapters, by chapter id. */
export async function findVideoRows(db: DbOrTx, subjectIds: number[]): Promise<Map<number, VideoRenditionRow>> {
  if (subjectIds.length === 0) return new Map();
  const rows = await db.select().from(videoRenditions).where(inArray(videoRenditions.subjectId, subjectIds));
  return new Map(rows.map((row) => [row.subjectId, row]));
}

/** True when `row` describes the chapter's current file and its renditions can be played. */
export function isPlayable(
  row: VideoRenditionRow | undefined,
  fileRef: string,
): row is VideoRenditionRow & { masterKey: string } {
  return !!row && row.status === 'ready' && row.sourceRef === fileRef && row.masterKey !== null;
}

/** The state the admin console shows; a row about an older file (or none) counts as pending. */
export function toVideoState(row: VideoRenditionRow | undefined, fileRef: string): VideoState {
  if (!row || row.sourceRef !== fileRef) {
    return {
      status: 'pending',
      progress: 0,
      error: null,
      renditions: [],
      duration_seconds: null,
      started_at: null,
      finished_at: null,
    };
  }
  return {
    status: row.status as VideoState['status'],
    progress: row.progress,
    error: row.error,
    renditions: row.renditions ? row.renditions.split(',').map(Number) : [],
    duration_seconds: row.durationSeconds,
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Starts the chapter's renditions over for `sourceRef` (a new upload, or an operator's 'Transcode
 * again'): pending, progress 0, a new version. Returns the row before, if any.
 */
export async function resetVideoState(
  db: DbOrTx,
  ctx: Pick<AppContext, 'now'>,
  options: { subjectId: number; sourceRef: string },
): Promise<VideoRenditionRow | undefined> {
  const [before] = await db.select().from(videoRenditions).where(eq(videoRenditions.subjectId, options.subjectId));
  const fresh = {
    sourceRef: options.sourceRef,
    status: 'pending',
    progress: 0,
    error: null,
    masterKey: null,
    renditions: null,
    durationSeconds: null,
    startedAt: null,
    finishedAt: null,
    updatedAt: ctx.now(),
  } as const;
  await db
    .insert(videoRenditions)
    .values({ subjectId: options.subjectId, version: 1, ...fresh })
    .onConflictDoUpdate({
      target: videoRenditions.subjectId,
      set: { ...fresh, version: sql`${videoRenditions.version} + 1` },
    });
  return before;
}

/**
 * Takes the chapter's renditions for one run: running, progress 0, a new version that only this
 * run writes under. Null when there is nothing to do (already ready for this file). A second
 * claim supersedes the first: the earlier run's updates no longer match and are dropped.
 */
export async function claimVideoRun(
  db: DbOrTx,
  ctx: Pick<AppContext, 'now'>,
  options: { subjectId: number; sourceRef: string; force?: boolean },
): Promise<number | null> {
  const current = (await findVideoRows(db, [options.subjectId])).get(options.subjectId);
  if (!options.force && isPlayable(current, options.sourceRef)) return null;
  if (!current || current.sourceRef !== options.sourceRef) await resetVideoState(db, ctx, options);
  const [claimed] = await db
    .update(videoRenditions)
    .set({
      version: sql`${videoRenditions.version} + 1`,
      status: 'running',
      progress: 0,
      error: null,
      masterKey: null,
      renditions: null,
      startedAt: ctx.now(),
      finishedAt: null,
      updatedAt: ctx.now(),
    })
    .where(and(eq(videoRenditions.subjectId, options.subjectId), eq(videoRenditions.sourceRef, options.sourceRef)))
    .returning({ version: videoRenditions.version });
  return claimed?.version ?? null;
}

/** Updates the row of one run (subject and version); a superseded run changes nothing. Returns whether it matched. */
export async function updateVideoRun(
  db: DbOrTx,
  ctx: Pick<AppContext, 'now'>,
  run: { subjectId: number; version: number },
  change: Partial<
    Pick<
      VideoRenditionRow,
      'status' | 'progress' | 'error' | 'masterKey' | 'renditions' | 'durationSeconds' | 'finishedAt'
    >
  >,
): Promise<boolean> {
  const rows = await db
    .update(videoRenditions)
    .set({ ...change, updatedAt: ctx.now() })
    .where(and(eq(videoRenditions.subjectId, run.subjectId), eq(videoRenditions.version, run.version)))
    .returning({ version: videoRenditions.version });
  return rows.length > 0;
}

/**
 * Video chapters with a file whose renditions are not ready and not running: never transcoded
 * (seeded or uploaded before this feature), pending, or failed. For a sweep that queues them
 * (failed ones only when `includeFailed`, e.g. after ffmpeg was installed).
 */
export async function listVideosToTranscode(db: DbOrTx, options: { includeFailed?: boolean } = {}): Promise<number[]> {
  const rows = await db
    .select({ id: subjects.id, fileRef: subjects.fileRef, row: videoRenditions })
    .from(subjects)
    .leftJoin(videoRenditions, eq(videoRenditions.subjectId, subjects.id))
    .where(and(eq(subjects.fileType, 'video'), ne(subjects.fileRef, '')));
  return rows
    .filter(({ fileRef, row }) => {
      const status = toVideoState(row ?? undefined, fileRef).status;
      return status === 'pending' || (options.includeFailed === true && status === 'failed');
    })
    .map(({ id }) => id);
}
