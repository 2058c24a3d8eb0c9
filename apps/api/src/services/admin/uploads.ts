import { adminMessages } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/crypto.ts';
import { cleanPhoto } from '../profile/index.ts';

/** Upload limits of the console: images as profile photos (2 MB, re-encoded), PDFs and videos larger. */
export const PDF_MAX_BYTES = 50 * 1024 * 1024;
/** Videos stream to storage (never held in memory), so the limit is about storage, not the API's RAM. */
export const VIDEO_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** What a multipart request may carry at most; each kind is checked against its own limit as it streams. */
export const UPLOAD_MAX_BYTES = VIDEO_MAX_BYTES;

/** Folders the console writes to; only files under these are ever deleted by it (never seeded ones). */
const OWN_PREFIXES = ['courses/', 'terms/', 'ads/', 'private/subjects/'] as const;
export type UploadFolder = (typeof OWN_PREFIXES)[number];

export interface CleanFile {
  body: Buffer;
  ext: string;
  contentType: string;
}

/** The kinds of file stored as they are (images are re-encoded from a small buffer instead). */
export type StoredKind = 'pdf' | 'video';

/** A file streamed (or uploaded straight) to storage and checked; nothing points at its key yet. */
export interface StoredUpload {
  key: string;
  kind: StoredKind;
  size: number;
}

const invalid = (message: string) => AppError.field('file', message);

/** How many first bytes the content checks read. */
export const HEAD_BYTES = 64;

/** Major brands of MP4 video; other ISO-BMFF files (HEIC, AVIF images, QuickTime) are refused. */
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VP',
  'dash',
  'mmp4',
  'MSNV',
  'f4v ',
]);

/** Each stored kind: its limit, how it is named and served, and its content rule on the first bytes and the size. */
export const STORED_KINDS: Record<
  StoredKind,
  {
    maxBytes: number;
    ext: string;
    contentType: string;
    typeMessage: string;
    matches: (head: Buffer, size: number) => boolean;
  }
> = {
  // A PDF by its magic number.
  pdf: {
    maxBytes: PDF_MAX_BYTES,
    ext: 'pdf',
    contentType: 'application/pdf',
    typeMessage: adminMessages.pdfType,
    matches: (head) => head.subarray(0, 5).toString('latin1') === '%PDF-',
  },
  // An MP4 by its first box: `ftyp` with a video major brand, no longer than the file.
  video: {
    maxBytes: VIDEO_MAX_BYTES,
    ext: 'mp4',
    contentType: 'video/mp4',
    typeMessage: adminMessages.videoType,
    matches: (head, size) => {
      const boxSize = head.length >= 8 ? head.readUInt32BE(0) : 0;
      const isFtyp = head.subarray(4, 8).toString('latin1') === 'ftyp';
      const brand = head.subarray(8, 12).toString('latin1');
      return isFtyp && boxSize >= 16 && boxSize <= size && MP4_BRANDS.has(brand);
    },
  },
};

/** The message for content that is none of `kinds`. */
export const typeMessageOf = (kinds: readonly StoredKind[]) =>
  kinds.length === 1 ? STORED_KINDS[kinds[0]!].typeMessage : adminMessages.chapterFileType;

/**
 * Course pictures and banners are shown at most the width of a phone's screen (360–412 CSS pixels at up to
 * 3 device pixels each) or of the desktop course page's column: 1080 pixels is enough for both.
 */
const IMAGE_WIDTH = 1080;

/** PNG, GIF or JPEG by content, at most 2 MB, re-encoded by sharp without metadata (the profile photo rule). */
export async function cleanImage(upload: Buffer): Promise<CleanFile> {
  const photo = await cleanPhoto(upload, { maxWidth: IMAGE_WIDTH });
  const ext = photo.format === 'jpeg' ? 'jpg' : photo.format;
  return { body: photo.body, ext, contentType: `image/${photo.format}` };
}

/** Checks a whole file in memory against one kind (small files: tests, CSV-sized uploads). */
function checkWhole(upload: Buffer, kind: StoredKind): CleanFile {
  const rule = STORED_KINDS[kind];
  if (upload.length === 0) throw invalid(adminMessages.fileRequired);
  if (upload.length > rule.maxBytes) throw invalid(adminMessages.fileTooLarge);
  if (!rule.matches(upload.subarray(0, HEAD_BYTES), upload.length)) throw invalid(rule.typeMessage);
  return { body: upload, ext: rule.ext, contentType: rule.contentType };
}

/** A PDF by its magic number. */
export const checkPdf = (upload: Buffer): CleanFile => checkWhole(upload, 'pdf');

/** An MP4 by its first box: `ftyp` with a video major brand. */
export const checkMp4 = (upload: Buffer): CleanFile => checkWhole(upload, 'video');

/** The storage key of a new file: under `folder`, with an unguessable name. */
export const newUploadKey = (folder: UploadFolder, name: string, ext: string) =>
  `${folder}${name}-${randomToken().slice(0, 16)}.${ext}`;

/**
 * Streams an upload to storage without holding it: the first bytes decide its kind (one of
 * `kinds`, else 422), every byte is counted against that kind's limit (422 and nothing stored on
 * a breach), and the MP4 rule's box size is checked against the final size. Returns the new key,
 * which nothing points at yet: the caller attaches it or deletes it.
 */
export async function streamUpload(
  ctx: AppContext,
  options: { folder: UploadFolder; name: string; source: AsyncIterable<Uint8Array>; kinds: readonly StoredKind[] },
): Promise<StoredUpload> {
  const chunks = options.source[Symbol.asyncIterator]();
  let isConsumed = false;
  try {
    return await storeStream(ctx, options, chunks, () => {
      isConsumed = true;
    });
  } finally {
    // Refused before the end: let go of the source, so its owner can drain the rest of the request.
    if (!isConsumed) await chunks.return?.();
  }
}

async function storeStream(
  ctx: AppContext,
  options: { folder: UploadFolder; name: string; kinds: readonly StoredKind[] },
  chunks: AsyncIterator<Uint8Array>,
  onConsumed: () => void,
): Promise<StoredUpload> {
  const headChunks: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < HEAD_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      onConsumed();
      break;
    }
    const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
    headChunks.push(chunk);
    headBytes += chunk.length;
  }
  if (headBytes === 0) throw invalid(adminMessages.fileRequired);
  const head = Buffer.concat(headChunks).subarray(0, HEAD_BYTES);
  // Size is not known yet: the box-size rule is checked again once it is.
  const kind = options.kinds.find((k) => STORED_KINDS[k].matches(head, Number.MAX_SAFE_INTEGER));
  if (!kind) throw invalid(typeMessageOf(options.kinds));
  const rule = STORED_KINDS[kind];
  async function* counted(): AsyncGenerator<Buffer> {
    let total = 0;
    const admit = (chunk: Buffer) => {
      total += chunk.length;
      if (total > rule.maxBytes) throw invalid(adminMessages.fileTooLarge);
      return chunk;
    };
    for (const chunk of headChunks) yield admit(chunk);
    if (ended) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      yield admit(Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength));
    }
    onConsumed();
  }
  const key = newUploadKey(options.folder, options.name, rule.ext);
  const { size } = await ctx.storage.putStream(key, counted(), rule.contentType);
  if (!rule.matches(head, size)) {
    await deleteOwnFile(ctx, key);
    throw invalid(rule.typeMessage);
  }
  return { key, kind, size };
}

/**
 * Checks a file that reached storage without passing through the API (a browser-direct upload):
 * its size against the kind's limit and its first bytes by a ranged read. A file that fails is
 * deleted and the answer is 422.
 */
export async function checkStoredUpload(
  ctx: AppContext,
  options: { key: string; kinds: readonly StoredKind[] },
): Promise<StoredUpload> {
  const { key } = options;
  const fail = async (message: string): Promise<never> => {
    await ctx.storage.delete(key).catch(() => undefined);
    throw invalid(message);
  };
  const size = await ctx.storage.size(key);
  if (size === null || size === 0) return fail(adminMessages.fileRequired);
  const file = await ctx.storage.get(key, { start: 0, end: Math.min(size, HEAD_BYTES) - 1 });
  if (!file) return fail(adminMessages.fileRequired);
  const parts: Buffer[] = [];
  for await (const chunk of file.stream) parts.push(Buffer.from(chunk as Uint8Array));
  const head = Buffer.concat(parts).subarray(0, HEAD_BYTES);
  const kind = options.kinds.find((k) => STORED_KINDS[k].matches(head, size));
  if (!kind) return fail(typeMessageOf(options.kinds));
  if (size > STORED_KINDS[kind].maxBytes) return fail(adminMessages.fileTooLarge);
  return { key, kind, size };
}

/**
 * Reads a small upload into memory (images to re-encode, CSV to parse), refusing it with
 * `tooLarge` as soon as it passes `maxBytes` rather than after.
 */
export async function readSmallUpload(
  source: AsyncIterable<Uint8Array>,
  maxBytes: number,
  tooLarge: string = adminMessages.fileTooLarge,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of source) {
    total += chunk.byteLength;
    if (total > maxBytes) throw invalid(tooLarge);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks, total);
}

/** Stores a checked file under `folder` with an unguessable name; returns its storage key. */
export async function storeUpload(
  ctx: AppContext,
  folder: UploadFolder,
  name: string,
  file: CleanFile,
): Promise<string> {
  const key = newUploadKey(folder, name, file.ext);
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
