import type { Storage } from './types.ts';

export interface CopiedStorage {
  copied: number;
  /** Already in the target with the same size: a copy cut short can be run again. */
  skipped: number;
  bytes: number;
}

/**
 * Copies every file of one store into another under the same key, one stream at a time (a video is never held in
 * memory): a backup of a bucket to a folder, a folder moved into a bucket, one bucket into another. A file the target
 * already holds with the same size is left alone, so a copy cut short is finished by running it again. Files are
 * written once under new keys (uploads never overwrite), so the size is enough to know a file is there.
 */
export async function copyStorage(
  from: Storage,
  to: Storage,
  options: { contentTypeOf: (key: string) => string; onFile?: (key: string, copied: boolean) => void },
): Promise<CopiedStorage> {
  const result: CopiedStorage = { copied: 0, skipped: 0, bytes: 0 };
  for (const key of (await from.list('')).sort()) {
    const file = await from.get(key);
    // Deleted since the listing: nothing to copy.
    if (!file) continue;
    if ((await to.size(key)) === file.size) {
      file.stream.destroy();
      result.skipped++;
      options.onFile?.(key, false);
      continue;
    }
    const { size } = await to.putStream(key, file.stream, options.contentTypeOf(key));
    result.copied++;
    result.bytes += size;
    options.onFile?.(key, true);
  }
  return result;
}
