import { z } from 'zod';
import { courseItem } from '../catalogue/schemas.ts';

const id = (message = 'Invalid id.') => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

export const FILE_TYPES = ['pdf', 'youtube', 'video', 'link'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** A purchased course on My Courses. */
export const learnCourseItem = courseItem.extend({
  certificate_id: z.string().nullable(),
  /** The public validation page of the certificate, when there is one. */
  certificate_url: z.string().nullable(),
  /** Studied subjects over all subjects, two decimals. */
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

export const termParams = z.object({ id: id() });

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

/** POST /progress: the subject was opened; position_seconds is the video position, when known. */
export const progressBody = z.object({
  subject_id: id('Choose a subject.'),
  position_seconds: z
    .number({ error: 'Invalid position.' })
    .min(0, 'Invalid position.')
    .max(7 * 24 * 3600, 'Invalid position.')
    .transform((v) => Math.floor(v))
    .nullish(),
});
export type ProgressBody = z.input<typeof progressBody>;

/** GET /progress/{courseId}: where the learner left off, and how much is done. */
export const progressData = z.object({
  course_id: z.number(),
  last_subject_id: z.number().nullable(),
  last_term_id: z.number().nullable(),
  position_seconds: z.number(),
  studied_subject_ids: z.array(z.number()),
  total_subjects: z.number(),
  percent: z.number(),
});
export type ProgressData = z.infer<typeof progressData>;

/** Studied over total, in percent with two decimals: 1/3 → 33.33. */
export function progressPercent(studied: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(studied, total) * 10_000) / total) / 100;
}

/** The signed chapter file link's query; a wrong or missing part answers 403, not 422. */
export const subjectFileParams = z.object({ subjectId: id() });
export const subjectFileQuery = z.object({
  u: z.string().max(20).optional(),
  e: z.string().max(20).optional(),
  s: z.string().max(128).optional(),
});
