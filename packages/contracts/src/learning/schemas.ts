import { z } from 'zod';
import { courseItem } from '../catalogue/schemas.ts';
import { positiveId } from '../common/rules.ts';
import { learningMessages } from './messages.ts';

export const FILE_TYPES = ['pdf', 'youtube', 'video', 'link'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** A purchased course on My Courses. */
export const learnCourseItem = courseItem.extend({
  certificate_id: z.string().nullable(),
  /** The public validation page of the certificate, when there is one. */
  certificate_url: z.string().nullable(),
  /** (chapters done + quizzes passed) / (chapters + quizzes), two decimals: the same measure as GET /progress. */
  progress_percent: z.number(),
});
export type LearnCourseItem = z.infer<typeof learnCourseItem>;

/** GET /learn */
export const learnData = z.object({
  course: z.array(learnCourseItem),
  school: z.array(learnCourseItem),
});
export type LearnData = z.infer<typeof learnData>;

/** A subject inside GET /terms: no file until it is opened through GET /term-subjects. */
export const termSubjectSummary = z.object({
  id: z.number(),
  name: z.string(),
  about: z.string(),
  photo_path: z.string().nullable(),
  file_type: z.enum(FILE_TYPES),
});

/** GET /terms/{courseId} item. */
export const termItem = z.object({
  id: z.number(),
  name: z.string(),
  about: z.string(),
  photo_path: z.string().nullable(),
  termSubjects: z.array(termSubjectSummary),
});
export type TermItem = z.infer<typeof termItem>;

export const termParams = z.object({ id: positiveId() });

/**
 * GET /term-subjects/{termId} item. file_url: for pdf and video a signed link valid for a few
 * hours and only while the learner owns the course; for youtube and link the URL itself.
 */
export const subjectItem = z.object({
  id: z.number(),
  name: z.string(),
  about: z.string(),
  photo_path: z.string().nullable(),
  file_url: z.string(),
  file_type: z.enum(FILE_TYPES),
  /**
   * For a video chapter whose adaptive renditions are ready: the HLS master playlist behind a
   * signed link (like file_url). Null until then; the MP4 at file_url plays meanwhile.
   */
  hls_url: z.string().nullable(),
});
export type SubjectItem = z.infer<typeof subjectItem>;

/** The most seconds of play one progress report may add (a report goes every 10–15 s while playing). */
export const MAX_WATCHED_DELTA_SECONDS = 600;
const MAX_SECONDS = 7 * 24 * 3600;
const MAX_PAGES = 100_000;

const seconds = (message: string, max = MAX_SECONDS) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(max, message)
    .transform((v) => Math.floor(v));
const pageNumber = (message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(MAX_PAGES, message);

/**
 * POST /progress: the learner opened a subject, or reports how far they got. All but subject_id
 * optional; `{ subject_id }` alone means "opened". The server decides completion from the
 * subject's file type:
 * - video / youtube: done once `watched_seconds` (deltas, added up on the server and capped at the
 *   duration) reach 90% of `duration_seconds`. `position_seconds` is only the resume point, so
 *   seeking to the end does not count. A replayed report adds its delta again (up to the cap).
 * - pdf: done when `page` equals `page_count` (the last page was shown) or with `completed: true`
 *   ("Mark as done"). page and page_count come together.
 * - link: done once opened.
 * `completed: true` on a video or YouTube chapter is refused (422): watching is what completes it.
 * Fields that do not apply to the subject's type (a page on a video) are ignored. Once done, a
 * chapter stays done.
 */
export const progressBody = z
  .object({
    subject_id: positiveId(learningMessages.subjectRequired),
    position_seconds: seconds(learningMessages.positionInvalid).nullish(),
    duration_seconds: seconds(learningMessages.durationInvalid).nullish(),
    watched_seconds: seconds(
      learningMessages.watchedSecondsInvalid(MAX_WATCHED_DELTA_SECONDS),
      MAX_WATCHED_DELTA_SECONDS,
    ).nullish(),
    page: pageNumber(learningMessages.pageInvalid).nullish(),
    page_count: pageNumber(learningMessages.pageCountInvalid).nullish(),
    completed: z.literal(true, { error: learningMessages.completedInvalid }).optional(),
  })
  .superRefine((body, issues) => {
    const hasPage = body.page != null;
    const hasCount = body.page_count != null;
    if (hasPage !== hasCount) {
      issues.addIssue({
        code: 'custom',
        path: [hasPage ? 'page_count' : 'page'],
        message: learningMessages.pageWithoutCount,
      });
    } else if (hasPage && hasCount && body.page! > body.page_count!) {
      issues.addIssue({ code: 'custom', path: ['page'], message: learningMessages.pageAfterLast });
    }
  });
export type ProgressBody = z.input<typeof progressBody>;
/** What a chapter viewer reports; the page adds the subject. */
export type ProgressReport = Omit<ProgressBody, 'subject_id'>;

/** GET /progress/{courseId}: where the learner left off, and how much is done. */
export const progressData = z.object({
  course_id: z.number(),
  last_subject_id: z.number().nullable(),
  last_term_id: z.number().nullable(),
  /** The last subject's video position. */
  position_seconds: z.number(),
  /** The last subject's PDF page, for resuming; null when none was shown. */
  page: z.number().nullable(),
  /** Subjects opened at least once. */
  studied_subject_ids: z.array(z.number()),
  /** Chapters done (see progressBody). */
  completed_subject_ids: z.array(z.number()),
  /** Subjects whose quiz the learner passed. */
  passed_quiz_subject_ids: z.array(z.number()),
  total_subjects: z.number(),
  /** Subjects that have a quiz (questions). */
  total_quizzes: z.number(),
  /** (chapters done + quizzes passed) / (chapters + quizzes), two decimals. */
  percent: z.number(),
});
export type ProgressData = z.infer<typeof progressData>;

/** GET /continue: the chapter studied last in a course the learner still has, or null. */
export const continueData = z
  .object({
    course_id: z.number(),
    course_name: z.string(),
    term_id: z.number(),
    subject_id: z.number(),
    subject_name: z.string(),
    file_type: z.enum(FILE_TYPES),
    position_seconds: z.number(),
    page: z.number().nullable(),
    /** The course's percent, as on My Courses. */
    percent: z.number(),
  })
  .nullable();
export type ContinueData = z.infer<typeof continueData>;

/** Done over total, in percent with two decimals: 1/3 → 33.33. */
export function progressPercent(studied: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(studied, total) * 10_000) / total) / 100;
}

/** The signed chapter file link's query; a wrong or missing part answers 403, not 422. */
export const subjectFileParams = z.object({ subjectId: positiveId() });
export const subjectFileQuery = z.object({
  u: z.string().max(20).optional(),
  e: z.string().max(20).optional(),
  s: z.string().max(128).optional(),
});
