import { eq } from 'drizzle-orm';
import { subjects } from '@app/db';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertSafeKey, contentTypeOf, openStoredFile, type StoredFileSlice } from '../../lib/storage.ts';

/** Chapter files are stored under this prefix and are never public. */
export const PRIVATE_PREFIX = 'private/';

/**
 * GET /media/<key>: a public file (course photo, demo video, ad, profile photo). Only images and
 * videos; never a key under `private/` nor any chapter file, which go through signed links. With S3
 * storage, a redirect to a short-lived signed URL of the bucket (or the CDN in front of it).
 */
export async function openMediaFile(
  ctx: AppContext,
  options: { key: string; range: string | undefined },
): Promise<{ file: StoredFileSlice; key: string }> {
  let key: string;
  try {
    key = assertSafeKey(options.key);
  } catch {
    throw AppError.notFound();
  }
  const contentType = contentTypeOf(key);
  if (!contentType || !/^(image|video)\//.test(contentType) || key.startsWith(PRIVATE_PREFIX))
    throw AppError.notFound();
  const [chapter] = await ctx.db.select({ id: subjects.id }).from(subjects).where(eq(subjects.fileRef, key)).limit(1);
  if (chapter) throw AppError.notFound();
  const file = await openStoredFile(ctx.storage, { key, range: options.range, contentType });
  if (!file) throw AppError.notFound();
  return { file, key };
}
