import { z } from 'zod';
import { ID_MAX, positiveId } from '../common/rules.ts';
import { COURSE_LANGUAGES } from './course-languages.ts';
import { catalogueMessages } from './messages.ts';

const id = positiveId();

/** GET /category item. */
export const categoryItem = z.object({ id: z.number(), name: z.string() });
export type CategoryItem = z.infer<typeof categoryItem>;

export const courseLanguage = z.enum(COURSE_LANGUAGES, { error: catalogueMessages.languageInvalid });

/**
 * A course as the Courses page shows it (docs/product/catalogue-and-checkout.md#courses). Prices are rupees with two decimals;
 * photo_path and video_path are absolute paths (`/media/…`), http(s) URLs, or null.
 */
export const courseItem = z.object({
  id: z.number(),
  name: z.string(),
  photo_path: z.string().nullable(),
  price: z.number(),
  offer_price: z.number(),
  about: z.string(),
  video_path: z.string().nullable(),
  category_id: z.number().nullable(),
  language: courseLanguage,
});
export type CourseItem = z.infer<typeof courseItem>;

/** GET /course: the open catalogue and the learner's school batch subjects. */
export const courseListData = z.object({
  course: z.array(courseItem),
  school: z.array(courseItem),
});
export type CourseListData = z.infer<typeof courseListData>;

/** GET /course?language=hi: only the courses taught in that language (both lists). */
export const courseListQuery = z.object({ language: courseLanguage.optional() });

/** GET /course/{id}, GET /terms/{courseId}, GET /progress/{courseId} */
export const courseIdParams = z.object({ id: id });

/**
 * POST /course body: `category` is a category id; 0, null, '' or 'all' (any case) mean every category.
 */
export const courseFilterBody = z.object({
  category: z.preprocess(
    (v) =>
      v === undefined || v === null || v === '' || (typeof v === 'string' && v.trim().toLowerCase() === 'all') ? 0 : v,
    z.coerce
      .number({ error: catalogueMessages.categoryInvalid })
      .int(catalogueMessages.categoryInvalid)
      .min(0, catalogueMessages.categoryInvalid)
      .max(ID_MAX, catalogueMessages.categoryInvalid),
  ),
  language: courseLanguage.optional(),
});
export type CourseFilterBody = z.input<typeof courseFilterBody>;

/** GET /ads: the banner; url is null when no ad is running. */
export const adData = z.object({ url: z.string().nullable() });
export type AdData = z.infer<typeof adData>;

/** A chapter as a course page shows it before purchase: what it is, never where its file is. */
export const curriculumChapter = z.object({
  id: z.number(),
  name: z.string(),
  // learning's FILE_TYPES, spelled out: learning/schemas.ts imports this file.
  file_type: z.enum(['pdf', 'youtube', 'video', 'link']),
  has_quiz: z.boolean(),
});
export type CurriculumChapter = z.infer<typeof curriculumChapter>;

/**
 * GET /course/{id}/curriculum: the course, its terms and chapters in order, the counts, and whether
 * it gives a certificate (every chapter quiz passed). `school`: a batch subject, which opens with its
 * batch and is never sold on its own.
 */
export const courseCurriculum = z.object({
  course: courseItem,
  language: courseLanguage,
  school: z.boolean(),
  terms: z.array(z.object({ id: z.number(), name: z.string(), chapters: z.array(curriculumChapter) })),
  counts: z.object({ terms: z.number(), chapters: z.number(), quizzes: z.number() }),
  certificate: z.boolean(),
  /** The percentage a quiz attempt needs to pass (an operator setting, 40 by default). */
  pass_mark_percent: z.number(),
});
export type CourseCurriculum = z.infer<typeof courseCurriculum>;
