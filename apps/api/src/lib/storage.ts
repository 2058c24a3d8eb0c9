import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, resolve } from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded and seeded files live. Keys are relative paths like `courses/3/photo.png`. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** A stream and its size, or null when there is no such file. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
}

/** Keys never escape the storage root. */
export function assertSafeKey(key: string): string {
  const clean = normalize(key).replace(/^\/+/, '');
  if (!clean || clean.startsWith('..') || clean.includes('\0')) throw new Error(`unsafe storage key: ${key}`);
  return clean;
}

export function createFileStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => join(base, assertSafeKey(key));
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, body);
    },
    async get(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        return { stream: createReadStream(path), size: info.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** STORAGE_URL `file:///path`, or by default DATA_DIR/uploads. */
export function createStorage(options: { storageUrl?: string | undefined; dataDir: string }): Storage {
  const url = options.storageUrl;
  if (!url) return createFileStorage(join(options.dataDir, 'uploads'));
  if (url.startsWith('file://')) return createFileStorage(new URL(url).pathname);
  throw new Error(`STORAGE_URL scheme not supported yet: ${url}`);
}
