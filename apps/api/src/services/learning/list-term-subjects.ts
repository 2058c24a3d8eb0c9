import { asc, eq } from 'drizzle-orm';
import { subjects } from '@app/db';
import type { FileType, SubjectItem } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { mediaPath } from '../catalogue/index.ts';
import { assertCourseContentAccess, findTermCourseId } from './find-course-content.ts';
import { signSubjectFileUrl } from './subject-file-url.ts';
import { signHlsUrl } from './hls-url.ts';
import { findVideoRows, isPlayable } from '../video/index.ts';

/** Stored files are opened through a signed link; youtube and link chapters carry their URL. */
export function subjectFileUrl(
  ctx: AppContext,
  options: { apiPrefix: string; userId: number; subject: { id: number; fileType: string; fileRef: string } },
): string {
  const { subject } = options;
  if (subject.fileType === 'pdf' || subject.fileType === 'video') {
    return signSubjectFileUrl(ctx.env, {
      apiPrefix: options.apiPrefix,
      subjectId: subject.id,
      userId: options.userId,
      now: ctx.now(),
    });
  }
  return subject.fileRef;
}

/** GET /term-subjects/{termId}: the term's subjects with their file links. Buyers only. */
export async function listTermSubjects(
  ctx: AppContext,
  options: { userId: number; termId: number; apiPrefix: string },
): Promise<SubjectItem[]> {
  const courseId = await findTermCourseId(ctx, options.termId);
  await assertCourseContentAccess(ctx, { userId: options.userId, courseId });
  const rows = await ctx.db
    .select()
    .from(subjects)
    .where(eq(subjects.termId, options.termId))
    .orderBy(asc(subjects.position), asc(subjects.id));
  const videos = await findVideoRows(
    ctx.db,
    rows.filter((s) => s.fileType === 'video').map((s) => s.id),
  );
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    about: s.about,
    photo_path: mediaPath(s.photoPath),
    file_url: subjectFileUrl(ctx, { apiPrefix: options.apiPrefix, userId: options.userId, subject: s }),
    file_type: s.fileType as FileType,
    hls_url: hlsUrlOf(ctx, {
      apiPrefix: options.apiPrefix,
      userId: options.userId,
      subject: s,
      video: videos.get(s.id),
    }),
  }));
}

/** A video chapter's signed HLS master playlist once its renditions are ready for its current file; null before. */
function hlsUrlOf(
  ctx: AppContext,
  options: {
    apiPrefix: string;
    userId: number;
    subject: { id: number; fileType: string; fileRef: string };
    video: Parameters<typeof isPlayable>[0];
  },
): string | null {
  const { subject, video } = options;
  if (subject.fileType !== 'video' || !isPlayable(video, subject.fileRef)) return null;
  return signHlsUrl(ctx.env, {
    apiPrefix: options.apiPrefix,
    subjectId: subject.id,
    version: video.version,
    userId: options.userId,
    now: ctx.now(),
  });
}
