import { adminMessages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/crypto.ts';
import { cleanPhoto } from '../profile/profile-photo.ts';

/** Upload limits of the console: images as profile photos (2 MB, re-encoded), PDFs and videos larger. */
export const PDF_MAX_BYTES = 50 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;
/** What a multipart request may carry at most; each kind is checked against its own limit after. */
export const UPLOAD_MAX_BYTES = VIDEO_MAX_BYTES;

/** Folders the console writes to; only files under these are ever deleted by it (never seeded ones). */
const OWN_PREFIXES = ['courses/', 'terms/', 'ads/', 'private/subjects/'] as const;
export type UploadFolder = (typeof OWN_PREFIXES)[number];

export interface CleanFile {
  body: Buffer;
  ext: string;
  contentType: string;
}

const invalid = (message: string) => AppError.field('file', message);

/** PNG, GIF or JPEG by content, at most 2 MB, re-encoded by sharp without metadata (the profile photo rule). */
export async function cleanImage(upload: Buffer): Promise<CleanFile> {
  const photo = await cleanPhoto(upload);
  const ext = photo.format === 'jpeg' ? 'jpg' : photo.format;
  return { body: photo.body, ext, contentType: `image/${photo.format}` };
}

/** A PDF by its magic number. */
export function checkPdf(upload: Buffer): CleanFile {
  if (upload.length === 0) throw invalid(adminMessages.fileRequired);
  if (upload.length > PDF_MAX_BYTES) throw invalid(adminMessages.fileTooLarge);
  if (upload.subarray(0, 5).toString('latin1') !== '%PDF-') throw invalid(adminMessages.pdfType);
  return { body: upload, ext: 'pdf', contentType: 'application/pdf' };
}

/** Major brands of MP4 video; other ISO-BMFF files (HEIC, AVIF images, QuickTime) are refused. */
const MP4_BRANDS = new Set([
  'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'M4VP', 'dash', 'mmp4', 'MSNV', 'f4v ',
]);

/** An MP4 by its first box: `ftyp` with a video major brand. */
export function checkMp4(upload: Buffer): CleanFile {
  if (upload.length === 0) throw invalid(adminMessages.fileRequired);
  if (upload.length > VIDEO_MAX_BYTES) throw invalid(adminMessages.fileTooLarge);
  const boxSize = upload.length >= 8 ? upload.readUInt32BE(0) : 0;
  const isFtyp = upload.subarray(4, 8).toString('latin1') === 'ftyp';
  const brand = upload.subarray(8, 12).toString('latin1');
  if (!isFtyp || boxSize < 16 || boxSize > upload.length || !MP4_BRANDS.has(brand)) throw invalid(adminMessages.videoType);
  return { body: upload, ext: 'mp4', contentType: 'video/mp4' };
}

/** Stores a checked file under `folder` with an unguessable name; returns its storage key. */
export async function storeUpload(ctx: AppContext, folder: UploadFolder, name: string, file: CleanFile): Promise<string> {
  const key = `${folder}${name}-${randomToken().slice(0, 16)}.${file.ext}`;
  await ctx.storage.put(key, file.body, file.contentType);
  return key;
}

/** Deletes a file the console stored; leaves seeded files and external URLs alone. */
export async function deleteOwnFile(ctx: AppContext, key: string | null | undefined): Promise<void> {
  if (!key || !OWN_PREFIXES.some((prefix) => key.startsWith(prefix))) return;
  // The database no longer points at it; a file left behind would only waste space.
  await ctx.storage.delete(key).catch(() => undefined);
}

/**
 * Runs a database change that points at a newly stored file: if the change fails the new file is
 * deleted; once it commits the file it replaced is.
 */
export async function swapStoredFile<T>(
  ctx: AppContext,
  newKey: string,
  change: () => Promise<{ result: T; previousKey: string | null }>,
): Promise<T> {
  let outcome: { result: T; previousKey: string | null };
  try {
    outcome = await change();
  } catch (error) {
    await deleteOwnFile(ctx, newKey);
    throw error;
  }
  if (outcome.previousKey !== newKey) await deleteOwnFile(ctx, outcome.previousKey);
  return outcome.result;
}
