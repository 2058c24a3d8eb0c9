import { learningMessages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertSafeKey, contentTypeOf, openStoredFile, type StoredFileSlice } from '../../lib/storage.ts';
import { assertCourseAccess } from '../purchases/index.ts';
import { findSubject } from './find-course-content.ts';
import { verifySubjectFileUrl } from './subject-file-url.ts';

/**
 * The chapter file behind a signed link: the signature must hold, the link must be unexpired, and
 * the learner it names must still own the course (a refund closes it). 403 otherwise. With S3
 * storage the answer is then a redirect to a short-lived signed URL: the API never carries the bytes.
 */
export async function openSubjectFile(
  ctx: AppContext,
  options: {
    subjectId: number;
    query: { u?: string | undefined; e?: string | undefined; s?: string | undefined };
    range: string | undefined;
  },
): Promise<StoredFileSlice> {
  const userId = verifySubjectFileUrl(ctx.env, { subjectId: options.subjectId, ...options.query, now: ctx.now() });
  if (userId === null) throw AppError.forbidden(learningMessages.fileLinkInvalid);
  const subject = await findSubject(ctx, options.subjectId);
  await assertCourseAccess(ctx.db, userId, subject.courseId);
  if (subject.fileType !== 'pdf' && subject.fileType !== 'video') throw AppError.notFound();

  const contentType = contentTypeOf(subject.fileRef) ?? (subject.fileType === 'pdf' ? 'application/pdf' : 'video/mp4');
  let key: string;
  try {
    key = assertSafeKey(subject.fileRef);
  } catch {
    throw AppError.notFound(); // an unsafe key in the database is treated as a missing file
  }
  // A store that fails (down, throttling, credentials refused) is a logged 500, not a file the learner is told is gone.
  const file = await openStoredFile(ctx.storage, { key, range: options.range, contentType });
  if (!file) throw AppError.notFound();
  return file;
}
