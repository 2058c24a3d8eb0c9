import { eq } from 'drizzle-orm';
import type { Metadata } from 'sharp';
import { users } from '@app/db';
import { PHOTO_FORMATS, PHOTO_MAX_BYTES, PHOTO_MAX_PIXELS, profileMessages, type PhotoFormat } from '@app/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { randomToken } from '../../lib/crypto.ts';

const MEDIA_PREFIX = '/media/';
/** A profile photo is shown at most a few hundred pixels wide, on screens of up to 3 device pixels per CSS pixel. */
const PROFILE_PHOTO_WIDTH = 512;
export const PHOTO_FOLDER = 'profile-photos/';
/**
 * An animated GIF decodes every frame: its frames together may hold as many pixels as the largest still photo, so no
 * upload costs more than one (a 4096 × 4096 × 4 animation took 0.8 CPU-s and 100 MB; decision 064).
 */
const MAX_TOTAL_PIXELS = PHOTO_MAX_PIXELS * PHOTO_MAX_PIXELS;

const formats: Record<PhotoFormat, { ext: string; contentType: string }> = {
  png: { ext: 'png', contentType: 'image/png' },
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  gif: { ext: 'gif', contentType: 'image/gif' },
};

const invalid = (message: string) => AppError.field('file', message);

export interface CleanPhoto {
  body: Buffer;
  format: PhotoFormat;
}

/**
 * Checks an upload by its content, not its name: PNG, GIF or JPEG (sharp's reading of the bytes),
 * at most 2 MB and 4096 × 4096 pixels; then re-encodes it in the same format, turned upright, at most
 * `maxWidth` pixels wide and without metadata (EXIF, GPS, comments), so nothing but pixels is ever stored.
 */
export async function cleanPhoto(
  upload: Buffer,
  options: { maxWidth: number } = { maxWidth: PROFILE_PHOTO_WIDTH },
): Promise<CleanPhoto> {
  if (upload.length === 0) throw invalid(profileMessages.photoRequired);
  if (upload.length > PHOTO_MAX_BYTES) throw invalid(profileMessages.photoTooLarge);
  // sharp (libvips) is loaded with the first photo, not when the server starts: 0.1 s of a start's 2 CPU-s.
  const { default: sharp } = await import('sharp');
  let meta: Metadata;
  try {
    meta = await sharp(upload, { animated: true }).metadata();
  } catch {
    throw invalid(profileMessages.photoType);
  }
  const format = PHOTO_FORMATS.find((f) => f === meta.format);
  if (!format) throw invalid(profileMessages.photoType);
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  const pages = meta.pages ?? 1;
  if (width < 1 || height < 1) throw invalid(profileMessages.photoType);
  if (width > PHOTO_MAX_PIXELS || height > PHOTO_MAX_PIXELS || width * height * pages > MAX_TOTAL_PIXELS) {
    throw invalid(profileMessages.photoTooWide);
  }
  // Phones are sent no more pixels than they can show (a wider picture is scaled down, never up).
  const fit = { width: options.maxWidth, withoutEnlargement: true } as const;
  try {
    const body =
      format === 'gif'
        ? await sharp(upload, { animated: true }).resize(fit).gif().toBuffer()
        : format === 'png'
          ? await sharp(upload).rotate().resize(fit).png().toBuffer()
          : await sharp(upload).rotate().resize(fit).jpeg({ quality: 85 }).toBuffer();
    return { body, format };
  } catch {
    // Headers read fine but the pixels do not decode (truncated or corrupt file).
    throw invalid(profileMessages.photoType);
  }
}

/** The storage key behind a profile photo path we wrote, or null for anything else. */
export function ownPhotoKey(path: string | null): string | null {
  if (!path?.startsWith(`${MEDIA_PREFIX}${PHOTO_FOLDER}`)) return null;
  return path.slice(MEDIA_PREFIX.length);
}

/** Points the user at `path` and returns the path it replaced. */
async function swapPhotoPath(ctx: AppContext, userId: number, path: string | null): Promise<string | null> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ path: users.profilePhotoPath })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    await tx.update(users).set({ profilePhotoPath: path, updatedAt: ctx.now() }).where(eq(users.id, userId));
    return current?.path ?? null;
  });
}

async function deleteQuietly(ctx: AppContext, key: string | null) {
  // The database no longer points at it; a file left behind is only wasted space.
  if (key) await ctx.storage.delete(key).catch(() => undefined);
}

/** POST /profile/photo: stores the cleaned photo, points the profile at it, deletes the old one. Returns `/media/<key>`. */
export async function uploadProfilePhoto(
  ctx: AppContext,
  options: { userId: number; upload: Buffer },
): Promise<string> {
  const { userId } = options;
  await ctx.limits.consume('profilePhotosPerUser', String(userId));
  const photo = await cleanPhoto(options.upload);
  const { ext, contentType } = formats[photo.format];
  const key = `${PHOTO_FOLDER}${userId}-${randomToken().slice(0, 16)}.${ext}`;
  await ctx.storage.put(key, photo.body, contentType);
  let previous: string | null;
  try {
    previous = await swapPhotoPath(ctx, userId, `${MEDIA_PREFIX}${key}`);
  } catch (error) {
    await deleteQuietly(ctx, key);
    throw error;
  }
  await deleteQuietly(ctx, ownPhotoKey(previous));
  return `${MEDIA_PREFIX}${key}`;
}

/** DELETE /profile/photo */
export async function removeProfilePhoto(ctx: AppContext, options: { userId: number }): Promise<void> {
  const previous = await swapPhotoPath(ctx, options.userId, null);
  await deleteQuietly(ctx, ownPhotoKey(previous));
}
