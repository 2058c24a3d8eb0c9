import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { learningMessages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { openStoredFile, type StoredFileSlice } from '../../lib/storage.ts';
import { assertCourseAccess } from '../purchases/index.ts';
import { HLS_FILE, PLAYLIST_TYPE, rewritePlaylist, SEGMENT_TYPE, findVideoRows, isPlayable } from '../video/index.ts';
import { findSubject } from './find-course-content.ts';
import { verifyHlsToken } from './hls-url.ts';

/**
 * One file of a chapter's HLS renditions behind a signed path: the token must hold for this
 * learner, chapter and version, the learner must still own the course (403 otherwise), and the
 * version must be the chapter's ready one (404 otherwise). Playlists come rewritten; segments
 * honour Range.
 */
export async function openHlsFile(
  ctx: AppContext,
  options: { subjectId: number; version: number; token: string; path: string; range: string | undefined },
): Promise<StoredFileSlice> {
  const userId = verifyHlsToken(ctx.env, {
    subjectId: options.subjectId,
    version: options.version,
    token: options.token,
    now: ctx.now(),
  });
  if (userId === null) throw AppError.forbidden(learningMessages.fileLinkInvalid);
  const subject = await findSubject(ctx, options.subjectId);
  await assertCourseAccess(ctx.db, userId, subject.courseId);
  const row = (await findVideoRows(ctx.db, [subject.id])).get(subject.id);
  if (
    subject.fileType !== 'video' ||
    !isPlayable(row, subject.fileRef) ||
    row.version !== options.version ||
    !HLS_FILE.test(options.path)
  ) {
    throw AppError.notFound();
  }
  const key = `${row.masterKey.slice(0, row.masterKey.lastIndexOf('/'))}/${options.path}`;
  if (key.endsWith('.m3u8')) {
    const file = await ctx.storage.get(key);
    if (!file) throw AppError.notFound();
    const body = Buffer.from(
      await rewritePlaylist(ctx.storage, { playlistKey: key, body: await text(file.stream) }),
      'utf8',
    );
    return {
      kind: 'file',
      stream: Readable.from([body]),
      size: body.length,
      start: 0,
      end: body.length - 1,
      isPartial: false,
      contentType: PLAYLIST_TYPE,
    };
  }
  const file = await openStoredFile(ctx.storage, { key, range: options.range, contentType: SEGMENT_TYPE });
  if (!file) throw AppError.notFound();
  return file;
}
