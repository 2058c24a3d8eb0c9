import { z } from 'zod';
import { subjectFields } from './catalogue.ts';
import { idField } from './common.ts';

/**
 * Browser-direct chapter uploads (issue 14): with S3 storage the browser PUTs the file to the
 * bucket in parts through presigned URLs; the API only starts, signs, checks and attaches. With
 * file storage `start` answers `{ direct: false }` and the console sends the multipart form instead.
 */
export const DIRECT_UPLOAD_KINDS = ['pdf', 'video'] as const;
/** Part URLs signed per request, at most. */
export const UPLOAD_SIGN_BATCH = 100;
/** S3 limits: parts are numbered 1 to 10,000. */
export const UPLOAD_MAX_PARTS = 10_000;

/** The key the API handed out for a chapter file: only these may be signed, completed or aborted. */
export const CHAPTER_UPLOAD_KEY = /^private\/subjects\/term-(\d+)\/chapter-[A-Za-z0-9_-]{16}\.(pdf|mp4)$/;

const uploadKey = z.string().regex(CHAPTER_UPLOAD_KEY, 'Unknown upload.');
const uploadId = z.string().min(1).max(1024);
const partNumber = z.number().int().min(1).max(UPLOAD_MAX_PARTS);

export const uploadStartBody = z.object({
  term_id: idField,
  kind: z.enum(DIRECT_UPLOAD_KINDS),
  file_name: z.string().trim().min(1).max(255),
  size: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  content_type: z.string().max(255).optional(),
});
export type UploadStartBody = z.infer<typeof uploadStartBody>;

export const uploadStart = z.discriminatedUnion('direct', [
  z.object({ direct: z.literal(false) }),
  z.object({
    direct: z.literal(true),
    key: z.string(),
    upload_id: z.string(),
    /** Every part but the last has exactly this many bytes. */
    part_size: z.number(),
    part_count: z.number(),
  }),
]);
export type UploadStart = z.infer<typeof uploadStart>;

export const uploadSignBody = z.object({
  key: uploadKey,
  upload_id: uploadId,
  part_numbers: z.array(partNumber).min(1).max(UPLOAD_SIGN_BATCH),
});
export type UploadSignBody = z.input<typeof uploadSignBody>;

export const uploadSigned = z.object({ urls: z.array(z.object({ part_number: z.number(), url: z.string() })) });
export type UploadSigned = z.infer<typeof uploadSigned>;

/**
 * Joins the parts, checks the file (first bytes, size) and attaches it: to chapter `subject_id`,
 * or to a new chapter named `name` in the key's term.
 */
export const uploadCompleteBody = z.object({
  key: uploadKey,
  upload_id: uploadId,
  parts: z
    .array(z.object({ part_number: partNumber, etag: z.string().min(1).max(200) }))
    .min(1)
    .max(UPLOAD_MAX_PARTS),
  subject_id: idField.optional(),
  name: subjectFields.shape.name.optional(),
  about: subjectFields.shape.about.optional(),
  position: z.number().int().min(0).max(100_000).optional(),
});
export type UploadCompleteBody = z.infer<typeof uploadCompleteBody>;

export const uploadAbortBody = z.object({ key: uploadKey, upload_id: uploadId });
export type UploadAbortBody = z.input<typeof uploadAbortBody>;
