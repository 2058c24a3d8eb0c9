import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** Files shipped with the seed (made once by scripts/make-seed-assets.ts and committed). */
const assetsDir = new URL('./assets/', import.meta.url);

export function readSeedAsset(name: string): Promise<Buffer> {
  return readFile(fileURLToPath(new URL(name, assetsDir)));
}

export const contentTypeOf = (name: string): string => {
  if (name.endsWith('.webp')) return 'image/webp';
  if (name.endsWith('.pdf')) return 'application/pdf';
  if (name.endsWith('.mp4')) return 'video/mp4';
  throw new Error(`unknown seed asset type: ${name}`);
};

/** Where each seeded file is stored; photo_path, video_path and file_ref columns hold these keys. */
export const seedKeys = {
  courseImage: (slug: string) => `seed/courses/${slug}.webp`,
  /** Chapter files are for buyers only: under `private/`, which GET /media never serves. */
  chapterFile: (asset: string) => `private/seed/subjects/${asset}`,
  demoVideo: (asset: string) => `seed/videos/${asset}`,
  adBanner: 'seed/ads/banner.webp',
};

export const AD_BANNER_ASSET = 'ad-banner.webp';
export const courseImageAsset = (slug: string) => `course-${slug}.webp`;
