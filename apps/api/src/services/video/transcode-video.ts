import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import { subjects } from '@app/db';
import type { AppContext } from '../../context.ts';
import { ffmpegHlsArgs, planRenditions } from './renditions.ts';
import { probeVideo, runFfmpeg } from './ffmpeg.ts';
import { deleteHlsOutput, hlsContentType } from './hls-files.ts';
import { claimVideoRun, findVideoRows, updateVideoRun } from './video-state.ts';

/** Progress is written at most this often (ffmpeg reports several times a second). */
export const PROGRESS_WRITE_EVERY_MS = 1000;

export type TranscodeOutcome =
  | { status: 'ready'; masterKey: string; version: number }
  | { status: 'failed'; error: string }
  /** Nothing done: not a video chapter with a file, already ready, or superseded by a newer run or upload. */
  | { status: 'skipped'; reason: string };

/** Where a run's files go: `hls/<subject>/<version>/…`. */
export const hlsFolder = (subjectId: number, version: number) => `hls/${subjectId}/${version}`;

/**
 * Transcodes a video chapter's MP4 into HLS renditions (240p, 360p, 720p, never above the source)
 * kept in storage under `hls/<subject>/<version>/`, with its state row going running → ready (or
 * failed with the reason). Safe to call again: a chapter already ready for its file is skipped,
 * and a run superseded by a newer upload or run leaves the newer state alone. Never throws for a
 * bad video (that is a 'failed' outcome); storage or database errors do throw, so a job queue can
 * retry them. On the queue's last attempt (`isLastAttempt`) such an error also ends the run
 * 'failed' with the reason before it is thrown, so the row never stays 'running' with nothing left
 * to finish it and the operator is offered 'Transcode again'. `force` re-runs a ready chapter.
 */
export async function transcodeVideo(
  ctx: AppContext,
  options: { subjectId: number; force?: boolean; isLastAttempt?: boolean },
): Promise<TranscodeOutcome> {
  const { subjectId } = options;
  const [subject] = await ctx.db
    .select({ fileType: subjects.fileType, fileRef: subjects.fileRef })
    .from(subjects)
    .where(eq(subjects.id, subjectId));
  if (!subject || subject.fileType !== 'video' || subject.fileRef === '')
    return { status: 'skipped', reason: 'not a video chapter with a file' };
  const previousMasterKey = (await findVideoRows(ctx.db, [subjectId])).get(subjectId)?.masterKey ?? null;
  const version = await claimVideoRun(ctx.db, ctx, {
    subjectId,
    sourceRef: subject.fileRef,
    force: options.force ?? false,
  });
  if (version === null) return { status: 'skipped', reason: 'already ready' };
  const run = { subjectId, version };
  try {
    return await transcodeClaimedRun(ctx, { run, sourceRef: subject.fileRef, previousMasterKey });
  } catch (error) {
    if (options.isLastAttempt) {
      // If even this write fails (the database is down), the startup sweep ends the row (failStalledTranscodes).
      await fail(ctx, run, `Transcoding stopped on an error, with no retry left: ${messageOf(error)}`).catch(
        () => undefined,
      );
    }
    throw error;
  }
}

/** The work of a run once its row is claimed: download, probe, ffmpeg, upload, ready. */
async function transcodeClaimedRun(
  ctx: AppContext,
  options: { run: { subjectId: number; version: number }; sourceRef: string; previousMasterKey: string | null },
): Promise<TranscodeOutcome> {
  const { run, previousMasterKey } = options;
  const { subjectId, version } = run;
  const workDir = await mkdtemp(join(tmpdir(), `transcode-${subjectId}-`));
  try {
    const input = join(workDir, 'source.mp4');
    const source = await ctx.storage.get(options.sourceRef);
    if (!source) return await fail(ctx, run, 'The chapter file is missing from storage.');
    await pipeline(source.stream, createWriteStream(input));

    let probe;
    try {
      probe = await probeVideo(input);
    } catch (error) {
      return await fail(ctx, run, `Not a playable video: ${messageOf(error)}`);
    }
    const renditions = planRenditions(probe.height);
    await updateVideoRun(ctx.db, ctx, run, { durationSeconds: probe.durationSeconds || null });

    const outDir = join(workDir, 'out');
    let lastWrite = 0;
    let lastProgress = 0;
    let writing: Promise<unknown> = Promise.resolve();
    try {
      await runFfmpeg(ffmpegHlsArgs({ input, outDir, renditions, hasAudio: probe.hasAudio }), (seconds) => {
        if (!probe.durationSeconds) return;
        // 99 at most until the files are in storage.
        const progress = Math.min(99, Math.floor((seconds / probe.durationSeconds) * 100));
        const now = Date.now();
        if (progress <= lastProgress || now - lastWrite < PROGRESS_WRITE_EVERY_MS) return;
        lastWrite = now;
        lastProgress = progress;
        writing = writing.then(() => updateVideoRun(ctx.db, ctx, run, { progress })).catch(() => undefined);
      });
    } catch (error) {
      await writing;
      return await fail(ctx, run, `ffmpeg could not transcode the video: ${messageOf(error)}`);
    }
    await writing;

    const folder = hlsFolder(subjectId, version);
    for (const file of await listFiles(outDir)) {
      const key = `${folder}/${relative(outDir, file).split('\\').join('/')}`;
      // Segments are a few MB at most; the master playlist goes last, so a reader never sees it before its parts.
      if (!key.endsWith('/master.m3u8')) await ctx.storage.put(key, await readFile(file), hlsContentType(key));
    }
    const masterKey = `${folder}/master.m3u8`;
    await ctx.storage.put(masterKey, await readFile(join(outDir, 'master.m3u8')), hlsContentType(masterKey));

    const isCurrent = await updateVideoRun(ctx.db, ctx, run, {
      status: 'ready',
      progress: 100,
      masterKey,
      renditions: renditions.map((r) => r.height).join(','),
      finishedAt: ctx.now(),
    });
    if (!isCurrent) {
      await deleteHlsOutput(ctx.storage, masterKey);
      return { status: 'skipped', reason: 'superseded by a newer upload or run' };
    }
    if (previousMasterKey && previousMasterKey !== masterKey) await deleteHlsOutput(ctx.storage, previousMasterKey);
    return { status: 'ready', masterKey, version };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function fail(
  ctx: AppContext,
  run: { subjectId: number; version: number },
  error: string,
): Promise<TranscodeOutcome> {
  await updateVideoRun(ctx.db, ctx, run, { status: 'failed', error: error.slice(0, 1000), finishedAt: ctx.now() });
  return { status: 'failed', error };
}

/** ffmpeg's words without our temporary paths or its internal prefixes ('[mov,mp4 @ 0x…] '). */
const messageOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error))
    .replace(/\/\S*\/transcode-[^/\s]+\/[^\s:]*/g, 'the file')
    .replace(/\[[^\]]* @ 0x[0-9a-f]+\] /g, '')
    .trim();

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}
