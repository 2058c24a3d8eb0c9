import { z } from 'zod';
import {
  adminMessages,
  booleanField,
  httpsUrlField,
  idField,
  intField,
  namedText,
  optionalIdField,
  pageQuery,
  plainText,
  rupeesField,
} from './common.ts';
import { videoState } from '../video/schemas.ts';
import { courseLanguage } from '../catalogue/schemas.ts';

// Categories ------------------------------------------------------------------------------------

export const categoryBody = z.object({ name: namedText(adminMessages.nameRequired, 100) });
export type CategoryBody = z.input<typeof categoryBody>;

export const adminCategory = z.object({ id: z.number(), name: z.string(), courses_count: z.number() });
export type AdminCategory = z.infer<typeof adminCategory>;

// Courses ---------------------------------------------------------------------------------------

/**
 * A course's editable fields. Prices are rupees; offer_price <= price. video_url sets the demo
 * video to an external https URL (an upload replaces it); null removes it.
 */
export const courseFields = z.object({
  name: namedText(adminMessages.nameRequired, 191),
  about: plainText(10_000),
  category_id: optionalIdField,
  batch_id: optionalIdField,
  price: rupeesField(),
  offer_price: rupeesField('Offer price is required.'),
  is_published: booleanField('is_published'),
  video_url: httpsUrlField.nullable(),
  language: courseLanguage,
});

/** POST /admin/courses: name, price and offer_price required; about '', no category or batch, English, unpublished by default. */
export const courseCreateBody = courseFields
  .partial()
  .required({ name: true, price: true, offer_price: true })
  .refine((v) => v.offer_price <= v.price, { path: ['offer_price'], message: adminMessages.offerAbovePrice });
export type CourseCreateBody = z.input<typeof courseCreateBody>;

/** PUT /admin/courses/{id}: any of the fields; the rest stay as they are. */
export const courseUpdateBody = courseFields.partial();
export type CourseUpdateBody = z.input<typeof courseUpdateBody>;

export const coursesQuery = pageQuery.extend({
  q: z.string().trim().max(100).optional(),
  category_id: idField.optional(),
  is_published: booleanField('is_published').optional(),
});

export const adminCourse = z.object({
  id: z.number(),
  name: z.string(),
  about: z.string(),
  category_id: z.number().nullable(),
  batch_id: z.number().nullable(),
  price: z.number(),
  offer_price: z.number(),
  is_published: z.boolean(),
  /** `/media/…`, an https URL, or null. */
  photo_path: z.string().nullable(),
  video_path: z.string().nullable(),
  language: courseLanguage,
  terms_count: z.number(),
  paid_purchases: z.number(),
  created_at: z.string(),
});
export type AdminCourse = z.infer<typeof adminCourse>;

// Terms -----------------------------------------------------------------------------------------

export const termFields = z.object({
  name: namedText(adminMessages.nameRequired, 191),
  about: plainText(10_000),
  position: intField('position', 0, 100_000),
});
export const termCreateBody = termFields.partial().required({ name: true });
export const termUpdateBody = termFields.partial();
export type TermCreateBody = z.input<typeof termCreateBody>;

export const adminTerm = z.object({
  id: z.number(),
  course_id: z.number(),
  name: z.string(),
  about: z.string(),
  photo_path: z.string().nullable(),
  position: z.number(),
  subjects_count: z.number(),
});
export type AdminTerm = z.infer<typeof adminTerm>;

// Subjects (chapters) ---------------------------------------------------------------------------

export const SUBJECT_FILE_TYPES = ['pdf', 'video', 'youtube', 'link'] as const;
export type SubjectFileType = (typeof SUBJECT_FILE_TYPES)[number];

/**
 * A chapter's fields. pdf and video need a multipart upload (field `file`) on create; youtube
 * needs a youtube.com / youtu.be `url` (stored as its embed URL); link needs an https `url`.
 */
export const subjectFields = z.object({
  name: namedText(adminMessages.nameRequired, 191),
  about: plainText(10_000),
  position: intField('position', 0, 100_000),
  file_type: z.enum(SUBJECT_FILE_TYPES, { error: "file_type must be 'pdf', 'video', 'youtube' or 'link'." }),
  url: httpsUrlField,
});
export const subjectCreateBody = subjectFields.partial().required({ name: true, file_type: true });
export const subjectUpdateBody = subjectFields.partial();
export type SubjectCreateBody = z.input<typeof subjectCreateBody>;

export const adminSubject = z.object({
  id: z.number(),
  term_id: z.number(),
  name: z.string(),
  about: z.string(),
  position: z.number(),
  file_type: z.enum(SUBJECT_FILE_TYPES),
  /** The URL of a youtube (embed URL) or link chapter; null for stored files. */
  url: z.string().nullable(),
  /** True when a pdf or video chapter has its file in storage. */
  has_file: z.boolean(),
  questions_count: z.number(),
  /** For a video chapter with its file: the transcoding state of its HLS renditions; null otherwise. */
  video: videoState.nullable(),
});
export type AdminSubject = z.infer<typeof adminSubject>;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/;

/**
 * The video id of a YouTube video URL (watch?v=, youtu.be/, /embed/, /shorts/, /live/, on youtube.com or
 * youtube-nocookie.com), or null when it is not one.
 */
export function youtubeVideoId(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  let id: string | null = null;
  if (host === 'youtu.be') {
    id = url.pathname.split('/')[1] ?? null;
  } else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const [, first, second] = url.pathname.split('/');
    if (first === 'watch') id = url.searchParams.get('v');
    else if (first === 'embed' || first === 'shorts' || first === 'live' || first === 'v') id = second ?? null;
  }
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/**
 * The embed URL a YouTube chapter is stored with (its canonical form), or null when the URL is not a YouTube video's.
 * The learner's app plays it from the privacy-enhanced host (youtube-chapter.tsx).
 */
export function youtubeEmbedUrl(value: string): string | null {
  const id = youtubeVideoId(value);
  return id ? `https://www.youtube.com/embed/${id}` : null;
}

// Questions -------------------------------------------------------------------------------------

const optionText = (n: number) =>
  plainText(1_000)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null))
    .describe(`option_${n}`);

/**
 * A quiz question: 2 to 5 options (option_1 and option_2 required), correct_option naming a
 * filled option, and an optional explanation shown with the learner's result. The same rules
 * check each CSV line of an import.
 */
export const questionBody = z
  .object({
    question: namedText('question is required', 2_000),
    option_1: namedText('option_1 is required', 1_000),
    option_2: namedText('option_2 is required', 1_000),
    option_3: optionText(3),
    option_4: optionText(4),
    option_5: optionText(5),
    correct_option: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v),
      z
        .number({ error: 'correct_option must be 1-5' })
        .int('correct_option must be 1-5')
        .min(1, 'correct_option must be 1-5')
        .max(5, 'correct_option must be 1-5'),
    ),
    /** Empty or left out: no explanation. */
    explanation: plainText(2_000)
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    const options = [v.option_1, v.option_2, v.option_3, v.option_4, v.option_5];
    if (
      Number.isInteger(v.correct_option) &&
      v.correct_option >= 1 &&
      v.correct_option <= 5 &&
      !options[v.correct_option - 1]
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['correct_option'],
        message: `correct_option ${v.correct_option} names an empty option`,
      });
    }
  });
export type QuestionBody = z.input<typeof questionBody>;
export type QuestionInput = z.output<typeof questionBody>;

export const adminQuestion = z.object({
  id: z.number(),
  subject_id: z.number(),
  question: z.string(),
  option_1: z.string(),
  option_2: z.string(),
  option_3: z.string().nullable(),
  option_4: z.string().nullable(),
  option_5: z.string().nullable(),
  correct_option: z.number(),
  explanation: z.string().nullable(),
});
export type AdminQuestion = z.infer<typeof adminQuestion>;

/** The import's columns; option_3 … option_5 and explanation may be left out (the header before explanations still works). */
export const QUESTION_CSV_COLUMNS = [
  'question',
  'option_1',
  'option_2',
  'option_3',
  'option_4',
  'option_5',
  'correct_option',
  'explanation',
] as const;

/** POST /admin/subjects/{id}/questions/import?dry_run=true */
export const importQuery = z.object({ dry_run: booleanField('dry_run').default(false) });
/** The JSON form of an import: the CSV text itself (or send multipart with the field `file`). */
export const importBody = z.object({
  csv: z
    .string({ error: adminMessages.csvRequired })
    .min(1, adminMessages.csvRequired)
    .max(5_000_000, adminMessages.fileTooLarge),
});

export const importedRow = z.object({
  /** The CSV line the row starts on (the header is line 1). */
  line: z.number(),
  question: z.string(),
  option_1: z.string(),
  option_2: z.string(),
  option_3: z.string().nullable(),
  option_4: z.string().nullable(),
  option_5: z.string().nullable(),
  correct_option: z.number(),
  explanation: z.string().nullable(),
});
export const importData = z.object({
  dry_run: z.boolean(),
  /** The rows that parsed cleanly. */
  rows: z.array(importedRow),
  /** 'line 4: correct_option must be 1-5', in line order. */
  errors: z.array(z.string()),
  /** Questions inserted: 0 on a dry run. */
  inserted: z.number(),
});
export type ImportData = z.infer<typeof importData>;

// School: syllabuses, standards, batches --------------------------------------------------------

export const syllabusBody = z.object({ name: namedText(adminMessages.nameRequired, 100) });
export const adminSyllabus = z.object({ id: z.number(), name: z.string(), standards_count: z.number() });
export type AdminSyllabus = z.infer<typeof adminSyllabus>;

export const standardFields = z.object({
  syllabus_id: idField,
  name: namedText(adminMessages.nameRequired, 100),
  position: intField('position', 0, 100_000),
});
export const standardCreateBody = standardFields.partial().required({ syllabus_id: true, name: true });
export const standardUpdateBody = standardFields.omit({ syllabus_id: true }).partial();
export const standardsQuery = z.object({ syllabus_id: idField.optional() });
export const adminStandard = z.object({
  id: z.number(),
  syllabus_id: z.number(),
  name: z.string(),
  position: z.number(),
});
export type AdminStandard = z.infer<typeof adminStandard>;

export const batchFields = z.object({
  syllabus_id: idField,
  standard_id: idField,
  name: namedText(adminMessages.nameRequired, 191),
  /** Rupees; 0 means no fee. */
  fee: rupeesField('Fee is required.'),
});
export const batchCreateBody = batchFields.partial().required({ syllabus_id: true, standard_id: true, name: true });
export const batchUpdateBody = batchFields.partial();
export const adminBatch = z.object({
  id: z.number(),
  syllabus_id: z.number(),
  syllabus_name: z.string(),
  standard_id: z.number(),
  standard_name: z.string(),
  name: z.string(),
  fee: z.number(),
  courses_count: z.number(),
});
export type AdminBatch = z.infer<typeof adminBatch>;

// Ads -------------------------------------------------------------------------------------------

/** An ad: an uploaded image (multipart `file`) or an image `url`; is_active says whether it runs. */
export const adFields = z.object({
  url: httpsUrlField,
  is_active: booleanField('is_active'),
});
export const adCreateBody = adFields.partial();
export const adUpdateBody = adFields.partial();
export const adminAd = z.object({
  id: z.number(),
  url: z.string().nullable(),
  is_active: z.boolean(),
  created_at: z.string(),
});
export type AdminAd = z.infer<typeof adminAd>;
